"""The replay viewer (``islandgames replay LOG --html OUT``, issue 16).

The page itself: self-contained (nothing fetched from anywhere), the same bytes for the
same log, a per-seat page holding only what that seat saw, the verdict of every kind,
logs of older rules versions. Then the page in a real browser: Debian's chromium,
headless, driven over the Chrome DevTools protocol on ``--remote-debugging-pipe``
(messages are JSON texts ending in NUL on file descriptors 3 and 4, so the standard
library is the whole client). One chromium serves the module. Without /usr/bin/chromium
the browser tests are skipped, unless ``ISLANDGAMES_REQUIRE_BROWSER=1`` (CI sets it)
makes them fail.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import html
import io
import json
import os
import re
import select
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import Match, read_log, write_log
from islandgames.bots import get_bot
from islandgames.cli import main
from islandgames.core.game import describe_action
from islandgames.core.log import ReplayLog
from islandgames.core.notation import describe
from islandgames.core.registry import game_module, get_game
from islandgames.core.rng import Rng
from islandgames.render import SVG_NS
from islandgames.render.html import page_data, page_picture, replay_html

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
SEED = 7
GOLDEN = Path(__file__).parent / "golden" / "logs"
CHROMIUM = "/usr/bin/chromium"
REQUIRE_BROWSER = "ISLANDGAMES_REQUIRE_BROWSER"


def _play(game: str, seed: int, limit: int = 5000) -> Match:
    """A match between heuristic bots, to its end or ``limit`` actions."""
    m = Match(game, seed)
    bot = get_bot(game, "heuristic")
    rngs: dict[int, Rng] = {}
    while m.outcome() is None and m.seq < limit:
        seat = m.to_act()[0]
        rng = rngs.get(seat) or Rng.from_seed(seed, f"bot{seat}")
        action, rngs[seat] = bot.choose(m.game, m.view(seat), m.legal_actions(seat), rng)
        m.act(seat, action)
    return m


@pytest.fixture(scope="module")
def matches() -> dict[str, Match]:
    return {g: _play(g, SEED) for g in GAMES}


@pytest.fixture(scope="module")
def full_pages(matches: dict[str, Match]) -> dict[str, str]:
    """Each game's page of its full log (built once: drawing every step takes a while)."""
    return {g: replay_html(m.log()) for g, m in matches.items()}


@pytest.fixture(scope="module")
def seat_pages(matches: dict[str, Match]) -> dict[int, str]:
    """The page of Not Alone's per-seat log of the Creature (0) and two Hunted."""
    return {seat: replay_html(matches["not-alone"].log(seat)) for seat in (0, 1, 2)}


def _svg(page_svg: str | None) -> ET.Element:
    assert page_svg is not None
    return ET.fromstring(page_svg.replace("<svg ", f'<svg xmlns="{SVG_NS}" ', 1))


def _steps(page: str) -> list[tuple[int, str, list[tuple[int, str]]]]:
    """Every step of the page's list: its seq, who acted, and each reading of the
    action (in words) with the step it shows from."""
    return [(seq, who, [(k, words) for k, words, _ in acts]) for seq, who, acts in _acts(page)]


def _acts(page: str) -> list[tuple[int, str, list[tuple[int, str, str | None]]]]:
    """As :func:`_steps`, each reading with its form too (the tooltip: what ``replay``
    prints, ``step(to=13)``; None: none, for a masked action or one read in its form)."""
    out = []
    for seq, item in re.findall(r'<li[^>]*data-step="(\d+)">(.*?)</li>', page):
        who = re.search(r'<span class="who">(.*?):</span>', item)
        acts = re.findall(
            r'<span class="act[^"]*" data-from="(\d+)"(?: title="([^"]*)")?[^>]*>(.*?)</span>',
            item,
        )
        out.append(
            (
                int(seq),
                "" if who is None else html.unescape(who.group(1)),
                [(int(k), html.unescape(t), html.unescape(f) if f else None) for k, f, t in acts],
            )
        )
    return out


# --- the page --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_self_contained(full_pages: dict[str, str], game: str) -> None:
    page = full_pages[game]
    low = page.lower()
    for needle in ("http://", "https://", "//cdn", "src=", "href=", "@import", "@font-face"):
        assert needle not in low, needle
    assert re.findall(r"url\((?!#)", low) == []  # only references inside a picture
    assert "<script src" not in low and "<link" not in low and "<iframe" not in low
    # the browser is told to fetch nothing at all
    assert "content=\"default-src 'none'; script-src 'sha256-" in page
    assert page.count("<script>") == 1  # the one script the policy allows, by its hash


@pytest.mark.parametrize("game", GAMES)
def test_same_log_same_bytes(
    matches: dict[str, Match], full_pages: dict[str, str], game: str
) -> None:
    buf = io.BytesIO()
    write_log(matches[game].log(), buf)
    assert replay_html(read_log(buf.getvalue())) == full_pages[game]
    assert not re.search(r"20\d\d-\d\d-\d\d", full_pages[game])  # no timestamp


def test_same_bytes_in_another_process(tmp_path: Path) -> None:
    """No hash seed, dict order or clock leaks into the page."""
    path = tmp_path / "na.iglog"
    write_log(_running("not-alone", 40).log(1), path)
    code = (
        "import hashlib, sys; from islandgames import read_log; "
        "from islandgames.render.html import replay_html; "
        "page = replay_html(read_log(sys.argv[1]), seed=int(sys.argv[2])); "
        "print(hashlib.sha256(page.encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code, str(path), str(SEED)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    here = hashlib.sha256(replay_html(read_log(path), seed=SEED).encode()).hexdigest()
    assert out.stdout.strip() == here


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_the_renderers_picture_and_the_action_in_words(
    matches: dict[str, Match], full_pages: dict[str, str], game: str
) -> None:
    m = matches[game]
    log = m.log()
    page = full_pages[game]
    data = page_data(page)
    states = list(log.states())
    assert len(data["steps"]) == len(states) == len(log.entries) + 1
    hook = game_module(game).render_svg
    for i in (0, 1, len(states) // 2, len(states) - 1):
        svg = hook(states[i], seat=None) if game != "gozer" else hook(states[i])
        expected = svg.replace(f' xmlns="{SVG_NS}"', "", 1).rstrip("\n")
        assert page_picture(data, i) == expected
    steps = _acts(page)
    assert steps[0] == (0, "", [(0, "the match as set up", None)])
    for e, shown in zip(log.entries, steps[1:], strict=True):
        action = m.game.decode_action(e.action)
        before = states[e.seq - 1]
        role = m.game.role(before, e.seat)
        # in the words of the seat that played it; its form as replay prints it
        words = describe(m.game, m.game.view(before, e.seat), e.seat, action)
        assert words != describe_action(action)  # the game's own words
        assert shown == (
            e.seq,
            f"seat {e.seat} ({role})",
            [(e.seq, words, describe_action(action))],
        )


@pytest.mark.parametrize("game", GAMES)
def test_the_last_step_shows_the_outcome(
    matches: dict[str, Match], full_pages: dict[str, str], game: str
) -> None:
    outcome = matches[game].outcome()
    assert outcome is not None
    page = full_pages[game]
    section = re.search(r'<section id="rv-outcome".*?</section>', page, re.S)
    assert section is not None
    assert "Game over" in section.group(0)
    assert html.escape(outcome.reason) in section.group(0)
    for r in outcome.results:
        assert f"<td>{r.seat}</td>" in section.group(0)


def _hands(svg: ET.Element) -> list[dict[str, str]]:
    """The cards of every hand drawn in a Not Alone picture."""
    return [
        g.attrib
        for g in svg.iter(f"{{{SVG_NS}}}g")
        if g.get("class") == "card" and g.get("data-zone") == "hand"
    ]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_per_seat_page_shows_only_what_that_seat_saw(
    matches: dict[str, Match], seat_pages: dict[int, str], seat: int
) -> None:
    m = matches["not-alone"]
    full = m.log()
    mine = m.log(seat)
    page = seat_pages[seat]
    if seat == 1:  # the same steps and pictures as the full log shown as that seat
        as_seat = replay_html(full, seat=seat)
        assert _steps(page) == _steps(as_seat) and page_data(page) == page_data(as_seat)
    data = page_data(page)
    states = list(full.states())
    own_cards = 0
    for i, state in enumerate(states):
        svg = page_picture(data, i)
        if i % 10 == 0 or i == len(states) - 1:  # that seat's view, as the renderer draws it
            expected = game_module("not-alone").render_svg(m.game.view(state, seat))
            assert svg == expected.replace(f' xmlns="{SVG_NS}"', "", 1).rstrip("\n")
        for card in _hands(_svg(svg)):
            if card["data-seat"] != str(seat):
                assert card.get("data-hidden") == "1", (i, card)  # another seat's hand
                assert "data-card" not in card
            else:
                own_cards += "data-card" in card
    if seat != 0:  # the Creature's Hunt hand is drawn by name, not as Place cards
        assert own_cards > 0
    # each action reads as the seat saw it when it was played, then as more of it was
    # revealed, ending with what the seat's log shows
    withheld = revealed = 0
    for e, r, (_, _, forms) in zip(full.entries, mine.entries, _acts(page)[1:], strict=True):
        truth = m.game.decode_action(e.action)
        before, after = states[e.seq - 1], states[e.seq]
        then = m.game.redact_action(before, e.seat, truth, seat, after)
        # in words drawn from what the seat saw of the table the action was played on
        reader = m.game.view(before, seat)
        words = "(hidden)" if then is None else describe(m.game, reader, e.seat, then)
        assert forms[0][:2] == (e.seq, words)
        logged = None if r.action is None else m.game.decode_action(r.action)
        if logged == truth:  # shown whole in the end: with its form
            assert forms[-1][1:] == (
                describe(m.game, reader, e.seat, truth),
                describe_action(truth),
            )
        else:  # masked to the end: it reads as hidden, with no form to give it away
            withheld += 1
            assert forms[-1][2] is None and "(hidden)" in forms[-1][1], forms
            assert forms[-1][1] == (
                "(hidden)" if logged is None else describe(m.game, reader, e.seat, logged)
            )
        assert [k for k, _, _ in forms] == sorted({k for k, _, _ in forms})
        revealed += len(forms) > 1
    assert withheld > 0 and revealed > 0
    assert 'class="verdict ok"' in page and "VERIFIED" in page
    assert f"exactly what seat {seat} may see" in page


def test_the_policy_hashes_are_those_of_the_page_script_and_style(
    full_pages: dict[str, str],
) -> None:
    """The page's one script and one style run because the Content Security Policy
    names their hashes: a change to either that forgot its hash would leave the page
    dead (the browser tests below would see it too)."""

    def sha(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    page = full_pages["gozer"]
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy is not None
    script = re.findall(r"<script>(.*?)</script>", page, re.S)
    style = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(script) == len(style) == 1
    assert f"script-src {sha(script[0])};" in policy.group(1)
    assert f"style-src {sha(style[0])};" in policy.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_every_step_reads_in_words_never_as_a_repr(
    full_pages: dict[str, str], seat_pages: dict[int, str], game: str
) -> None:
    """The list reads in the game's words (``move to square 13 (path)``), never the
    form ``replay`` prints (``step(to=13)``, kept as the tooltip), never a card hidden
    as a number (``cards=[0]``)."""
    pages = [full_pages[game]] + (list(seat_pages.values()) if game == "not-alone" else [])
    for page in pages:
        for _, _, forms in _acts(page)[1:]:
            for _, words, form in forms:
                assert words and "=" not in words and "()" not in words, words
                assert form is None or form != words
    hidden = [w for _, _, forms in _acts(seat_pages[1])[1:] for _, w, f in forms if f is None]
    assert hidden and all("(hidden)" in w for w in hidden)
    assert "explore: play a Place card face down (hidden)" in hidden


def test_a_spectator_page_hides_every_hand(
    matches: dict[str, Match], full_pages: dict[str, str]
) -> None:
    for page in (full_pages["not-alone"], replay_html(matches["not-alone"].log(None))):
        data = page_data(page)
        for i in range(len(data["steps"])):
            cards = _hands(_svg(page_picture(data, i)))
            assert cards and all(c.get("data-hidden") == "1" for c in cards)


def test_a_per_seat_log_cannot_be_shown_as_another_seat(
    matches: dict[str, Match], seat_pages: dict[int, str]
) -> None:
    log = matches["not-alone"].log(1)
    assert replay_html(log, seat=1) == seat_pages[1]
    with pytest.raises(ValueError, match="redacted for seat 1"):
        replay_html(log, seat=2)
    with pytest.raises(ValueError, match=r"seats 0\.\.3"):
        replay_html(log, seat=4)


def _running(game: str, n: int) -> Match:
    m = _play(game, SEED, limit=n)
    assert m.outcome() is None
    return m


def test_an_unfinished_log_gets_the_chain_only_verdict() -> None:
    m = _running("not-alone", 12)
    log = m.log(2)
    page = replay_html(log)  # a player's log of a running game: no seed
    assert 'class="verdict wait"' in page and "UNFINISHED" in page
    assert "chain-consistent" in page
    data = page_data(page)
    assert data["steps"] == [-1] * 13 and "seed is secret" in data["no_picture"]
    # the actions as the log shows them, the roles unknown (they may depend on the seed)
    seeded = replay_html(log, seed=SEED)
    for e, (seq, who, forms), (_, known, _) in zip(
        log.entries, _steps(page)[1:], _steps(seeded)[1:], strict=True
    ):
        assert (seq, who) == (e.seq, f"seat {e.seat}") and known.startswith(who + " (")
        assert forms[-1][1] == (
            "(hidden)" if e.action is None else describe_action(m.game.decode_action(e.action))
        )
    assert all(k >= 0 for k in page_data(seeded)["steps"])
    assert "every state hash matched" in seeded and "The game is not over" in seeded
    with pytest.raises(ValueError, match="seed commitment"):
        replay_html(log, seed=SEED + 1)
    with pytest.raises(ValueError, match="needs its replay"):
        replay_html(m.log(), seat=1)  # a full log as a seat: redacting needs the states
    assert f"{SEED:064x}" not in seeded  # the secret seed stays out of the page


def _tampered(log: ReplayLog, seq: int) -> ReplayLog:
    entries = list(log.entries)
    e = entries[seq - 1]
    entries[seq - 1] = attrs.evolve(e, state_hash=hashlib.sha256(b"x").hexdigest())
    return attrs.evolve(log, entries=tuple(entries))


def test_a_diverging_log_gets_the_reason_and_the_steps_before(matches: dict[str, Match]) -> None:
    log = _tampered(matches["gozer"].log(), 10)
    page = replay_html(log)
    assert 'class="verdict bad"' in page and "DIVERGED" in page
    assert "verification failed at entry 10: chain_hash" in page
    data = page_data(page)
    assert all(k >= 0 for k in data["steps"][:10]) and set(data["steps"][10:]) == {-1}
    assert "entry 10: the state hash does not match the log" in data["no_picture"]


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.iglog")))
def test_a_log_of_an_older_rules_version_is_drawn_under_it(name: str) -> None:
    log = read_log(GOLDEN / name)
    game = get_game(log.header.game)
    assert log.header.rules_version != game.info.rules_version
    page = replay_html(log)
    assert f"replayed as {log.header.rules_version}; newest {game.info.rules_version}" in page
    assert f"rules {log.header.rules_version}" in page and "VERIFIED" in page
    data = page_data(page)
    assert all(k >= 0 for k in data["steps"])
    states = list(log.states())
    old = get_game(log.header.game, log.header.rules_version)
    e = log.entries[-1]
    action = old.decode_action(e.action)
    words = describe(old, old.view(states[-2], e.seat), e.seat, action)
    assert _acts(page)[-1][2] == [(len(log.entries), words, describe_action(action))]
    assert len(data["steps"]) == len(states)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_stays_small(
    matches: dict[str, Match], full_pages: dict[str, str], game: str
) -> None:
    """A picture per step, stored as references into one table of distinct SVG
    elements: a few hundred steps take a few hundred kB, not megabytes."""
    log = matches[game].log()
    page = full_pages[game]
    data = page_data(page)
    raw = sum(len(page_picture(data, i) or "") for i in range(len(log.entries) + 1))
    assert len(page) < 400_000 and len(page) * 5 < raw, (len(page), raw)


# --- the command -----------------------------------------------------------------------


def test_the_replay_command_writes_the_page(
    matches: dict[str, Match], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log_path, out = tmp_path / "fi.iglog", tmp_path / "fi.html"
    write_log(matches["forbidden-island"].log(), log_path)
    assert main(["replay", str(log_path), "--html", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == replay_html(read_log(log_path))
    assert f"wrote {out}" in capsys.readouterr().err
    assert main(["replay", str(log_path), "--html", str(out), "--verify", "--seat", "1"]) == 0
    assert capsys.readouterr().out.startswith("VERIFIED")
    assert out.read_text(encoding="utf-8") == replay_html(read_log(log_path), seat=1)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--at", "2"], "--html goes without --at"),
        (["--show-states"], "--html goes without --show-states"),
        (["--out", "x.iglog"], "--html goes without --out"),
        (["--seat", "9"], "--seat 9: the log has seats 0..3"),
    ],
)
def test_the_replay_command_refuses_what_goes_without_html(
    matches: dict[str, Match],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    log_path = tmp_path / "na.iglog"
    write_log(matches["not-alone"].log(), log_path)
    out = tmp_path / "na.html"
    assert main(["replay", str(log_path), "--html", str(out), *extra]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_the_replay_command_exit_codes_follow_the_verdict(
    matches: dict[str, Match], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    running = _running("not-alone", 9)
    path, out = tmp_path / "run.iglog", tmp_path / "run.html"
    write_log(running.log(1), path)
    assert main(["replay", str(path), "--html", str(out)]) == 0
    assert main(["replay", str(path), "--html", str(out), "--verify"]) == 3
    assert "UNFINISHED" in capsys.readouterr().out
    assert main(["replay", str(path), "--html", str(out), "--seat", "2"]) == 2
    assert "redacted for seat 1" in capsys.readouterr().err
    assert main(["replay", str(path), "--html", str(out), "--seed", str(SEED + 1)]) == 1
    assert "seed commitment" in capsys.readouterr().err
    assert main(["replay", str(path), "--html", str(out), "--seed", str(SEED)]) == 0
    assert all(k >= 0 for k in page_data(out.read_text(encoding="utf-8"))["steps"])
    bad = tmp_path / "bad.iglog"
    write_log(_tampered(matches["friday"].log(), 3), bad)
    assert main(["replay", str(bad), "--html", str(out)]) == 1
    assert "DIVERGED" in out.read_text(encoding="utf-8")


# --- in a real browser -------------------------------------------------------------------


class Browser:
    """Headless chromium over the DevTools protocol on a pipe: NUL-terminated JSON
    messages, written to the browser's fd 3 and read from its fd 4."""

    def __init__(self, profile: Path) -> None:
        to_child, self._w = os.pipe()
        self._r, from_child = os.pipe()

        def fds() -> None:  # in the child: the pipe ends as fds 3 and 4
            a = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.close(a)
            os.close(b)

        self.log = profile / "chromium.log"
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--window-size=1200,900",
            f"--user-data-dir={profile / 'profile'}",
            "--remote-debugging-pipe",
            "about:blank",
        ]
        with self.log.open("wb") as err:
            self.proc = subprocess.Popen(
                [CHROMIUM, *flags],
                stdin=subprocess.DEVNULL,
                stdout=err,
                stderr=err,
                close_fds=False,  # keeps fds 3 and 4 (every other fd is close-on-exec)
                preexec_fn=fds,  # only dup2 and close before exec
            )
        os.close(to_child)
        os.close(from_child)
        self._buf = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise TimeoutError(f"no answer from chromium; its log: {self._tail()}")
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise EOFError(f"chromium closed the pipe; its log: {self._tail()}")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def _tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:]

    def send(self, method: str, timeout: float = 20, **params: Any) -> dict[str, Any]:
        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            e = self._read(deadline)
            if e.get("method") == method:
                return e
            self.events.append(e)

    def open(self, url: str) -> None:
        """A new tab on ``url``, its console, errors and requests recorded."""
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.target = target
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable")
        self.events.clear()
        self.send("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def close_tab(self) -> None:
        self.send("Target.closeTarget", targetId=self.target)
        self.session = ""

    def js(self, expression: str) -> Any:
        reply = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def key(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent", type=kind, key=key, code=key,
                windowsVirtualKeyCode=code, nativeVirtualKeyCode=code,
            )  # fmt: skip

    def click(self, selector: str, fraction: float = 0.5) -> None:
        """A real mouse click on ``selector``, ``fraction`` of the way across it."""
        box = self.js(
            f"(function () {{ var e = document.querySelector({json.dumps(selector)}); "
            "e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect(); "
            "return [r.left, r.top, r.width, r.height]; }())"
        )
        x, y = box[0] + box[2] * fraction, box[1] + box[3] / 2
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def problems(self) -> list[str]:
        """Console messages, uncaught exceptions, log entries of level warning or
        error (a refused request, a policy violation) since the tab opened."""
        out = []
        for e in self.events:
            method, p = e.get("method"), e.get("params", {})
            if method == "Runtime.consoleAPICalled":
                out.append(f"console.{p['type']}: {p.get('args')}")
            elif method == "Runtime.exceptionThrown":
                out.append(f"exception: {p['exceptionDetails']}")
            elif method == "Log.entryAdded" and p["entry"]["level"] in ("warning", "error"):
                out.append(f"log {p['entry']['level']}: {p['entry']['text']}")
        return out

    def requests(self) -> list[str]:
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]

    def quit(self) -> None:
        try:
            self.session = ""
            self.send("Browser.close", timeout=5)
        except (OSError, TimeoutError, EOFError, RuntimeError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._w)
        os.close(self._r)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    if not os.path.exists(CHROMIUM):
        reason = f"no {CHROMIUM} (Debian: apt-get install chromium chromium-driver)"
        if os.environ.get(REQUIRE_BROWSER) == "1":
            pytest.fail(f"{reason}, and {REQUIRE_BROWSER}=1 requires it", pytrace=False)
        pytest.skip(reason)
    b = Browser(tmp_path_factory.mktemp("chromium"))
    try:
        b.send("Browser.getVersion", timeout=60)
        yield b
    finally:
        b.quit()


@pytest.fixture(scope="module")
def pages(
    full_pages: dict[str, str],
    seat_pages: dict[int, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pages")
    made = dict(full_pages)
    made["not-alone-seat1"] = seat_pages[1]
    made["running"] = replay_html(_running("forbidden-island", 6).log())
    for name, page in made.items():
        (out / f"{name}.html").write_text(page, encoding="utf-8")
    return {name: out / f"{name}.html" for name in made}


def _state(b: Browser) -> dict[str, Any]:
    return dict(
        b.js(
            "(function () { var p = document.getElementById('rv-picture'); "
            "var svg = p.querySelector('svg'); var r = svg && svg.getBoundingClientRect(); "
            "return {step: Number(p.getAttribute('data-step')), "
            "slider: Number(document.getElementById('rv-slider').value), "
            "picture: p.innerHTML, drawn: svg ? r.width * r.height : 0, "
            "caption: document.getElementById('rv-caption').textContent, "
            "current: document.querySelector('#rv-steps li.current').getAttribute('data-step'), "
            "outcome: !document.getElementById('rv-outcome').hidden, "
            "outcomeText: document.getElementById('rv-outcome').innerText, "
            "verdict: document.getElementById('rv-verdict').innerText, "
            "next: document.getElementById('rv-next').disabled}; }())"
        )
    )


@pytest.mark.parametrize(
    "name", ["friday", "forbidden-island", "not-alone", "gozer", "not-alone-seat1"]
)
def test_in_a_browser_the_page_steps_through_the_match(
    browser: Browser, pages: dict[str, Path], matches: dict[str, Match], name: str
) -> None:
    game = name.removesuffix("-seat1")
    n = len(matches[game].log().entries)
    browser.open(pages[name].as_uri())
    try:
        s0 = _state(browser)
        assert s0["step"] == 0 and s0["slider"] == 0 and s0["current"] == "0"
        assert s0["drawn"] > 10_000 and "<svg" in s0["picture"]
        assert s0["caption"].startswith("Start") and not s0["outcome"]
        assert s0["verdict"].startswith("VERIFIED")
        browser.key("ArrowRight", 39)  # the keyboard
        s1 = _state(browser)
        assert (s1["step"], s1["slider"], s1["current"]) == (1, 1, "1")
        assert s1["caption"].startswith(f"Step 1 of {n}: seat ")
        browser.click("#rv-next")  # the button
        s2 = _state(browser)
        assert s2["step"] == 2
        browser.key("ArrowLeft", 37)
        assert _state(browser)["step"] == 1
        browser.click("#rv-slider", 0.5)  # the slider, halfway
        mid = _state(browser)
        assert n * 0.3 < mid["step"] < n * 0.7 and mid["slider"] == mid["step"]
        assert mid["picture"] != s0["picture"] and mid["drawn"] > 10_000
        assert len({s0["picture"], s2["picture"], mid["picture"]}) == 3 or game == "friday"
        browser.key("End", 35)
        end = _state(browser)
        assert end["step"] == n and end["next"] and end["outcome"]
        assert "game over" in end["caption"] and end["outcomeText"].startswith("Game over")
        outcome = matches[game].outcome()
        assert outcome is not None and outcome.reason in end["outcomeText"]
        browser.key("Home", 36)
        assert _state(browser)["picture"] == s0["picture"]
        browser.click("#rv-steps li:nth-child(4)")  # a step in the list
        assert _state(browser)["step"] == 3
        assert browser.problems() == []
        assert browser.requests() == [pages[name].as_uri()]  # nothing else fetched
    finally:
        browser.close_tab()


def test_in_a_browser_a_running_game_without_a_seed_lists_its_steps(
    browser: Browser, pages: dict[str, Path]
) -> None:
    browser.open(pages["running"].as_uri())
    try:
        s = _state(browser)
        assert s["verdict"].startswith("UNFINISHED") and s["drawn"] == 0
        assert "seed is secret" in s["picture"]
        browser.key("End", 35)
        end = _state(browser)
        assert end["step"] == 6 and end["outcome"] and "not over" in end["outcomeText"]
        assert "game over" not in end["caption"]
        assert browser.problems() == []
    finally:
        browser.close_tab()


def test_in_a_browser_an_action_reads_as_the_seat_saw_it_at_each_step(
    browser: Browser, pages: dict[str, Path]
) -> None:
    page = pages["not-alone-seat1"].read_text(encoding="utf-8")
    seq, _, forms = next(s for s in _steps(page) if len(s[2]) > 1 and s[1].startswith("seat 2"))
    browser.open(pages["not-alone-seat1"].as_uri())
    try:
        browser.click(f'#rv-steps li[data-step="{seq}"]')
        at = _state(browser)
        assert at["step"] == seq and at["caption"].endswith(forms[0][1])  # face down
        shown = f"document.querySelector('#rv-steps li[data-step=\"{seq}\"]').innerText"
        assert browser.js(shown).endswith(forms[0][1])
        reveal = forms[-1][0]
        browser.click(f'#rv-steps li[data-step="{reveal - 1}"]')
        assert browser.js(shown).endswith(forms[-2][1])  # still face down
        browser.key("ArrowRight", 39)
        assert browser.js(shown).endswith(forms[-1][1])  # the step that reveals it
        browser.key("End", 35)
        assert browser.js(shown).endswith(forms[-1][1])
        assert browser.problems() == []
    finally:
        browser.close_tab()


def _at_1280_by_900(b: Browser) -> None:
    b.send(
        "Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1,
        mobile=False,
    )  # fmt: skip


def _layout(b: Browser) -> dict[str, Any]:
    return dict(
        b.js(
            "(function () { var r = document.querySelector('#rv-picture svg')"
            ".getBoundingClientRect(); var l = document.getElementById('rv-steps'); "
            "var c = document.querySelector('#rv-steps li.current').getBoundingClientRect(); "
            "var lr = l.getBoundingClientRect(); "
            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, "
            "width: r.width, height: r.height, vw: window.innerWidth, "
            "vh: window.innerHeight, page: document.scrollingElement.scrollHeight, "
            "listScrolls: l.scrollHeight > l.clientHeight, listLeft: lr.left, "
            "currentIn: c.top >= lr.top - 1 && c.bottom <= lr.bottom + 1}; }())"
        )
    )


@pytest.mark.parametrize("name", ["gozer", "not-alone", "not-alone-seat1", "forbidden-island"])
def test_in_a_browser_the_board_stays_in_view_beside_the_steps(
    browser: Browser, pages: dict[str, Path], name: str
) -> None:
    """At 1280x900 the picture is whole on the screen beside the list of steps, at the
    start, in the middle and at the last step (with the outcome shown): the page
    itself does not scroll, the list does, and the current step is in the list's view."""
    browser.open(pages[name].as_uri() + "#step=5")
    try:
        _at_1280_by_900(browser)
        for key in (None, ("PageDown", 34), ("End", 35)):
            if key is not None:
                browser.key(*key)
            box = _layout(browser)
            assert box["page"] <= box["vh"] + 1, box  # nothing below the fold
            assert box["top"] >= 0 and box["bottom"] <= box["vh"], box  # the whole board
            assert box["right"] <= box["listLeft"] and box["height"] > 300, box
            assert box["listScrolls"] and box["currentIn"], box
        assert _state(browser)["outcome"]
        assert browser.problems() == []
    finally:
        browser.send("Emulation.clearDeviceMetricsOverride")
        browser.close_tab()


def test_in_a_browser_a_step_has_its_address(
    browser: Browser, pages: dict[str, Path], matches: dict[str, Match]
) -> None:
    """``#step=N`` opens the page at step N; stepping keeps the address on the step in
    view (without a history entry per step); a changed address moves to its step; a
    step past the end is the last one."""
    n = len(matches["gozer"].log().entries)
    uri = pages["gozer"].as_uri()
    hash_ = "window.location.hash"
    browser.open(uri)
    try:  # no address of a step: the first step, and the address left as it is
        assert _state(browser)["step"] == 0 and browser.js(hash_) == ""
    finally:
        browser.close_tab()
    browser.open(uri + "#step=5")
    try:
        s = _state(browser)
        assert (s["step"], s["slider"], s["current"]) == (5, 5, "5")
        assert s["caption"].startswith(f"Step 5 of {n}: seat ")
        history = browser.js("window.history.length")
        browser.key("ArrowRight", 39)
        assert _state(browser)["step"] == 6 and browser.js(hash_) == "#step=6"
        browser.click('#rv-steps li[data-step="3"]')
        assert browser.js(hash_) == "#step=3"
        browser.click("#rv-last")
        assert browser.js(hash_) == f"#step={n}"
        assert browser.js("window.history.length") == history  # replaced, not pushed
        browser.js("window.location.hash = '#step=2'; 0")  # a link followed, or typed
        deadline = time.monotonic() + 5
        while _state(browser)["step"] != 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _state(browser)["step"] == 2
        assert browser.problems() == []
    finally:
        browser.close_tab()
    browser.open(uri + "#step=99999")
    try:
        assert _state(browser)["step"] == n and browser.js(hash_) == f"#step={n}"
        assert browser.requests() == [pages["gozer"].as_uri()]  # nothing else fetched
    finally:
        browser.close_tab()


def test_in_a_browser_the_harness_sees_errors_and_requests(
    browser: Browser, tmp_path: Path
) -> None:
    """The checks above can fail: an uncaught exception, a console message and a
    request for another resource are all seen."""
    bad = tmp_path / "bad.html"
    bad.write_text(
        "<!DOCTYPE html><title>bad</title><img src='http://127.0.0.1:9/x.png'>"
        "<script>console.error('noisy'); null.boom();</script>",
        encoding="utf-8",
    )
    browser.open(bad.as_uri())
    try:
        problems = browser.problems()
        assert any("noisy" in p for p in problems), problems
        assert any(p.startswith("exception") for p in problems), problems
        assert "http://127.0.0.1:9/x.png" in browser.requests()
    finally:
        browser.close_tab()
