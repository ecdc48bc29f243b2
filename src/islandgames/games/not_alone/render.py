"""Not Alone's text view and picture, both drawn from a seat's view.

Only what the view holds is drawn: a card the view hides (``None``) is drawn face
down, so another Hunted's hand shows as a number of card backs and the Creature's
Hunt hand as a count for everyone but the Creature. The picture (:func:`render_svg`):
the Rescue and Assimilation track, places 1-10 with the Creature, Artemia and Target
tokens and the explored places, each Hunted's Will, hand, discard pile, played and
Survival cards, and the Creature's Hunt cards and the effects in play. The text view
(:func:`render_text`, ``islandgames play`` and ``replay`` show it) holds the same in
at most 80 columns.

>>> from islandgames.core.registry import get_game
>>> g = get_game("not-alone")
>>> view = g.view(g.new(1), 1)
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(render_svg(view)).tag
'{http://www.w3.org/2000/svg}svg'
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True

:func:`render_view` (the text in 80 columns) and :func:`svg_of` (a state, a view or
None, as a seat sees it) are the hooks of earlier releases, kept under the package's
old names ``render_view`` and ``render_svg``.
"""

from __future__ import annotations

from ...render import Svg, circle, fit, game_of, group, legend, line, rect, svg_document, text, wrap
from .data import (
    ARTEMIA_SPACES,
    HUNT,
    PLACES,
    RESERVE_PLACES,
    SURVIVAL,
    assimilation_start,
    rescue_start,
)
from .state import NotAloneState
from .view import HuntedView, NotAloneView

__all__ = ["TOKENS", "render_svg", "render_text", "render_view", "svg_of"]

_PLACE = {p.number: p for p in PLACES}
_PHASES = {1: "Exploration", 2: "Hunting", 3: "Reckoning", 4: "End of turn"}
#: what each step of a turn is, in the rulebook's words (the state's ``step``)
_STEPS = {
    "creature_window": "the Creature may play a card",
    "hunted_window": "cards may be played",
    "explore": "the Hunted choose their Place cards",
    "hunt": "the Creature places its Hunt tokens",
    "ascendancy": "the targeted Hunted answer Ascendancy",
    "phobia": "the targeted Hunted answer Phobia",
    "forbidden_zone": "the Hunted answer Forbidden Zone",
    "prepare": "the Hunted prepare their powers",
    "resolve_free": "the Hunted resolve their places",
    "scream": "the Hunted answer Scream",
    "toxin": "the Hunted answer Toxin",
    "resolve_target": "the Hunted caught by the Target token resolve",
    "artemia": "the Hunted answer the Artemia token",
    "over": "the game is over",
}
#: the three Hunt tokens: letter, colour, name
TOKENS = {
    "creature": ("C", "#c62828", "Creature token"),
    "artemia": ("A", "#6a1b9a", "Artemia token"),
    "target": ("T", "#ef6c00", "Target token"),
}
_HUNTED_RGB = ("#1e88e5", "#43a047", "#fb8c00", "#00897b", "#8e24aa", "#6d4c41", "#546e7a")

_W = 1120
_MARGIN = 20


def _hunted_colour(k: int) -> str:
    return _HUNTED_RGB[k % len(_HUNTED_RGB)]


def _role_of(view: NotAloneView, seat: int) -> str:
    return "Creature" if seat == view.creature_seat else "Hunted"


def _viewer(view: NotAloneView) -> str:
    if view.seat is None:
        return "a spectator's view"
    return f"view of seat {view.seat} (the {_role_of(view, view.seat)})"


def _place_title(p: int) -> str:
    place = _PLACE.get(p)
    return place.title if place else f"place {p}"


def _hunt_title(c: str) -> str:
    return HUNT[c].title if c in HUNT else c


def _survival_title(c: str) -> str:
    return SURVIVAL[c].title if c in SURVIVAL else (c or "?")


def _status(view: NotAloneView) -> str:
    if view.winner:
        who = "the Hunted" if view.winner == "hunted" else "the Creature"
        return f"Game over after turn {view.turn}: {who} won"
    phase = _PHASES.get(view.phase, str(view.phase))
    waits = ", ".join(f"seat {s} ({_role_of(view, s)})" for s in view.to_act) or "nobody"
    step = _STEPS.get(view.step, str(view.step).replace("_", " "))
    return f"Turn {view.turn}, phase {view.phase} ({phase}): {step}; to act: {waits}"


def _tokens_on(view: NotAloneView, p: int) -> list[str]:
    out = []
    for name, places in (
        ("creature", view.creature_token),
        ("artemia", view.artemia_token),
        ("target", view.target_token),
    ):
        out += [name] * places.count(p)
    return out


def _explorers(view: NotAloneView, p: int) -> list[tuple[int, int]]:
    """(hunted index, seat) of every Hunted whose revealed places include ``p``."""
    return [(k, h.seat) for k, h in enumerate(view.hunted) if p in h.places]


def _reserve(view: NotAloneView, p: int) -> int | None:
    if p in RESERVE_PLACES and len(view.reserve) == len(RESERVE_PLACES):
        return view.reserve[RESERVE_PLACES.index(p)]
    return None


# --- SVG --------------------------------------------------------------------------------


def _token(cx: float, cy: float, name: str, p: int) -> str:
    letter, colour, label = TOKENS[name]
    return group(
        [
            circle(cx, cy, 13, fill=colour, stroke="#000", stroke_width=1),
            text(cx, cy + 5, letter, size=14, anchor="middle", weight="bold", fill="#fff"),
        ],
        cls="token",
        data={"token": name, "place": p},
        title=f"{label} on {p} {_place_title(p)}",
    )


def _track(view: NotAloneView, x: float, y: float) -> str:
    n = len(view.hunted)
    rows = (
        ("Rescue", view.rescue, rescue_start(n), "#1565c0", "rescue"),
        ("Assimilation", view.assimilation, assimilation_start(n), "#2e7d32", "assimilation"),
    )
    box = 34
    parts = [text(x, y, "Track (spaces left to the star)", size=14, weight="bold", fill="#333")]
    artemia = ARTEMIA_SPACES.get(view.board, ())
    for r, (label, at, start, colour, key) in enumerate(rows):
        ry = y + 14 + r * 44
        length = max(start, at)
        parts.append(text(x, ry + 23, label, size=13, weight="bold", fill=colour))
        for d in range(length, -1, -1):
            bx = x + 110 + (length - d) * (box + 2)
            star = d == 0
            fill = "#fff59d" if star else "#f4f4f4"
            parts.append(rect(bx, ry, box, box, fill=fill, stroke="#888", stroke_width=1, rx=3))
            parts.append(
                text(bx + box / 2, ry + 12, "★" if star else str(d), size=10 if not star else 13,
                     anchor="middle", fill="#555")
            )  # fmt: skip
            if key == "rescue" and d in artemia:
                parts.append(circle(bx + box / 2, ry + 25, 4, fill=TOKENS["artemia"][1]))
            if d == at:
                parts.append(
                    group(
                        [
                            rect(bx + 3, ry + 3, box - 6, box - 6, fill=colour, stroke="#000",
                                 rx=4),
                            text(bx + box / 2, ry + 23, label[0], size=14, anchor="middle",
                                 weight="bold", fill="#fff"),
                        ],
                        cls="counter", data={"counter": key, "at": at},
                        title=f"{label} counter: {at} spaces from the star",
                    )
                )  # fmt: skip
    note = "Rescue counter on an Artemia symbol" if view.artemia_space else ""
    if note:
        parts.append(text(x + 110, y + 110, note, size=11, fill=TOKENS["artemia"][1]))
    return group(parts, cls="track")


def _place(view: NotAloneView, p: int, x: float, y: float, w: float, h: float) -> str:
    place = _PLACE.get(p)
    here = _tokens_on(view, p)
    queued = any(q == p for _, q in view.queue)
    parts = [
        rect(x, y, w, h, fill="#fffaf0" if p <= 5 else "#f3f0ff",
             stroke="#c62828" if "creature" in here else "#7a6a55",
             stroke_width=3 if "creature" in here else 1.5, rx=8),
        circle(x + 20, y + 20, 14, fill="#4e342e"),
        text(x + 20, y + 25.5, str(p), size=15, anchor="middle", weight="bold", fill="#fff"),
        text(x + 40, y + 25, place.title if place else f"place {p}", size=13, weight="bold",
             fill="#3e2723"),
    ]  # fmt: skip
    if place:
        for k, part in enumerate(wrap(place.power, 36)[:5]):
            parts.append(text(x + 10, y + 56 + 12 * k, part, size=9.5, fill="#4e4e4e"))
    for k, name in enumerate(here):
        parts.append(_token(x + w - 20 - 30 * k, y + h - 22, name, p))
    for k, (i, seat) in enumerate(_explorers(view, p)):
        cx = x + 18 + 26 * k
        parts.append(
            group(
                [
                    rect(cx - 11, y + h - 33, 22, 22, fill=_hunted_colour(i), stroke="#000",
                         rx=4),
                    text(cx, y + h - 17.5, f"H{seat}", size=9, anchor="middle", weight="bold",
                         fill="#fff"),
                ],
                cls="explorer", data={"seat": seat, "place": p},
                title=f"seat {seat} explored {p} {_place_title(p)}",
            )
        )  # fmt: skip
    extra = []
    reserve = _reserve(view, p)
    if reserve is not None:
        extra.append(f"reserve: {reserve} left")
    if p == 4 and view.marker:
        extra.append("Marker here")
    if queued:
        extra.append("to resolve")
    if extra:
        # on a line of its own under the title (a long title fills the first line)
        parts.append(text(x + 40, y + 41, " · ".join(extra), size=9, fill="#6a1b9a",
                          data={"place-note": p}))  # fmt: skip
    # a small box for the Marker counter on the Beach
    if p == 4 and view.marker:
        parts.append(rect(x + w - 34, y + 31, 24, 14, fill="#ffd54f", stroke="#000", rx=3))
        parts.append(text(x + w - 22, y + 42, "M", size=10, anchor="middle", weight="bold"))
    return group(parts, cls="place", data={"place": p, "tokens": " ".join(here)},
                 title=f"{p} {_place_title(p)}")  # fmt: skip


def _place_card(x: float, y: float, card: int | None, seat: int, zone: str) -> str:
    """A Place card chip (``None``: face down; 0: a card taken back)."""
    if card is None:
        return group(
            [rect(x, y, 24, 30, fill="#8d8d8d", stroke="#444", rx=3),
             text(x + 12, y + 20, "?", size=12, anchor="middle", weight="bold", fill="#fff")],
            cls="card", data={"seat": seat, "zone": zone, "hidden": 1},
        )  # fmt: skip
    if card == 0:
        return group(
            [rect(x, y, 24, 30, fill="#fff", stroke="#999", dash="3 2", rx=3),
             text(x + 12, y + 19, "↩", size=12, anchor="middle", fill="#777")],
            cls="card", data={"seat": seat, "zone": zone, "card": 0},
            title="a card taken back",
        )  # fmt: skip
    return group(
        [rect(x, y, 24, 30, fill="#fffaf0", stroke="#4e342e", rx=3),
         text(x + 12, y + 20, str(card), size=12, anchor="middle", weight="bold",
              fill="#3e2723")],
        cls="card", data={"seat": seat, "zone": zone, "card": card},
        title=f"{card} {_place_title(card)}",
    )  # fmt: skip


def _cards(
    x: float, y: float, label: str, cards: tuple[int, ...] | None, count: int, seat: int,
    zone: str,
) -> tuple[str, float]:
    shown: list[int | None] = list(cards) if cards is not None else [None] * count
    parts = [text(x, y + 12, label, size=10, fill="#555")]
    cx = x
    for k, c in enumerate(shown):
        cx = x + 26 * k
        parts.append(_place_card(cx, y + 16, c, seat, zone))
    if not shown:
        parts.append(text(x, y + 34, "—", size=11, fill="#999"))
    width = max(26 * len(shown), 30, 6.5 * len(label))
    return group(parts, cls="zone", data={"seat": seat, "zone": zone, "count": count}), width


def _name_chips(
    x: float, y: float, label: str, names: tuple[str, ...] | None, count: int, seat: int,
    zone: str, title: object,
) -> tuple[str, float]:
    """Named cards (Survival or Hunt) as chips, or face-down backs when hidden."""
    parts = [text(x, y + 12, label, size=10, fill="#555")]
    cx = x
    if names is None:
        for k in range(count):
            parts.append(
                group([rect(x + 26 * k, y + 16, 24, 30, fill="#8d8d8d", stroke="#444", rx=3),
                       text(x + 26 * k + 12, y + 36, "?", size=12, anchor="middle",
                            weight="bold", fill="#fff")],
                      cls="card", data={"seat": seat, "zone": zone, "hidden": 1})
            )  # fmt: skip
        cx = x + 26 * count
    else:
        for c in names:
            t = str(title(c)) if callable(title) else c
            w = 8 + 6.4 * len(t)
            parts.append(
                group([rect(cx, y + 16, w, 22, fill="#e8f5e9" if zone.startswith("surv")
                            else "#ffebee", stroke="#555", rx=4),
                       text(cx + w / 2, y + 31, t, size=10, anchor="middle", fill="#222")],
                      cls="card", data={"seat": seat, "zone": zone, "card": c}, title=t)
            )  # fmt: skip
            cx += w + 4
    if not count:
        parts.append(text(x, y + 34, "—", size=11, fill="#999"))
    return group(parts, cls="zone", data={"seat": seat, "zone": zone, "count": count}), max(
        cx - x, 30, 6.5 * len(label)
    )


def _flags(h: HuntedView) -> list[str]:
    out = []
    if h.double:
        out.append(f"{h.double}: 2 cards this turn")
    if h.next_double:
        out.append(f"{h.next_double}: 2 cards next turn")
    for flag, word in (
        (h.resisted, "resisted"),
        (h.survival_used, "used a Survival card"),
        (h.dodge, "Dodge"),
        (h.detector, "Detector"),
        (h.submitted, "has chosen"),
    ):
        if flag:
            out.append(word)
    return out


def _hunted_row(view: NotAloneView, k: int, h: HuntedView, x: float, y: float) -> str:
    you = view.seat == h.seat
    parts = [
        rect(x, y, _W - 2 * _MARGIN, 66, fill="#e3f2fd" if you else "#fafafa",
             stroke=_hunted_colour(k), stroke_width=2 if you else 1, rx=6),
        rect(x, y, 8, 66, fill=_hunted_colour(k), rx=3),
        text(x + 16, y + 20, f"seat {h.seat}" + (" (you)" if you else ""), size=13,
             weight="bold", fill="#222"),
        text(x + 16, y + 38, "Will", size=10, fill="#555"),
    ]  # fmt: skip
    for dot in range(3):
        parts.append(
            circle(x + 50 + 15 * dot, y + 35, 6, fill="#e53935" if dot < h.will else "#fff",
                   stroke="#b71c1c", stroke_width=1.2)
        )  # fmt: skip
    parts.append(
        text(x + 16, y + 56, f"{h.will} Will · owns {len(h.owned)} places", size=9, fill="#555")
    )
    cx = x + 150
    for label, cards, count, zone in (
        (f"hand ({h.hand_count})", h.hand, h.hand_count, "hand"),
        (f"played ({h.played_count})", h.played, h.played_count, "played"),
        (f"discard ({h.discard_count})", h.discard, h.discard_count, "discard"),
    ):
        g, w = _cards(cx, y + 4, label, cards, count, h.seat, zone)
        parts.append(g)
        cx += w + 18
    g, w = _name_chips(cx, y + 4, f"Survival ({h.survival_count})", h.survival,
                       h.survival_count, h.seat, "survival", _survival_title)  # fmt: skip
    parts.append(g)
    cx += w + 14
    notes = _flags(h)
    if you and h.choice:
        notes.append("your choice: " + " ".join(str(c) for c in h.choice))
    if you and h.choice_card:
        notes.append("your card: " + _survival_title(h.choice_card))
    if notes:
        parts.append(text(_W - _MARGIN - 8, y + 16, fit(" · ".join(notes), 60), size=9,
                          anchor="end", fill="#6a1b9a"))  # fmt: skip
    return group(parts, cls="hunted", data={"seat": h.seat, "will": h.will})


def _creature_panel(view: NotAloneView, x: float, y: float) -> tuple[str, float]:
    you = view.seat == view.creature_seat
    c = view.creature_seat
    parts = [
        rect(x, y, _W - 2 * _MARGIN, 118, fill="#ffebee" if you else "#fafafa",
             stroke="#c62828", stroke_width=2 if you else 1, rx=6),
        rect(x, y, 8, 118, fill="#c62828", rx=3),
        text(x + 16, y + 20, f"the Creature, seat {c}" + (" (you)" if you else ""), size=13,
             weight="bold", fill="#b71c1c"),
        text(x + 16, y + 38, f"Hunt deck {view.hunt_deck_count}", size=10, fill="#555"),
        text(x + 16, y + 52, f"Survival deck {view.survival_deck_count}", size=10, fill="#555"),
        text(x + 16, y + 66, f"may play {view.allowance} Hunt card"
             f"{'s' if view.allowance != 1 else ''}", size=10, fill="#555"),
    ]  # fmt: skip
    g, w = _name_chips(x + 250, y + 4, f"Hunt hand ({view.hunt_hand_count})", view.hunt_hand,
                       view.hunt_hand_count, c, "hunt-hand", _hunt_title)  # fmt: skip
    parts.append(g)
    g2, _ = _name_chips(x + 250 + w + 20, y + 4, f"Hunt cards played ({len(view.hunt_played)})",
                        view.hunt_played, len(view.hunt_played), c, "hunt-played",
                        _hunt_title)  # fmt: skip
    parts.append(g2)
    lines = []
    if view.effects:
        lines.append("Effects: " + ", ".join(_hunt_title(e) if e in HUNT else
                                              _survival_title(e) for e in view.effects))
    if view.anticipation >= 0:
        lines.append(f"Anticipation names seat {view.anticipation}")
    if view.phobia >= 0:
        lines.append(f"Phobia targets seat {view.phobia}")
    if view.phobia_shown is not None and view.phobia_shown:
        lines.append("Phobia shown: " + " ".join(str(p) for p in view.phobia_shown))
    if view.cataclysm:
        lines.append(f"Cataclysm on place {view.cataclysm}")
    if view.shelter is not None and view.shelter:
        lines.append("your Shelter draw: " + ", ".join(_survival_title(s) for s in view.shelter))
    elif view.shelter_count:
        lines.append(f"Shelter draw: {view.shelter_count} cards")
    if view.smokescreen:
        lines.append("Smokescreen: discards hidden from the Creature")
    lines.append(
        "Hunt discard: " + (", ".join(_hunt_title(h) for h in view.hunt_discard) or "—")
    )
    lines.append(
        "Survival discard: "
        + (", ".join(_survival_title(s) for s in view.survival_discard) or "—")
    )
    for k, s in enumerate(lines[:5]):
        parts.append(text(x + 250, y + 66 + 12 * k, fit(s, 140), size=10, fill="#333"))
    return group(parts, cls="creature", data={"seat": c}), y + 118


def render_svg(view: NotAloneView) -> Svg:
    """The table as ``view`` (any seat's or a spectator's) shows it, as an SVG document
    (deterministic bytes)."""
    return _draw_svg(view)


def svg_of(subject: NotAloneState | NotAloneView | None = None, seat: int | None = None) -> Svg:
    """The table as an SVG document (deterministic bytes), drawn from one seat's view.

    ``subject`` is a view (drawn as it is: ``seat`` must be None or the view's seat), a
    state (drawn as ``seat`` sees it; None: a spectator, who sees no hand) or None (the
    game set up with seed 0 and the default config, as a spectator sees it). The
    package's ``render_svg`` (and ``islandgames.render.not_alone.render_svg``) of
    earlier releases."""
    return _draw_svg(_as_view(subject, seat))


def _as_view(subject: NotAloneState | NotAloneView | None, seat: int | None) -> NotAloneView:
    if isinstance(subject, NotAloneView):
        if seat is not None and seat != subject.seat:
            raise ValueError(f"a view of seat {subject.seat} cannot be drawn for seat {seat}")
        return subject
    game = game_of("not-alone", subject)  # a view is the same under every rules version
    state = game.new(0) if subject is None else subject
    view: NotAloneView = game.view(state, seat)
    return view


def _draw_svg(view: NotAloneView) -> Svg:
    body = [
        text(_MARGIN, 28, f"Not Alone — {_viewer(view)}", size=20, weight="bold",
             fill="#311b92"),
        text(_MARGIN, 50, fit(_status(view), 150), size=13, fill="#333",
             weight="bold" if view.winner else None),
    ]  # fmt: skip
    body.append(_track(view, _MARGIN, 80))
    y: float = 80 + 14 + 88 + 22
    body.append(text(_MARGIN, y, "Places", size=14, weight="bold", fill="#333"))
    pw, ph, gap = 206, 144, 8
    for p in range(1, 11):
        row, col = divmod(p - 1, 5)
        body.append(_place(view, p, _MARGIN + col * (pw + gap), y + 10 + row * (ph + gap), pw, ph))
    y += 10 + 2 * (ph + gap) + 18
    body.append(text(_MARGIN, y, "Hunted", size=14, weight="bold", fill="#333"))
    y += 8
    for k, h in enumerate(view.hunted):
        body.append(_hunted_row(view, k, h, _MARGIN, y))
        y += 72
    y += 16
    body.append(text(_MARGIN, y, "Creature", size=14, weight="bold", fill="#333"))
    panel, y = _creature_panel(view, _MARGIN, y + 8)
    body.append(panel)
    y += 18
    body.append(line(_MARGIN, y - 6, _W - _MARGIN, y - 6, stroke="#ccc"))
    items = [
        *((TOKENS[t][0], TOKENS[t][1], TOKENS[t][2]) for t in ("creature", "artemia", "target")),
        ("box", _hunted_colour(0), "H1, H2...: a Hunted's explored place"),
        ("box", "#8d8d8d", "a card this seat cannot see"),
        ("dash", "#ffffff", "↩ a card taken back"),
        ("disc", TOKENS["artemia"][1], "track: an Artemia symbol"),
        ("box", "#fff59d", "★ the star: a counter there ends the game"),
    ]
    body.append(legend(_MARGIN, y + 10, items, columns=3, column_width=(_W - 40) / 3))
    height = y + 10 + 18 * 3
    return Svg(svg_document(_W, height, body, title=f"Not Alone: {_viewer(view)}"))


# --- text -------------------------------------------------------------------------------


def _nums(cards: tuple[int, ...] | None, count: int) -> str:
    if cards is None:
        return f"{count} hidden" if count else "-"
    return " ".join("back" if c == 0 else str(c) for c in cards) or "-"


def _names(cards: tuple[str, ...] | None, count: int, title: object) -> str:
    if cards is None:
        return f"{count} hidden" if count else "-"
    return ", ".join(str(title(c)) if callable(title) else c for c in cards) or "-"


def render_text(view: NotAloneView, width: int = 80) -> str:
    """The table as ``view`` shows it, in lines of at most ``width`` columns (80 by
    default): the track, the places with their tokens, then one block per Hunted and
    one for the Creature, stacked (no table is cut)."""
    width = max(width, 40)
    n = len(view.hunted)
    out = [fit(f"Not Alone — {_viewer(view)}", width)]
    out += wrap(_status(view), width, indent="  ")
    art = " (on an Artemia symbol)" if view.artemia_space else ""
    out += wrap(
        f"Rescue {view.rescue} spaces to the star (from {rescue_start(n)}){art}; "
        f"Assimilation {view.assimilation} to the star (from {assimilation_start(n)})",
        width,
        indent="  ",
    )
    out.append("Places (C Creature, A Artemia, T Target token; H<seat> explored):")
    half = width // 2
    for p in range(1, 6):
        cols = []
        for q in (p, p + 5):
            marks = [TOKENS[t][0] for t in _tokens_on(view, q)]
            marks += [f"H{s}" for _, s in _explorers(view, q)]
            reserve = _reserve(view, q)
            if reserve is not None:
                marks.append(f"res {reserve}")
            if q == 4 and view.marker:
                marks.append("Marker")
            cols.append(fit(f"{q:>3} {_place_title(q):<13} {' '.join(marks)}".rstrip(), half - 1))
        out.append((cols[0].ljust(half) + cols[1]).rstrip())
    for h in view.hunted:
        you = " (you)" if view.seat == h.seat else ""
        explored = " ".join(str(p) for p in h.places) or "-"
        owns = " ".join(str(p) for p in h.owned) or "-"
        out += wrap(
            f"Hunted seat {h.seat}{you}: Will {h.will}/3 {'*' * h.will}; explored {explored}; "
            f"owns {owns}",
            width,
            indent="      ",
        )
        rows = [
            f"hand ({h.hand_count}): {_nums(h.hand, h.hand_count)}; "
            f"played ({h.played_count}): {_nums(h.played, h.played_count)}; "
            f"discard ({h.discard_count}): {_nums(h.discard, h.discard_count)}",
            f"Survival ({h.survival_count}): "
            + _names(h.survival, h.survival_count, _survival_title),
        ]
        flags = _flags(h)
        if view.seat == h.seat and h.choice:
            flags.append("your choice: " + " ".join(str(c) for c in h.choice))
        if view.seat == h.seat and h.choice_card:
            flags.append("your card: " + _survival_title(h.choice_card))
        if flags:
            rows[-1] += "; " + "; ".join(flags)
        for r in rows:
            out += wrap(r, width, first="    ", indent="      ")
    you = " (you)" if view.seat == view.creature_seat else ""
    out.append(fit(f"Creature seat {view.creature_seat}{you}:", width))
    rows = [
        f"Hunt hand ({view.hunt_hand_count}): "
        + _names(view.hunt_hand, view.hunt_hand_count, _hunt_title),
        f"Hunt played: {_names(view.hunt_played, len(view.hunt_played), _hunt_title)}; "
        f"may play {view.allowance}",
        f"Hunt deck {view.hunt_deck_count}; discard: "
        + _names(view.hunt_discard, len(view.hunt_discard), _hunt_title),
        f"Survival deck {view.survival_deck_count}; discard: "
        + _names(view.survival_discard, len(view.survival_discard), _survival_title),
    ]
    if view.effects:
        rows.append("Effects: " + ", ".join(_hunt_title(e) for e in view.effects))
    if view.anticipation >= 0:
        rows.append(f"Anticipation names seat {view.anticipation}")
    if view.phobia >= 0:
        rows.append(f"Phobia targets seat {view.phobia}")
    if view.phobia_shown:
        rows.append("Phobia shown: " + " ".join(str(p) for p in view.phobia_shown))
    if view.cataclysm:
        rows.append(f"Cataclysm on place {view.cataclysm}")
    if view.shelter:
        rows.append("your Shelter draw: " + ", ".join(_survival_title(s) for s in view.shelter))
    elif view.shelter_count:
        rows.append(f"Shelter draw: {view.shelter_count} cards")
    if view.smokescreen:
        rows.append("Smokescreen: discards hidden from the Creature")
    if view.queue:
        rows.append("To resolve: " + ", ".join(f"seat {s} at {p}" for s, p in view.queue))
    for r in rows:
        out += wrap(r, width, first="    ", indent="      ")
    return "\n".join(fit(line_, width) for line_ in out)


def render_view(view: NotAloneView) -> str:
    """``view`` as readable text in at most 80 columns (the track, places 1-10 and one
    stacked block per Hunted and for the Creature): the package's text hook of earlier
    releases, :func:`render_text` at its default width."""
    return render_text(view)
