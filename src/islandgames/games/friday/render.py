"""Friday's text view and picture, both drawn from a view (Robinson's or a spectator's).

:func:`render_text` is the table as text within a width (``islandgames play`` and
``replay`` show it); indices shown in brackets are the ones actions use
(``choose_hazard(index=...)``, ``use_ability(card=...)``, ...). :func:`render_svg` is
its SVG picture: life and the step at the top, then the piles (fighting stack,
discard, hazards, aging, destroyed), the hazards on offer, the fight (the hazard or
pirate, the value to reach, the free and the paid side with each card's value and
ability), and the two pirates. A card the view hides (the face-down aging card of
level 2+, rule F14) is drawn face down: the picture holds nothing the view does not.

>>> from islandgames.games.friday import GAME
>>> view = GAME.view(GAME.new(1), 0)
>>> print(render_text(view).splitlines()[0])
Step green | life 20/22 | score 10 | stack 18 | hazards left 28
>>> print(render_view(view).splitlines()[0])  # the text of earlier releases, unwrapped
Step green | life 20/22 | score 10 | stack 18 | hazards left 28 | aging cards left 10
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(render_svg(view)).tag
'{http://www.w3.org/2000/svg}svg'

:func:`render_view` (the text unwrapped) and :func:`svg_of` (a state, a view or None,
as a seat sees it) are the hooks of earlier releases, kept under the package's old
names ``render_view`` and ``render_svg``.
"""

from __future__ import annotations

from ...render import Svg, fit, game_of, group, legend, rect, svg_document, text, wrap
from .data import CARDS
from .drawing import ABILITY_TEXT, PIRATE_RULE_TEXT
from .state import FridayState
from .view import HIDDEN, FridayView

__all__ = ["card_text", "render_svg", "render_text", "render_view", "svg_of"]

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


def _lines(view: FridayView) -> list[str]:
    """The text view's lines, each as long as it needs."""
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
    return lines


def render_text(view: FridayView, width: int = 80) -> str:
    """The table as ``view`` shows it (Robinson's or a spectator's), in lines of at
    most ``width`` columns (80 by default; at least 40): a line too long is wrapped,
    its continuation indented."""
    width = max(width, 40)
    out: list[str] = []
    for line_ in _lines(view):
        if len(line_) <= width:
            out.append(line_)
            continue
        lead = " " * (len(line_) - len(line_.lstrip()))
        if " | " in line_:  # the status line: cut between its fields
            row = ""
            for part in line_.split(" | "):
                if row and len(row) + 3 + len(part) > width:
                    out.append(row)
                    row = lead + "  " + part
                else:
                    row = f"{row} | {part}" if row else part
            line_ = row
            if len(line_) <= width:
                out.append(line_)
                continue
        out += wrap(line_.strip(), width, first=lead, indent=lead + "    ")
    return "\n".join(out)


def render_view(view: FridayView) -> str:
    """Several lines of text describing the table as ``view`` shows it, each as long as
    it needs (the text hook of earlier releases; :func:`render_text` keeps to a
    width)."""
    return "\n".join(_lines(view))


# --- SVG -------------------------------------------------------------------------------

_W = 960
_CARD_W, _CARD_H = 292, 84
_STEP_FILL = ("#43a047", "#fdd835", "#e53935", "#37474f")
#: card fills by kind (the fighting side)
_FILL = {
    "starting": "#e3f2fd",
    "knowledge": "#e8f5e9",
    "aging": "#fbe9e7",
    "pirate": "#eceff1",
    "hidden": "#9e9e9e",
}


def render_svg(view: FridayView) -> Svg:
    """The table as ``view`` shows it (Robinson's or a spectator's), as an SVG document
    (deterministic bytes)."""
    return _draw(view)


def svg_of(subject: FridayState | FridayView | None = None, seat: int | None = None) -> Svg:
    """The table of ``subject`` as ``seat`` sees it (0: Robinson; None: a spectator). A
    view is drawn as it is (it must be ``seat``'s if a seat is given); a state is drawn
    as that seat's view; None draws the game set up with seed 0. The package's
    ``render_svg`` (and ``islandgames.render.friday.render_svg``) of earlier releases."""
    return _draw(_as_view(subject, seat))


def _as_view(subject: FridayState | FridayView | None, seat: int | None) -> FridayView:
    if isinstance(subject, FridayView):
        if seat is not None and seat != subject.seat:
            raise ValueError(f"a view of seat {subject.seat} cannot be drawn for seat {seat}")
        return subject
    game = game_of("friday", subject)
    view: FridayView = game.view(game.new(0) if subject is None else subject, seat)
    return view


def _draw(v: FridayView) -> Svg:
    who = "Robinson's view" if v.seat == 0 else "a spectator's view"
    body = [
        text(20, 30, f"Friday — {who}", size=20, weight="bold", fill="#1b3a57"),
        text(20, 52, _status(v), size=13, fill="#333"),
        *_life_and_step(v, 20, 70),
        *_piles(v, 20, 140),
    ]
    y: float = 230
    if v.offer:
        body.append(text(20, y, "Hazards on offer (choose one to fight)", size=14, weight="bold"))
        for i, card in enumerate(v.offer):
            body.append(_hazard_card(card, v.step, 20 + i * (_CARD_W + 14), y + 10, f"[{i}]"))
        y += _CARD_H + 40
    if v.fight is not None:
        parts, height = _fight(v, y)
        body.extend(parts)
        y += height + 24
    body.append(text(20, y, "Pirates", size=14, weight="bold"))
    for i, (card, beaten) in enumerate(zip(v.pirates, v.pirates_defeated, strict=True)):
        body.append(_pirate_card(card, beaten, 20 + i * (_CARD_W + 14), y + 10))
    y += _CARD_H + 30
    body.append(
        legend(
            20,
            y,
            [
                ("box", _FILL["starting"], "starting card"),
                ("box", _FILL["knowledge"], "knowledge (a won hazard)"),
                ("box", _FILL["aging"], "aging card"),
                ("box", _FILL["hidden"], "face down: not visible to this seat"),
                ("dash", "#ffffff", "paid: drawn for 1 life"),
            ],
            columns=3,
            column_width=300,
        )
    )
    return Svg(svg_document(_W, y + 50, body, title=f"Friday, {who}"))


def _status(v: FridayView) -> str:
    if v.result is not None:
        return f"Game over: {v.result} — {v.reason} (score {v.score})"
    return {
        "hazard": "Choose a hazard to fight",
        "pirate": "Choose a pirate to fight",
        "fight": "Fighting",
        "destroy": "Destroying cards with the life lost",
        "over": "Game over",
    }[v.phase] + f"; step {_STEPS[v.step]}"


def _life_and_step(v: FridayView, x: float, y: float) -> list[str]:
    out = [text(x, y + 14, f"Life {v.life}/{v.max_life}", size=14, weight="bold")]
    for i in range(v.max_life):
        out.append(
            rect(x + 110 + i * 16, y + 2, 13, 16, rx=2,
                 fill="#c62828" if i < v.life else "#fff", stroke="#7f0000", stroke_width=1)
        )
    out.append(text(x, y + 46, f"Score {v.score}", size=13))
    for i, (name, fill) in enumerate(zip(_STEPS, _STEP_FILL, strict=True)):
        sx = x + 110 + i * 112
        now = i == v.step
        out.append(rect(sx, y + 30, 106, 24, rx=4, fill=fill, stroke="#000",
                        stroke_width=3 if now else 0.5, opacity=None if now else 0.45))
        out.append(text(sx + 53, y + 47, name + (" (now)" if now else ""), size=12,
                        anchor="middle", weight="bold" if now else None,
                        fill="#fff" if i in (0, 2, 3) else "#222"))
    return out


def _piles(v: FridayView, x: float, y: float) -> list[str]:
    top = f"; top known: {len(v.stack_top)}" if v.stack_top else ""
    bottom = f"; bottom known: {len(v.stack_bottom)}" if v.stack_bottom else ""
    last = CARDS[v.discard[-1]].name if v.discard else "-"
    piles = [
        ("Fighting stack", f"{_cards(v.stack_size)}{top}{bottom}"),
        ("Discard", f"{_cards(len(v.discard))}; last {last}"),
        ("Hazard stack", _cards(v.hazard_stack_size)),
        ("Hazard discard", _cards(len(v.hazard_discard))),
        ("Aging stack", _cards(v.aging_stack_size)),
        ("Destroyed", _cards(len(v.destroyed))),
    ]
    out = [text(x, y, "Piles", size=14, weight="bold")]
    for i, (name, what) in enumerate(piles):
        px, py = x + (i % 3) * 310, y + 12 + (i // 3) * 34
        out.append(rect(px, py, 300, 28, rx=4, fill="#f5f5f5", stroke="#999"))
        out.append(text(px + 8, py + 18, name, size=12, weight="bold"))
        out.append(text(px + 120, py + 18, fit(what, 28), size=12))
    return out


_FIGHT_W, _FIGHT_H, _PER_ROW = 112, 52, 6


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _fight(v: FridayView, y: float) -> tuple[list[str], float]:
    """The fight's elements and their height: the enemy on the left, then a row of the
    free side's cards and one of the paid side's (the index is the one actions use)."""
    f = v.fight
    assert f is not None
    fight = f.fight
    enemy = CARDS[fight.enemy]
    stop = " — stopped" if f.stopped else ""
    out = [
        text(20, y, f"Fight: total {f.total} against {f.hazard_value}", size=14,
             weight="bold", fill="#1b5e20" if f.total >= f.hazard_value else "#b71c1c"),
        text(20, y + 18, f"free draws left {f.free_left}; an extra card costs "
             f"{f.paid_cost} life{stop}", size=12, fill="#333"),
    ]
    if enemy.kind == "pirate":
        out.append(_pirate_card(fight.enemy, False, 20, y + 32))
    else:
        out.append(_hazard_card(fight.enemy, v.step, 20, y + 32, ""))
    row_y = y + 32
    for label, paid in (("free side", False), ("paid side", True)):
        cards = [(i, c) for i, c in enumerate(fight.cards) if c.paid is paid]
        out.append(text(170, row_y + 10, f"{label} ({len(cards)})", size=12, weight="bold"))
        rows = max(1, -(-len(cards) // _PER_ROW))
        for k, (i, c) in enumerate(cards):
            cx = 170 + (k % _PER_ROW) * (_FIGHT_W + 6)
            cy = row_y + 16 + (k // _PER_ROW) * (_FIGHT_H + 6)
            marks = [f"[{i}]", *(["doubled"] if c.doubled else []),
                     *([f"used {c.uses}x"] if c.uses else [])]
            out.append(_fight_card(c.card, cx, cy, " ".join(marks), paid=paid))
        row_y += 16 + rows * (_FIGHT_H + 6) + 8
    if fight.pending is not None:
        # e.g. a sort's looked-at cards: the view already hides what this seat may not see
        pending = type(fight.pending).__name__
        out.append(text(170, row_y + 8, f"waiting on: {pending}", size=12, fill="#4a148c"))
        row_y += 20
    return out, max(row_y - y, 32 + _CARD_H + 8)


def _fight_card(card: int, x: float, y: float, note: str, *, paid: bool) -> str:
    w, h = _FIGHT_W, _FIGHT_H
    if card == HIDDEN:
        return group([rect(x, y, w, h, rx=5, fill=_FILL["hidden"], stroke="#333"),
                      text(x + w / 2, y + h / 2 + 4, "?", size=16, anchor="middle",
                           fill="#fff")], title="a card this seat cannot see")
    c = CARDS[card]
    ability = c.ability or ""
    return group(
        [
            rect(x, y, w, h, rx=5, fill=_FILL[c.kind], stroke="#333",
                 dash="4 2" if paid else None),
            text(x + 6, y + 15, fit(c.name, 14), size=11, weight="bold"),
            text(x + w - 6, y + 15, f"{c.value:+d}", size=13, anchor="end", weight="bold"),
            text(x + 6, y + 30, fit(ability, 17), size=10, fill="#4a148c"),
            text(x + 6, y + h - 6, note, size=9, fill="#555"),
        ],
        title=f"{c.name} {c.value:+d}{' ' + ability if ability else ''}",
    )


def _to_reach(values: tuple[int, ...], step: int) -> str:
    """``"to reach 4 now (green) · yellow 7 · red 11"``: the value of this step first."""
    now = min(step, 2)
    later = [f"{_STEPS[i]} {v}" for i, v in enumerate(values) if i != now]
    return f"to reach {values[now]} now ({_STEPS[now]}) \u00b7 " + " \u00b7 ".join(later)


def _hazard_card(card: int, step: int, x: float, y: float, note: str) -> str:
    c = CARDS[card]
    won = f"if won, take {c.name} ({c.value:+d}"
    if c.ability:
        won += f", {ABILITY_TEXT.get(c.ability, c.ability)}"
    won += ")"
    return group(
        [
            rect(x, y, _CARD_W, _CARD_H, rx=6, fill="#fff8e1", stroke="#8d6e63"),
            text(x + 6, y + 16, fit(f"{note} {c.hazard or ''}".strip(), 40), size=12,
                 weight="bold"),
            text(x + 6, y + 33, f"{c.free} free cards", size=11),
            text(x + 6, y + 49, fit(_to_reach(c.hazard_values, step), 50), size=11),
            text(x + 6, y + 66, fit(won, 56), size=10, fill="#2e7d32"),
        ],
        title=f"hazard {c.hazard}: {c.free} free cards; {_to_reach(c.hazard_values, step)}; "
        f"{won}",
    )


def _pirate_card(card: int, beaten: bool, x: float, y: float) -> str:
    c = CARDS[card]
    free = "special" if c.free is None else f"{c.free}"
    value = "special" if c.pirate_value is None else f"{c.pirate_value}"
    rule = PIRATE_RULE_TEXT.get(c.pirate_rule, c.pirate_rule) if c.pirate_rule else ""
    lines = wrap(rule, 54) if rule else []
    return group(
        [
            rect(x, y, _CARD_W, _CARD_H, rx=6, fill=_FILL["pirate"], stroke="#263238",
                 stroke_width=1, opacity=0.5 if beaten else None),
            text(x + 6, y + 16, "Pirate ship" + (" (beaten)" if beaten else ""), size=12,
                 weight="bold"),
            text(x + 6, y + 33, f"{free} free cards; to reach: {value}", size=11),
            *(
                text(x + 6, y + 50 + 14 * k, line, size=10, fill="#4a148c")
                for k, line in enumerate(lines[:2])
            ),
        ],
        title=f"pirate: {free} free cards, {value} to reach" + (f"; {rule}" if rule else ""),
    )
