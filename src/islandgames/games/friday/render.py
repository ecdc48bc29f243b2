"""A readable text form of a Friday view, for ``islandgames play`` and ``replay``.

Indices shown in brackets are the ones actions use (``choose_hazard(index=...)``,
``use_ability(card=...)``, ...).

>>> from islandgames.games.friday import GAME
>>> print(render_view(GAME.view(GAME.new(1), 0)).splitlines()[0])
Step green | life 20/22 | score 10 | stack 18 | hazards left 28 | aging cards left 10
"""

from __future__ import annotations

from .data import CARDS
from .state import FridayState
from .view import HIDDEN, FridayView

__all__ = ["card_text", "render_svg", "render_view"]

_STEPS = ("green", "yellow", "red", "pirates")


def card_text(card: int) -> str:
    """A card's fighting side: name, value and ability (``?`` when face down)."""
    if card == HIDDEN:
        return "?"
    c = CARDS[card]
    ability = f" [{c.ability}]" if c.ability else ""
    return f"{c.name} {c.value:+d}{ability}"


def _hazard_text(card: int, step: int) -> str:
    c = CARDS[card]
    if c.kind == "pirate":
        free = "*" if c.free is None else str(c.free)
        value = "*" if c.pirate_value is None else str(c.pirate_value)
        rule = f" ({c.pirate_rule})" if c.pirate_rule else ""
        return f"pirate {free}/{value}{rule}"
    values = "/".join(str(v) for v in c.hazard_values)
    need = c.hazard_values[min(step, 2)]
    return f"{c.hazard}: {c.free} free, needs {need} (g/y/r {values}); wins {card_text(card)}"


def _pile(cards: tuple[int, ...]) -> str:
    return ", ".join(card_text(c) for c in cards) if cards else "-"


def render_view(view: FridayView) -> str:
    """Several lines of text describing the table as ``view`` shows it."""
    lines = [
        f"Step {_STEPS[view.step]} | life {view.life}/{view.max_life} | score {view.score} | "
        f"stack {view.stack_size} | hazards left {view.hazard_stack_size} | "
        f"aging cards left {view.aging_stack_size}"
    ]
    pirates = ", ".join(
        _hazard_text(p, 3) + (" (beaten)" if beaten else "")
        for p, beaten in zip(view.pirates, view.pirates_defeated, strict=True)
    )
    lines.append(f"Pirates: {pirates}")
    if view.offer:
        lines.append("Hazards offered:")
        lines += [f"  [{i}] {_hazard_text(h, view.step)}" for i, h in enumerate(view.offer)]
    if view.stack_top:
        lines.append(f"Known top of the stack: {_pile(view.stack_top)}")
    if view.stack_bottom:
        lines.append(f"Known bottom of the stack: {_pile(view.stack_bottom)}")
    lines.append(f"Discard pile: {_pile(view.discard)}")
    if view.fight is not None:
        f = view.fight
        fight = f.fight
        lines.append(
            f"Fight against {_hazard_text(fight.enemy, view.step)}: total {f.total} vs "
            f"{f.hazard_value}; free draws left {f.free_left}"
            f"{' (stopped)' if f.stopped else ''}; extra card costs {f.paid_cost} life"
        )
        for i, fc in enumerate(fight.cards):
            marks = [
                "extra" if fc.paid else "free",
                *(["doubled"] if fc.doubled else []),
                *([f"used {fc.uses}x"] if fc.uses else []),
            ]
            lines.append(f"  [{i}] {card_text(fc.card)} ({', '.join(marks)})")
        if fight.pending is not None:
            lines.append(f"  waiting on: {type(fight.pending).__name__} {fight.pending}")
    if view.result is not None:
        lines.append(f"Result: {view.result} - {view.reason}")
    return "\n".join(lines)


def render_svg(subject: FridayState | FridayView | None = None, seat: int | None = None) -> str:
    """The SVG picture of the table as ``seat`` sees it (0: Robinson; None: a spectator),
    the hook ``islandgames render`` draws with; see :func:`islandgames.render.friday.render_svg`."""
    from ...render.friday import render_svg as draw  # late: it imports this package

    return draw(subject, seat)
