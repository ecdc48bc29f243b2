"""The replay viewer: one self-contained HTML page that steps through a logged match.

:func:`replay_html` turns a replay log into one HTML document. A slider, previous and
next buttons and the keyboard (Left/Right arrows, Home/End) step through the match;
each step shows the picture the game's ``render_svg`` hook (on its kit definition) draws
of the table as the page's viewer sees it (their view), and the action in the game's
own words (its ``describe_action`` hook, :func:`~islandgames.core.notation.describe`:
``move to square 13 (path)``; the form ``islandgames replay`` prints, ``step(to=13)``,
is its tooltip). The page carries the log's verdict
(:func:`~islandgames.core.log.verify_log`, as ``replay --verify`` gives it), and its
last step shows the outcome. ``#step=N`` at the end of the page's address opens it at
step N, and the address follows the step on view (a link to a step is the address).
The picture stays in view beside the list of steps, which scrolls.

What the page shows of a match:

* a full log: every action as it was played (in the words of the seat that played
  it), and the pictures as a spectator sees the table; or with ``seat=K``, seat K's
  views and the actions redacted for K (``game.redact_action``, as ``replay --seat K``
  prints them), in words drawn from K's view;
* a per-seat log (redacted for one seat, or a spectator): that seat's views, and the
  actions as its entries show them (a masked action reads ``(hidden)``, a card it does
  not show ``... (hidden)``). The states behind the views are replayed from the
  revealed seed; a masked action is the legal action its commitment names, as
  :func:`verify_log` finds it.

Where a seat's view is drawn, each action reads as that seat saw it at the step on view:
a card played face down reads face down until the step that reveals it, and by the last
step every action reads as the seat's log shows it. So no step says more than its
picture. The page holds views only, never a state, and never the seed of a running game.
Without a replay (no seed) the actions read in their form (``step(to=13)``): the words
need the table they were played on.

Every log is replayed under the rules version its header names. Without a seed (a game
still running, and no ``seed=``) nothing can be replayed: the page lists the actions and
the chain-only verdict, without pictures. A replay that diverges from the log draws the
steps before the divergence.

The page fetches nothing: no network, no fonts, scripts or styles from elsewhere, and a
Content Security Policy (``default-src 'none'``; the page's own script and style allowed
by their hashes) makes the browser refuse any request. The same log gives the same bytes.
Each distinct picture is stored once, as references into one table of distinct SVG
elements (a run of consecutive references as ``[first, count]``): consecutive steps share
most of their elements, so a match of a few hundred steps takes a few hundred kB. Only
the picture on view is in the document, so ids inside a picture (Gozer's arrow marker)
stay unique.

>>> from islandgames import Match
>>> m = Match("friday", seed=3)
>>> for _ in range(3):
...     _ = m.act(0, m.legal_actions(0)[0])
>>> page = replay_html(m.log(), seed=3)
>>> page.startswith("<!DOCTYPE html>"), page == replay_html(m.log(), seed=3)
(True, True)
>>> "UNFINISHED" in page, "http://" in page or "https://" in page
(True, False)
>>> steps = page_data(page)["steps"]
>>> len(steps), all(k >= 0 for k in steps)
(4, True)
>>> page_data(replay_html(m.log()))["steps"]  # no seed: nothing replayed, no pictures
[-1, -1, -1, -1]
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..core import serde
from ..core.errors import DecodeError
from ..core.game import Game, Outcome, describe_action
from ..core.history import state_at
from ..core.log import (
    LogEntry,
    ReplayLog,
    Verification,
    action_salt,
    seed_commitment,
    verify_log,
)
from ..core.notation import describe

#: the SVG namespace (:data:`islandgames.render.SVG_NS`; not imported from there: the
#: package imports this module, and an import back would close a circle)
SVG_NS = "http://www.w3.org/2000/svg"

__all__ = ["page_data", "page_picture", "replay_html"]

AnyGame = Game[Any, Any, Any, Any]

#: what a masked action reads as (the word ``replay`` prints)
HIDDEN = "(hidden)"


#: an action as the page's viewer saw it: (from step, words, form) from the step it was
#: played on, then one more at each step where more of it is revealed; ``words`` in the
#: game's own words (``move to square 13 (path)``), ``form`` what ``replay`` prints
#: (``step(to=13)``, the words' tooltip)
_Forms = tuple[tuple[int, str, str], ...]


@attrs.frozen(slots=True)
class _Step:
    """One step of the page: ``seq`` 0 is the initial state."""

    seq: int
    who: str  # "" for step 0
    forms: _Forms
    picture: int  # index into the distinct pictures; -1: none


@attrs.frozen(slots=True)
class _Replayed:
    """The states of a replay (``states[i]`` after entry ``i``; all ``None`` if
    nothing could be replayed), the true actions, and why the replay stopped early."""

    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    stopped: str | None


def replay_html(
    log: ReplayLog,
    *,
    seat: int | None = None,
    seed: int | None = None,
    verification: Verification | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> str:
    """The replay viewer page of ``log`` (one self-contained HTML document).

    ``seat`` draws a full log as that seat saw it (default: pictures as a spectator
    sees the table, every action shown); a per-seat log is always drawn for its own
    viewer (``seat`` may only repeat it). ``seed`` replays a log whose game is still
    running (it must match the log's seed commitment; it never appears in the page).
    ``verification`` is the log's verdict if the caller has it (``verify_log(log)``;
    default: verified here). ``progress(done, total)`` is called as the steps are drawn.

    Raises ValueError for a ``seat`` the log has not, a ``seat`` other than a per-seat
    log's viewer, or a ``seed`` that does not match the commitment; a log that does not
    reproduce is no error (the page says where it diverges)."""
    from ..core.registry import get_game  # late: the games import this package

    h = log.header
    game = get_game(h.game, h.rules_version)
    full = log.viewer == "all"
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < h.seats):
        raise ValueError(f"seat {seat!r}: the log has seats 0..{h.seats - 1}")
    if not full and seat is not None and seat != log.viewer:
        raise ValueError(
            f"the log is redacted for {_who_viewer(log.viewer)}; it cannot be shown as seat {seat}"
        )
    if seed is not None and seed_commitment(seed) != h.seed_commitment:
        raise ValueError("the seed does not match the log's seed commitment")
    viewer: int | None = seat if full else _viewer_seat(log)
    seed_given = seed is not None and log.end is None
    if seed is None and log.end is not None:
        try:
            seed = int(log.end.seed, 16)
        except ValueError:
            seed = None
        if seed is not None and seed_commitment(seed) != h.seed_commitment:
            seed = None
    verdict = verify_log(log) if verification is None else verification
    if seed is None:
        why = "the game is still running and its seed is secret (give the seed to draw it)"
        if log.end is not None:
            why = "the log's revealed seed does not match its seed commitment"
        replayed = _Replayed((None,) * (len(log.entries) + 1), (), why)
    else:
        replayed = _replay(game, log, seed)
    if full and viewer is not None and replayed.states[0] is None:
        raise ValueError(
            f"showing a full log as seat {viewer} needs its replay ({replayed.stopped})"
        )
    forms = _forms(game, log, replayed, viewer, full)
    for e in log.entries[len(forms) :]:  # as the log shows them (a full log shown as a
        # seat hides what was not replayed)
        text = HIDDEN if full and viewer is not None else _entry_text(game, e)
        forms.append(((e.seq, text, text),))
    draw = _drawer(game, viewer)
    if draw is None:
        replayed = attrs.evolve(
            replayed,
            states=(None,) * len(replayed.states),
            stopped=f"{game.info.id} has no picture of a seat's view (render_svg)",
        )
    pictures: dict[str, int] = {}
    steps: list[_Step] = []
    total = len(replayed.states)
    for i, state in enumerate(replayed.states):
        k = -1
        if state is not None and draw is not None:
            svg = draw(state)
            k = pictures.setdefault(svg, len(pictures))
        if i == 0:
            steps.append(_Step(0, "", ((0, "the match as set up", ""),), k))
        else:
            e = log.entries[i - 1]
            before = replayed.states[i - 1]
            who = f"seat {e.seat}" + ("" if before is None else f" ({game.role(before, e.seat)})")
            steps.append(_Step(e.seq, who, forms[i - 1], k))
        if progress is not None:
            progress(i + 1, total)
    outcome = _outcome(game, log, replayed)
    return _page(
        game, log, viewer, verdict, steps, list(pictures), outcome, replayed.stopped, seed_given
    )


def page_data(page: str) -> dict[str, Any]:
    """The data a page built by :func:`replay_html` carries: ``steps`` (per step, the
    index of its picture or -1), ``pictures`` and ``chunks`` (the encoded pictures; see
    :func:`page_picture`), ``no_picture`` (why a step has none)."""
    m = re.search(r'<script type="application/json" id="rv-data">(.*?)</script>', page, re.S)
    if m is None:
        raise ValueError("not a replay page (no rv-data)")
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def page_picture(data: dict[str, Any], step: int) -> str | None:
    """The SVG the page shows at ``step`` (None: no picture), as its script builds it.

    >>> page_picture({"steps": [0, -1], "pictures": [[[0, 2], 0]], "chunks": ["<a>", "</a>"]}, 0)
    '<a></a><a>'
    """
    k = data["steps"][step]
    if k < 0:
        return None
    chunks: list[str] = data["chunks"]
    out = []
    for ref in data["pictures"][k]:
        if isinstance(ref, int):
            out.append(chunks[ref])
        else:
            out.extend(chunks[ref[0] : ref[0] + ref[1]])
    return "".join(out)


# --- replaying -----------------------------------------------------------------------------


def _viewer_seat(log: ReplayLog) -> int | None:
    v = log.viewer
    return v if isinstance(v, int) else None


def _who_viewer(viewer: object) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def _replay(game: AnyGame, log: ReplayLog, seed: int) -> _Replayed:
    """Every state from ``seed``, each checked against the log's hash; a masked action
    is recovered from its commitment (the seed gives every entry's salt)."""
    n = len(log.entries)
    states: list[Any] = []
    actions: list[Any] = []

    def stop(why: str) -> _Replayed:
        return _Replayed(tuple(states) + (None,) * (n + 1 - len(states)), tuple(actions), why)

    try:  # the initial state as time travel builds it (the header's config, checked
        # against the header's hash), from the header alone, which any log has whole
        state = state_at(attrs.evolve(log, entries=()), 0, seed)
    except ValueError as exc:  # ReplayDivergenceError, InvalidConfigError, DecodeError
        return stop(str(exc))
    states.append(state)
    for e in log.entries:
        action = _true_action(game, state, e, seed)
        if action is None:
            return stop(f"entry {e.seq}: no legal action of seat {e.seat} has its commitment")
        try:
            after = game.apply(state, e.seat, action)
        except ValueError as exc:  # IllegalActionError, NotYourTurnError, GameOverError
            return stop(f"entry {e.seq}: {exc}")
        if serde.state_hash(after) != e.state_hash:
            return stop(f"entry {e.seq}: the state hash does not match the log")
        actions.append(action)
        states.append(after)
        state = after
    return _Replayed(tuple(states), tuple(actions), None)


def _true_action(game: AnyGame, state: Any, e: LogEntry, seed: int) -> Any:
    if e.action is not None and e.salt is not None:  # shown whole
        try:
            return game.decode_action(e.action)
        except DecodeError:
            return None
    # masked, or a partial form: the legal action of that seat its commitment names
    key = bytes.fromhex(action_salt(seed, e.seq))
    for action in game.legal_actions(state, e.seat):
        found = serde.digest(key, serde.packb(game.encode_action(action))).hex()
        if found == e.action_commitment:
            return action
    return None


def _entry_text(game: AnyGame, e: LogEntry) -> str:
    """An entry's action as the log shows it."""
    if e.action is None:
        return HIDDEN
    try:
        return describe_action(game.decode_action(e.action))
    except DecodeError:
        tag = e.action.get("type", "action")
        args = ", ".join(f"{k}={v!r}" for k, v in e.action.items() if k != "type")
        return f"{tag}({args})"


def _forms(
    game: AnyGame, log: ReplayLog, r: _Replayed, viewer: int | None, full: bool
) -> list[_Forms]:
    """Each replayed action as the page shows it. Of a full log drawn for a spectator:
    as it was played, in the words of the seat that played it. Else as ``viewer`` saw
    it (``game.redact_action``, the redaction ``replay --seat`` prints), in words drawn
    from the viewer's view of the table it was played on (:func:`describe`): at the
    step it was played, then at each later step where more of it shows (a Place card
    revealed), up to what the viewer knows at the end.

    So a step never tells more than its picture: a hidden card reads face down until
    the step that reveals it."""
    last = len(r.actions)
    out: list[_Forms] = []
    for i, (e, action) in enumerate(zip(log.entries, r.actions, strict=False)):
        before = r.states[i]
        if full and viewer is None:
            words = describe(game, game.view(before, e.seat), e.seat, action)
            out.append(((i + 1, words, describe_action(action)),))
            continue
        reader = game.view(before, viewer)

        def seen(
            j: int,
            before: Any = before,
            e: LogEntry = e,
            action: Any = action,
            reader: Any = reader,
        ) -> tuple[str, str]:
            shown = game.redact_action(before, e.seat, action, viewer, r.states[j])
            if shown is None:
                return HIDDEN, ""
            # a partly masked action has no form of its own (it would read as another)
            form = describe_action(shown) if shown == action else ""
            return describe(game, reader, e.seat, shown), form

        final = seen(last)
        j = i + 1
        text = seen(j)
        forms = [(j, *text)]
        while text != final and j < last:
            j += 1
            now = seen(j)
            if now != text:
                forms.append((j, *now))
                text = now
        out.append(tuple(forms))
    return out


def _drawer(game: AnyGame, viewer: int | None) -> Callable[[Any], str] | None:
    """The game's picture (its definition's ``render_svg``) of a state as ``viewer``
    (None: a spectator) sees it, or None if the game has none."""
    from ..core.registry import definition_of

    d = definition_of(game)
    hook = None if d is None else d.render_svg
    if hook is None:
        return None
    return lambda state: str(hook(game.view(state, viewer)))


def _outcome(game: AnyGame, log: ReplayLog, r: _Replayed) -> tuple[Outcome | None, bool]:
    """The outcome (replayed, else the one the log records) and whether it was replayed."""
    final = r.states[-1]
    if final is not None:
        outcome = game.outcome(final)
        if outcome is not None:
            return outcome, True
    if log.end is not None:
        try:
            return serde.from_wire(log.end.outcome, Outcome), False
        except (DecodeError, TypeError, ValueError):
            return None, False
    return None, False


# --- the page ------------------------------------------------------------------------------


def _encode(pictures: Sequence[str]) -> tuple[list[str], list[list[Any]]]:
    """The distinct SVG elements of ``pictures`` in order of first use, and each picture
    as references into them (a run of consecutive references as ``[first, count]``).

    >>> _encode(["<svg><a/><b/></svg>", "<svg><b/></svg>"])
    (['<svg>', '<a/>', '<b/>', '</svg>'], [[[0, 4]], [0, [2, 2]]])
    """
    table: dict[str, int] = {}
    out: list[list[Any]] = []
    for svg in pictures:
        svg = svg.replace(f' xmlns="{SVG_NS}"', "", 1).rstrip("\n")  # HTML needs none
        refs = [table.setdefault(p, len(table)) for p in re.split(r"(?<=>)(?=<)", svg)]
        runs: list[Any] = []
        i = 0
        while i < len(refs):
            j = i
            while j + 1 < len(refs) and refs[j + 1] == refs[j] + 1:
                j += 1
            runs.append(refs[i] if i == j else [refs[i], j - i + 1])
            i = j + 1
        out.append(runs)
    return list(table), out


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element (no ``<``, so no ``</script>``)."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _csp_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _q(value: object) -> str:
    """An attribute value, quoted."""
    return f'"{_e(value)}"'


def _verdict(log: ReplayLog, v: Verification, stopped: str | None, seeded: bool) -> str:
    """The verdict as ``replay --verify`` words it, in a banner."""
    h = log.header
    if v.status == "diverged":
        head, cls = "DIVERGED", "bad"
        body = f"verification failed at {v.divergence}"
    elif v.status == "unfinished":
        head, cls = "UNFINISHED", "wait"
        body = (
            f"chain-consistent ({v.entries} entries: the hash chain and every visible "
            "action's commitment hold), but the log has no revealed seed, so nothing was "
            "verified by replay; verify it again once the game is over"
        )
        if seeded and stopped is None:
            body += ". The pictures were replayed from the seed given: every state hash matched"
    else:
        head, cls = "VERIFIED", "ok"
        body = (
            f"all {v.entries} entries replayed from the revealed seed under {h.game} rules "
            f"{h.rules_version}; the seed commitment, every state hash, the chain and the "
            "outcome match"
        )
        if log.viewer != "all":
            body += f", and every entry shows exactly what {_who_viewer(log.viewer)} may see"
    return (
        f'<p class="verdict {cls}" id="rv-verdict"><strong>{head}</strong> '
        f"<span>{_e(body)}</span></p>"
    )


def _page(
    game: AnyGame,
    log: ReplayLog,
    viewer: int | None,
    verdict: Verification,
    steps: list[_Step],
    pictures: list[str],
    outcome_replayed: tuple[Outcome | None, bool],
    stopped: str | None,
    seed_given: bool,
) -> str:
    from ..core.registry import get_game

    h = log.header
    n = len(log.entries)
    title = game.info.title
    newest = get_game(h.game).info.rules_version
    rules = f"rules {h.rules_version}" + (
        f" (replayed as {h.rules_version}; newest {newest})" if newest != h.rules_version else ""
    )
    if log.viewer == "all":
        shown = (
            "full log: every action; pictures as a spectator sees the table"
            if viewer is None
            else f"full log shown as seat {viewer} saw it: its views, actions redacted for it"
        )
    else:
        shown = f"{_who_viewer(log.viewer)}'s log: what {_who_viewer(log.viewer)} saw"
    seats = f"{h.seats} seat" + ("" if h.seats == 1 else "s")
    meta = [rules, f"engine {h.engine_version}", seats, f"{n} entries", shown]
    if h.parent is not None:
        meta.append(f"forked from {h.parent.match or 'a library log'} after entry {h.parent.seq}")
    chunks, encoded = _encode(pictures)
    data = {
        "chunks": chunks,
        "pictures": encoded,
        "steps": [s.picture for s in steps],
        "no_picture": stopped or "",
    }
    outcome, replayed = outcome_replayed
    return "".join(
        [
            "<!DOCTYPE html>\n",
            '<html lang="en"><head><meta charset="utf-8">\n',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; ',
            f"script-src {_csp_hash(_SCRIPT)}; style-src {_csp_hash(_STYLE)}; ",
            "base-uri 'none'; form-action 'none'\">\n",
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
            f"<title>{_e(title)} replay ({n} steps)</title>\n",
            f"<style>{_STYLE}</style></head>\n<body>\n",
            '<div class="main">\n',
            f'<header><h1>{_e(title)}: replay</h1>\n<p class="meta">',
            " · ".join(_e(m) for m in meta),
            "</p>\n",
            _verdict(log, verdict, stopped, seed_given),
            "\n</header>\n",
            '<div class="bar"><nav class="controls" aria-label="steps">',
            '<button type="button" id="rv-first" title="first step (Home)">&#xAB; first</button>',
            '<button type="button" id="rv-prev" title="previous step (Left arrow)">',
            "&#x25C0; prev</button>",
            f'<input type="range" id="rv-slider" min="0" max="{n}" value="0" step="1" ',
            'aria-label="step">',
            '<button type="button" id="rv-next" title="next step (Right arrow)">',
            "next &#x25B6;</button>",
            '<button type="button" id="rv-last" title="last step (End)">last &#xBB;</button>',
            f'<span id="rv-counter">step 0 of {n}</span></nav>\n',
            '<p id="rv-caption" class="caption" aria-live="polite"></p></div>\n',
            _outcome_html(outcome, replayed),
            '\n<div id="rv-picture" class="picture" role="img" aria-label="the table">',
            f'<p class="nopic" id="rv-nopic">{_e(stopped or "")}</p></div>\n',
            "</div>\n",
            '<aside><h2>Steps</h2><ol id="rv-steps">',
            *(_item(s) for s in steps),
            "</ol>\n",
            _note(log, viewer),
            '<p class="keys">Keys: Left/Right arrow: a step; Home/End: the first/last; ',
            "click a step to go there. The address ends in #step=N, the step on view: ",
            "a link to it.</p></aside>\n",
            f'<script type="application/json" id="rv-data">{_json(data)}</script>\n',
            f"<script>{_SCRIPT}</script>\n",
            "</body></html>\n",
        ]
    )


def _note(log: ReplayLog, viewer: int | None) -> str:
    """How to read the actions of a page that shows them as one viewer saw them."""
    if log.viewer == "all" and viewer is None:
        return ""
    who = _who_viewer(viewer if log.viewer == "all" else log.viewer)
    return (
        f'<p class="keys">Actions read as {who} saw them at the step on view: '
        "(hidden) alone was not seen at all, a card marked (hidden) was not seen; a "
        "step that reveals more updates them.</p>"
    )


def _item(s: _Step) -> str:
    """A step of the list: its number, who acted, each form of the action (all but the
    first hidden until the script shows the one of the step on view)."""
    label = "start" if s.seq == 0 else f"#{s.seq}"
    who = f'<span class="who">{_e(s.who)}:</span> ' if s.who else ""
    acts = "".join(
        f'<span class="act{" masked" if HIDDEN in words else ""}" data-from="{step}"'
        f"{f' title={_q(form)}' if form and form != words else ''}"
        f"{' hidden' if k else ''}>{_e(words)}</span>"
        for k, (step, words, form) in enumerate(s.forms)
    )
    changes = ' class="changes"' if len(s.forms) > 1 else ""
    return (
        f'<li{changes} data-step="{s.seq}"><span class="seq">{label}</span>'
        f'<span class="what">{who}{acts}</span></li>'
    )


def _outcome_html(outcome: Outcome | None, replayed: bool) -> str:
    if outcome is None:
        return (
            '<section id="rv-outcome" class="outcome running" hidden><h2>The game is not '
            "over</h2><p>The log ends while the match is still running.</p></section>"
        )
    rows = "".join(
        f'<tr class="{_e(r.result)}"><td>{r.seat}</td><td>{_e(r.role)}</td>'
        f"<td>{_e(r.result)}</td><td>{r.score}</td></tr>"
        for r in outcome.results
    )
    note = "" if replayed else "<p>(as the log records it: not replayed)</p>"
    return (
        f'<section id="rv-outcome" class="outcome" hidden><h2>Game over: '
        f"{_e(outcome.reason)}</h2>{note}<table><thead><tr><th>seat</th><th>role</th>"
        f"<th>result</th><th>score</th></tr></thead><tbody>{rows}</tbody></table></section>"
    )


_STYLE = """
:root{color-scheme:light;font-family:DejaVu Sans,Verdana,Arial,sans-serif;color:#222;
background:#f4f6f8}
html,body{height:100%}
body{margin:0;display:flex;align-items:stretch;height:100vh;overflow:hidden}
.main{flex:1;min-width:0;display:flex;flex-direction:column;box-sizing:border-box;
height:100vh;padding:8px 16px 10px;overflow-y:auto}
header,.bar,.outcome{flex:none}
h1{font-size:20px;margin:0}
h2{font-size:16px;margin:4px 0}
.meta{margin:2px 0 4px;color:#555;font-size:12px}
.verdict{margin:2px 0;padding:4px 10px;border-radius:6px;font-size:13px;
overflow-wrap:anywhere;border:1px solid}
.verdict strong{margin-right:6px}
.verdict.ok{background:#e8f5e9;border-color:#43a047;color:#1b5e20}
.verdict.wait{background:#fff8e1;border-color:#f9a825;color:#6d4c00}
.verdict.bad{background:#ffebee;border-color:#e53935;color:#b71c1c}
.bar{background:#f4f6f8;padding:6px 0}
.controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.controls button{font:inherit;font-size:14px;padding:4px 12px;border:1px solid #789;
border-radius:5px;background:#fff;cursor:pointer}
.controls button:disabled{opacity:.4;cursor:default}
#rv-slider{flex:1;min-width:160px}
#rv-counter{font-variant-numeric:tabular-nums;min-width:9em;text-align:right}
.caption{margin:6px 0 0;padding:6px 12px;background:#fff;border-left:5px solid #1565c0;
font-size:15px;overflow-wrap:anywhere;min-height:3.3em;box-sizing:border-box}
.caption .over{color:#b71c1c}
.caption .form{color:#777;font-size:12px;font-family:DejaVu Sans Mono,monospace;
margin-left:8px}
.act.masked{color:#777;font-style:italic}
.picture{flex:1 1 0;min-height:240px;background:#fff;border:1px solid #ccd;
border-radius:6px;padding:4px;box-sizing:border-box;display:flex;align-items:center;
justify-content:center;overflow:hidden}
.picture svg{width:100%;height:100%;display:block}
.nopic{padding:40px 10px;color:#666;font-style:italic;text-align:center}
aside{width:360px;flex:none;box-sizing:border-box;height:100vh;display:flex;
flex-direction:column;background:#fff;border-left:1px solid #ccd;padding:8px 8px 4px}
#rv-steps{flex:1;min-height:0;margin:0;padding:0;list-style:none;overflow-y:auto;
font-size:12px}
#rv-steps li{display:grid;grid-template-columns:3.4em 1fr;padding:3px 5px;
border-bottom:1px solid #eee;cursor:pointer;overflow-wrap:anywhere}
#rv-steps li:hover{background:#eef3fb}
#rv-steps li.current{background:#1565c0;color:#fff}
#rv-steps li.current .act.masked{color:#dde}
#rv-steps .seq{color:#567}
#rv-steps li.current .seq{color:#fff}
#rv-steps li.current~li{color:#777}
.keys{font-size:11px;color:#666;margin:6px 0 0}
.outcome{margin:6px 0 4px;padding:6px 12px;background:#fffde7;border:2px solid #f9a825;
border-radius:6px}
.outcome.running{background:#f5f5f5;border-color:#bbb}
.outcome h2{margin:0 0 4px}
.outcome table{border-collapse:collapse;font-size:13px}
.outcome th,.outcome td{padding:1px 12px;text-align:left;border-bottom:1px solid #ddd}
.outcome tr.win td{color:#1b5e20;font-weight:bold}
.outcome tr.loss td{color:#b71c1c}
@media (max-width:900px),(max-height:560px){body{display:block;height:auto;overflow:visible}
.main{display:block;height:auto;overflow:visible}.picture{display:block;min-height:0}
.picture svg{height:auto}aside{width:auto;height:60vh;border-left:0;
border-top:1px solid #ccd}}
"""

_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("rv-data").textContent);
  var chunks = data.chunks, pictures = data.pictures, steps = data.steps;
  var n = steps.length - 1;
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("rv-slider"), pic = $("rv-picture"), caption = $("rv-caption");
  var counter = $("rv-counter"), outcome = $("rv-outcome"), list = $("rv-steps");
  var first = $("rv-first"), prev = $("rv-prev"), next = $("rv-next"), last = $("rv-last");
  var nopic = "No picture: " + (data.no_picture || "none drawn");
  var items = list.children;
  var changing = list.querySelectorAll("li.changes");
  var over = !outcome.classList.contains("running");
  var cache = {};
  var current = -1;
  function svg(k) {
    if (!(k in cache)) {
      var out = [], refs = pictures[k];
      for (var i = 0; i < refs.length; i++) {
        var r = refs[i];
        if (typeof r === "number") { out.push(chunks[r]); }
        else { for (var j = 0; j < r[1]; j++) { out.push(chunks[r[0] + j]); } }
      }
      cache[k] = out.join("");
    }
    return cache[k];
  }
  function reveal(i) {
    // each action as the viewer saw it at step i (a card face down until revealed)
    for (var c = 0; c < changing.length; c++) {
      var acts = changing[c].querySelectorAll(".act"), shown = 0;
      for (var a = 0; a < acts.length; a++) {
        if (Number(acts[a].getAttribute("data-from")) <= i) { shown = a; }
      }
      for (a = 0; a < acts.length; a++) { acts[a].hidden = a !== shown; }
    }
  }
  function hashStep() {
    // the step a #step=N address names, or -1
    var m = /^#step=(\\d+)$/.exec(window.location.hash);
    return m ? Number(m[1]) : -1;
  }
  function follow(i) {
    // the address names the step on view, without a history entry per step
    var want = "#step=" + i;
    if (window.location.hash === want) { return; }
    try { window.history.replaceState(null, "", want); }
    catch (e) { window.location.replace(want); }
  }
  function go(i, quiet) {
    i = Math.max(0, Math.min(n, i | 0));
    if (!quiet) { follow(i); }
    if (i === current) { return; }
    if (current >= 0) { items[current].classList.remove("current"); }
    current = i;
    slider.value = String(i);
    var k = steps[i];
    if (k >= 0) { pic.innerHTML = svg(k); }
    else {
      var p = document.createElement("p");
      p.className = "nopic";
      p.textContent = nopic;
      pic.replaceChildren(p);
    }
    pic.setAttribute("data-step", String(i));
    reveal(i);
    var item = items[i];
    item.classList.add("current");
    var head = document.createElement("strong");
    head.textContent = i === 0 ? "Start: " : "Step " + i + " of " + n + ": ";
    caption.replaceChildren(head);
    var parts = item.lastChild.childNodes;
    for (var c = 0; c < parts.length; c++) {
      if (parts[c].hidden) { continue; }
      caption.appendChild(parts[c].cloneNode(true));
      var form = parts[c].getAttribute && parts[c].getAttribute("title");
      if (form) {
        var code = document.createElement("span");
        code.className = "form";
        code.textContent = "[" + form + "]";
        caption.appendChild(code);
      }
    }
    if (i === n && over) {
      var end = document.createElement("strong");
      end.className = "over";
      end.textContent = " \\u2014 game over";
      caption.appendChild(end);
    }
    counter.textContent = "step " + i + " of " + n;
    outcome.hidden = i !== n;
    first.disabled = prev.disabled = i === 0;
    next.disabled = last.disabled = i === n;
    var box = list.getBoundingClientRect(), at = item.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      list.scrollTop += at.top - box.top - (box.height - at.height) / 2;
    }
  }
  first.addEventListener("click", function () { go(0); });
  prev.addEventListener("click", function () { go(current - 1); });
  next.addEventListener("click", function () { go(current + 1); });
  last.addEventListener("click", function () { go(n); });
  slider.addEventListener("input", function () { go(Number(slider.value)); });
  list.addEventListener("click", function (ev) {
    var li = ev.target.closest("li");
    if (li) { go(Number(li.getAttribute("data-step"))); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: n,
      PageUp: current - 10, PageDown: current + 10}[ev.key];
    if (to === undefined) { return; }
    ev.preventDefault();
    go(to);
  });
  window.addEventListener("hashchange", function () {
    var k = hashStep();
    if (k >= 0) { go(k); }
  });
  var start = hashStep();
  go(start < 0 ? 0 : start, start < 0);
}());
"""
