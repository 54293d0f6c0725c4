"""The web table in a real browser: headless Chromium plays a round by clicking.

Run by ``nox -s webapp`` (which installs the ``webapp`` dependency group); it needs
Chromium and its driver (Debian's ``chromium`` and ``chromium-driver``). Every test starts
its own server on 127.0.0.1 at a free port. Screenshots are kept in ``WEBAPP_SCREENSHOTS``
(``examples/webapp/screenshots/`` by default, ignored by git).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_server import finished_match, free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from chickenfoot import Match, Round, Tile, find_preset, parse_move

HERE = Path(__file__).resolve().parent
SERVER = HERE / "server.py"
SHOTS = Path(os.environ.get("WEBAPP_SCREENSHOTS", HERE / "screenshots"))
CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)
SEED = 5  # a chickie-duel match whose first round has draws, passes and doubles
RULES = find_preset("chickie-duel")


LINK = re.compile(r"^seat (\d+)(?: \(the host\))?: (http://\S+)$", re.MULTILINE)


class Server:
    """The web table in a subprocess, on 127.0.0.1 at a free port; ``links`` are the join
    links it printed, by seat."""

    def __init__(self, *args: str) -> None:
        self.port = free_port()
        self.output = ""
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, str(SERVER), "--port", str(self.port), "--bot-delay", "0"]
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 (stop closes it)
        self.process = subprocess.Popen(
            [*command, *args], stdout=self.log, stderr=subprocess.STDOUT, text=True
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/config", timeout=2) as reply:
                    self.config = json.load(reply)
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    output = self.output
                    raise RuntimeError(f"the server did not start: {output}") from None
                time.sleep(0.1)
        self.log.seek(0)
        printed = self.log.read()
        self.links: dict[int, str] = {int(n): str(link) for n, link in LINK.findall(printed)}
        assert self.links, printed

    def token(self, seat: int) -> str:
        return self.links[seat].split("#token=")[1].split("&")[0]

    @contextlib.contextmanager
    def join(self, seat: int) -> Iterator[ClientConnection]:
        """A socket joined at ``seat`` with its link's token (not the host's)."""
        with connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=10) as sock:
            sock.send(json.dumps({"type": "join", "token": self.token(seat)}))
            assert receive(sock, "joined")["seat"] == seat
            yield sock

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not self.log.closed:
            self.log.seek(0)
            self.output = self.log.read()
            self.log.close()


@pytest.fixture
def start() -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def starting(*args: str) -> Server:
        server = Server(*args)
        servers.append(server)
        return server

    yield starting
    for server in servers:
        server.stop()


#: Run in the page before its own script: keeps every frame the page's socket receives.
RECORD_FRAMES = """
window.receivedFrames = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      window.receivedFrames.push(typeof event.data === "string" ? event.data : "<binary>");
    });
  }
};
"""


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="chickenfoot-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is not None:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FRAMES})
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def shot(driver: webdriver.Chrome, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    # The whole page, below the window's height too.
    width, height = driver.execute_script(
        "const e = document.documentElement; return [e.scrollWidth, e.scrollHeight]"
    )
    clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
    picture = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    path.write_bytes(base64.b64decode(picture["data"]))
    return path


def page_state(driver: webdriver.Chrome) -> dict[str, Any]:
    """The last state message the page received, as the page keeps it."""
    state: dict[str, Any] | None = driver.execute_script("return state")
    assert state is not None
    return state


def wait_for(driver: webdriver.Chrome, check: Callable[[webdriver.Chrome], object]) -> Any:
    return WebDriverWait(driver, 20, poll_frequency=0.05).until(check)


def text(driver: webdriver.Chrome, element: str) -> str:
    return str(driver.find_element(By.ID, element).text)


def texts(driver: webdriver.Chrome, selector: str) -> list[str]:
    """The text of every element ``selector`` finds, read at one moment."""
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent)",
        selector,
    )
    return found


def holding(driver: webdriver.Chrome) -> bool:
    """Whether the page shows a finished round, waiting for Next round."""
    return bool(driver.execute_script("return held !== null"))


def my_turn(driver: webdriver.Chrome) -> bool:
    """Whether the page shows its seat to move with its move buttons drawn."""
    state = driver.execute_script("return state")
    if state is None or holding(driver):
        return False
    round_ = state["view"]["round"]
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    return bool(round_["to_move"] == round_["seat"] and round_["legal_moves"] and buttons)


def moved(length: int) -> Callable[[webdriver.Chrome], bool]:
    """A wait condition: the round has more than ``length`` moves, or it is over."""

    def check(driver: webdriver.Chrome) -> bool:
        view = page_state(driver)["view"]
        return holding(driver) or len(view["round"]["history"]) > length

    return check


def receive(sock: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on ``sock`` (state messages may come between)."""
    while True:
        message: dict[str, Any] = json.loads(sock.recv(timeout=10))
        if message["type"] == kind:
            return message


def click_a_move(driver: webdriver.Chrome, tile_clicks: int) -> bool:
    """Play one move of the page's seat by clicking: a tile of the hand that has exactly
    one move (while ``tile_clicks`` < 3), else the first move button. Whether a tile."""
    legal = page_state(driver)["view"]["round"]["legal_moves"]
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    assert [b.get_attribute("data-move") for b in buttons] == legal
    tiles = [m.split("@")[0] for m in legal if m[0].isdigit()]
    single = [t for t in tiles if tiles.count(t) == 1]
    if single and tile_clicks < 3:
        group = driver.find_element(By.CSS_SELECTOR, f'#table .hand-tile[data-tile="{single[0]}"]')
        assert "playable" in (group.get_attribute("class") or "")
        group.click()
        return True
    buttons[0].click()
    return False


# -- the truth, worked out from the seed ------------------------------------------------------


def replayed(histories: dict[int, list[str]], number: int, moves: list[str]) -> Match:
    """The match of seed ``SEED`` in round ``number`` after ``moves``, the rounds before it
    played as ``histories`` says. Every move is public, and the deal comes from the seed,
    so this is the server's own match."""
    match = Match.new(RULES, 2, seed=SEED)
    for index in range(1, number):
        for move in histories[index]:
            match = match.apply(parse_move(move))
        assert len(match.finished) == index
    for move in moves:
        match = match.apply(parse_move(move))
    return match


def hidden_from(rnd: Round, seat: int) -> set[Tile]:
    """The tiles ``seat`` may not know in ``rnd``: the other hands and the boneyard, or, in
    a finished round, the boneyard alone (the hands are shown at the end, R17)."""
    hidden = set(rnd.boneyard)
    if not rnd.is_over:
        hidden.update(t for s in range(rnd.players) if s != seat for t in rnd.hand(s))
    return hidden


TILE = re.compile(r"(?<![\d.])(\d{1,2})-(\d{1,2})(?![\d.])")


def tiles_in(value: object) -> set[Tile]:
    """Every tile written in ``value`` (any JSON value, SVG text included)."""
    text = value if isinstance(value, str) else json.dumps(value)
    found = set()
    for high, low in TILE.findall(text):
        a, b = sorted((int(high), int(low)), reverse=True)
        if a <= 6:
            found.add(Tile.parse(f"{a}-{b}"))
    return found


def _scanned(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the names of the double the round is dealt for, a public fact (R6,
    R19) even while a seat holds that tile, so that a tile string anywhere else counts."""
    if "round" in view:  # a match view
        return {**view, "round": _scanned(view["round"])}
    return {k: v for k, v in view.items() if k not in ("round_double", "dealt_for")}


def check_frames(frames: list[str], seat: int) -> int:
    """Check that no frame ``seat`` received holds a tile hidden from it when it came; the
    number of state frames checked. Each state's view must equal the seat's view of the
    match replayed from the seed: so the hidden tiles are the server's."""
    histories: dict[int, list[str]] = {}
    messages = [json.loads(frame) for frame in frames]
    for message in messages:
        last = message.get("last_round") if message["type"] == "state" else None
        if last:
            histories[last["number"]] = [e["move"] for e in last["view"]["history"]]
    checked = 0
    hidden: list[set[Tile] | None] = []
    rounds: list[int | None] = []
    for message in messages:
        if message["type"] != "state":
            hidden.append(None)
            rounds.append(None)
            continue
        view = message["view"]
        number = view["round_number"]
        match = replayed(histories, number, [e["move"] for e in view["round"]["history"]])
        assert match.view(seat).to_dict() == view
        now = hidden_from(match.round, seat)
        # The whole message but the finished round, checked against its own secrets below.
        seen = tiles_in({**message, "view": _scanned(view), "last_round": None})
        assert not seen & now, f"seat {seat} was sent {sorted(map(str, seen & now))}"
        last = message["last_round"]
        if last is not None:
            ended = match.finished[-1]
            assert last["view"] == ended.view(seat).to_dict()
            assert last["hands"] == [[str(t) for t in ended.hand(s)] for s in range(2)]
            undrawn = hidden_from(ended, seat)
            shown = {**last, "view": _scanned(last["view"])}
            assert not tiles_in(shown) & undrawn, f"seat {seat} was sent the boneyard"
        hidden.append(now)
        rounds.append(number)
        checked += 1
    # Any other frame came between two states: the tiles hidden at both were hidden then.
    for index, message in enumerate(messages):
        if message["type"] == "state":
            continue
        before = [i for i in range(index) if hidden[i] is not None]
        after = [i for i in range(index + 1, len(messages)) if hidden[i] is not None]
        secret: set[Tile] = set()
        if before:
            secret = set(hidden[before[-1]] or ())
            if after and rounds[after[0]] == rounds[before[-1]]:
                secret &= hidden[after[0]] or set()
        elif after:
            secret = set(hidden[after[0]] or ())
        assert not tiles_in(message) & secret, f"seat {seat} was sent {message}"
    return checked


# -- a whole round by clicking ------------------------------------------------------------


def test_a_round_is_played_to_its_end_by_clicking_and_its_end_stays_shown(
    start: Callable[..., Server], browser: webdriver.Chrome
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", str(SEED)
    )
    browser.get(server.links[0])
    wait_for(browser, my_turn)
    # R6: seat 0 holds the round double and is told so in words.
    assert text(browser, "obligation") == "Opening: you hold the round double 6-6; place it (R6)."
    assert text(browser, "seat") == "seat 0"
    assert "not placed yet" in text(browser, "legend-double")
    shot(browser, "01-first-move")
    assert text(browser, "round-number") == "1"
    clicks = tile_clicks = 0
    shown_mid_round = False
    words = {"Obligation", "none", "round double", "@"}
    while not holding(browser):
        wait_for(browser, lambda d: my_turn(d) or holding(d))
        if holding(browser):
            break
        obligation = text(browser, "obligation")
        assert obligation.endswith(")."), obligation  # a sentence that names its rule
        assert obligation not in words
        length = len(page_state(browser)["view"]["round"]["history"])
        tile_clicks += click_a_move(browser, tile_clicks)
        clicks += 1
        wait_for(browser, moved(length))
        assert all("@" not in item for item in texts(browser, "#history li"))
        toes = text(browser, "legend-toes")
        if not shown_mid_round and "toe place" in toes and "left" in toes and length >= 6:
            shot(browser, "02-mid-round")
            shown_mid_round = True
        assert clicks < 200, "the round does not end"
    assert tile_clicks >= 1
    assert shown_mid_round
    # The end of round 1 stays until the player goes on (R16-R18).
    state = page_state(browser)
    last = state["last_round"]
    assert state["view"]["round_number"] == 2
    assert browser.find_element(By.ID, "round-over").is_displayed()
    assert not browser.find_element(By.ID, "table-section").is_displayed()
    summary = text(browser, "round-summary")
    if last["ending"] == "went out":
        winner = "You" if last["winner"] == 0 else f"Seat {last['winner']}"
        assert summary.startswith(f"{winner} went out with ")
    else:
        assert summary.startswith("The round is blocked")
    match = replayed({}, 1, [e["move"] for e in last["view"]["history"]])
    ended = match.finished[0]
    assert ended.outcome is not None
    for seat in range(2):
        row = f"#leftovers tbody tr:nth-child({seat + 1})"
        assert texts(browser, f"{row} .chip") == [str(t) for t in ended.hand(seat)]
        assert texts(browser, f"{row} td")[2] == str(ended.outcome.scores[seat])
    assert len(texts(browser, "#leftovers tbody tr")) == 2
    scores = texts(browser, "#results tr.result:first-child td")
    assert scores[1:] == [str(s) for s in ended.outcome.scores]
    assert text(browser, "round-number") == "1"
    shot(browser, "03-round-over")
    time.sleep(0.5)  # the bot may move in round 2 meanwhile: the page still holds round 1
    assert browser.find_element(By.ID, "round-over").is_displayed()
    browser.find_element(By.ID, "next-round").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "table-section").is_displayed())
    assert not browser.find_element(By.ID, "round-over").is_displayed()
    assert text(browser, "round-number") == "2"
    frames: list[str] = browser.execute_script("return window.receivedFrames")
    assert check_frames(frames, 0) >= clicks


# -- junk and moves out of turn -----------------------------------------------------------


def test_junk_and_moves_out_of_turn_are_refused_and_change_nothing(
    start: Callable[..., Server],
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0,1", "--seed", str(SEED)
    )
    with server.join(0) as zero, server.join(1) as one:
        first = receive(zero, "state")["view"]
        receive(one, "state")
        assert first["round"]["to_move"] == 0  # R6: seat 0 holds the round double
        junk: list[str | bytes] = [
            "hello",
            "{",
            "[1, 2]",
            '{"type": 3}',
            '{"type": "dance"}',
            '{"type": "move"}',
            '{"type": "move", "move": 12}',
            '{"type": "move", "move": "9-4"}',
            '{"type": "load", "record": "{}"}',
            '{"type": "new"}',
            '{"type": "save"}',
            b"\x00binary",
            "x" * 6_000_000,
        ]
        for message in junk:
            one.send(message)
            error = receive(one, "error")
            assert error["message"], message
        # A legal move of seat 0, sent by seat 1 naming seat 0 (R11).
        one.send(json.dumps({"type": "move", "move": "6-6", "seat": 0}))
        error = receive(one, "error")
        assert error["rule"] == "R11"
        assert "it is seat 0's turn, not seat 1's" in error["message"]
        # Nothing changed: the seat to move can still make the first move.
        zero.send(json.dumps({"type": "move", "move": "6-6"}))
        after = receive(one, "state")["view"]
        assert [e["move"] for e in after["round"]["history"]] == ["6-6"]
    # A link's token is needed: a made-up one is refused and the socket closed.
    with connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=10) as sock:
        sock.send(json.dumps({"type": "join", "token": "seat-1"}))
        assert "not a seat's" in receive(sock, "error")["message"]
        with pytest.raises(ConnectionClosed):
            sock.recv(timeout=10)
    # A bot's seat has no link.
    bot_server = start("--preset", "chickie-duel", "--players", "2", "--humans", "0")
    assert sorted(bot_server.links) == [0]


# -- the Hint button --------------------------------------------------------------------------


def test_the_hint_button_shows_the_search_s_best_move_and_its_worth(
    start: Callable[..., Server], browser: webdriver.Chrome
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", str(SEED)
    )
    browser.get(server.links[0])
    wait_for(browser, my_turn)
    # R6: placing the round double is the only move, and the hint says so.
    browser.find_element(By.ID, "hint-button").click()
    wait_for(browser, lambda d: text(d, "hint").startswith("Hint:"))
    assert text(browser, "hint") == (
        "Hint: Place 6-6, the round double, the only move that counts here."
    )
    _play_clicks(browser, 1)
    assert text(browser, "hint") == ""  # a hint is for the position it was asked in
    while True:  # to a turn with a real choice
        wait_for(browser, lambda d: my_turn(d) or holding(d))
        assert not holding(browser), "no choice in round 1"
        legal = page_state(browser)["view"]["round"]["legal_moves"]
        if len({m.split("@")[0] for m in legal}) > 1:
            break
        _play_clicks(browser, 1)
    browser.find_element(By.ID, "hint-button").click()
    wait_for(browser, lambda d: text(d, "hint").startswith("Hint:"))
    hint = text(browser, "hint")
    buttons = {
        b.text: b.get_attribute("data-move")
        for b in browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
    }
    named = [words for words in buttons if hint.startswith(f"Hint: {words},")]
    assert len(named) == 1, (hint, buttons)
    assert re.search(r"worth [+-]\d+\.\d \u00b1 \d+\.\d points against the others \(R17\)", hint)
    assert re.search(r"by \d+ playouts of a search bot\.$", hint)
    shot(browser, "06-hint")
    _play_clicks(browser, 1)
    assert text(browser, "hint") == ""


# -- the probe: every message mid-round, and nothing hidden comes back ----------------------


def _probe(sock: ClientConnection, server: Server, view: dict[str, Any]) -> None:
    """Send every message type from seat 1 mid-round, with its own tiles only."""
    mine = view["round"]["hand"]
    table = [p["tile"] for p in view["round"]["table"]["placements"]]
    other = Match.new(RULES, 2, seed=99).to_json()
    for message in [
        {"type": "join", "token": server.token(1)},
        {"type": "join", "token": server.token(0)},
        {"type": "state"},
        {"type": "hint"},
        {"type": "move", "move": "draw"},
        {"type": "move", "move": "pass"},
        {"type": "move", "move": f"{mine[0]}@{table[0]}"},
        {"type": "move", "move": mine[-1]},
        {"type": "save"},
        {"type": "load", "record": other},
        {"type": "new"},
        {"type": "dance"},
        {"type": "error"},
    ]:
        sock.send(json.dumps(message))
    sock.send(b"binary")
    sock.send("{")


def test_a_seat_that_sends_every_message_mid_round_is_never_sent_a_hidden_tile(
    start: Callable[..., Server], browser: webdriver.Chrome
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0,1", "--seed", str(SEED)
    )
    browser.get(server.links[0])  # seat 0, the host, plays by clicking
    frames: list[str] = []
    probes = 0
    with server.join(1) as one:
        latest: dict[str, Any] | None = None
        tile_clicks = 0
        while True:
            try:
                frame = str(one.recv(timeout=0.05))
                frames.append(frame)
                message = json.loads(frame)
                if message["type"] == "state":
                    latest = message
                continue
            except TimeoutError:
                pass
            if latest is None:
                continue
            view = latest["view"]
            history = view["round"]["history"]
            if view["round_number"] == 2 and len(history) >= 2:
                break
            if probes < 3 and len(history) in (4, 9, 14) and view["round_number"] == 1:
                _probe(one, server, view)
                probes += 1
                latest = None  # wait for the state the probe asked for
                continue
            if view["round"]["to_move"] == 1:
                one.send(json.dumps({"type": "move", "move": view["round"]["legal_moves"][0]}))
                latest = None
            elif holding(browser):
                browser.find_element(By.ID, "next-round").click()
            elif my_turn(browser):
                length = len(page_state(browser)["view"]["round"]["history"])
                tile_clicks += click_a_move(browser, tile_clicks)
                wait_for(browser, moved(length))
    assert probes == 3
    kinds = [json.loads(frame)["type"] for frame in frames]
    assert kinds.count("error") >= 3 * 13
    assert "record" not in kinds
    assert check_frames(frames, 1) > 10
    seen: list[str] = browser.execute_script("return window.receivedFrames")
    assert check_frames(seen, 0) > 10
    # The probe changed nothing: the host's page shows the same match as seat 1.
    assert page_state(browser)["view"]["round_number"] == 2


# -- a server that keeps its record, restarts, and a host who loads one -----------------------


def _play_clicks(driver: webdriver.Chrome, count: int) -> None:
    for _ in range(count):
        wait_for(driver, my_turn)
        length = len(page_state(driver)["view"]["round"]["history"])
        driver.find_elements(By.CSS_SELECTOR, "#moves button.move")[0].click()
        wait_for(driver, moved(length))


def test_the_server_keeps_its_record_restarts_from_it_and_the_host_loads_one(
    start: Callable[..., Server], browser: webdriver.Chrome, tmp_path: Path
) -> None:
    path = tmp_path / "saved.json"
    args = ("--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", str(SEED))
    server = start(*args, "--save", str(path))
    browser.get(server.links[0])
    _play_clicks(browser, 5)
    wait_for(browser, my_turn)
    before = page_state(browser)["view"]
    assert before["round"]["history"]
    assert not browser.find_element(By.ID, "save").is_enabled()  # the match is not over
    assert Match.from_json(path.read_text(encoding="utf-8")).view(0).to_dict() == before

    # The server goes down and comes back from its file with new links: the old is refused.
    server.stop()
    again = start("--record", str(path), "--humans", "0")
    assert again.links[0] != server.links[0]
    browser.get(server.links[0].replace(str(server.port), str(again.port)))
    wait_for(browser, lambda d: "not a seat's" in text(d, "message"))
    assert text(browser, "connection") == "refused"
    browser.get(again.links[0])
    wait_for(browser, my_turn)
    assert page_state(browser)["view"] == before
    again.stop()

    # A fresh table: its host loads the record from the page.
    fresh = start("--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", "99")
    browser.get(fresh.links[0])
    wait_for(browser, lambda d: d.execute_script("return state") is not None)
    assert browser.find_element(By.ID, "host-controls").is_displayed()
    field = browser.find_element(By.ID, "record")
    browser.execute_script("arguments[0].value = arguments[1]", field, path.read_text("utf-8"))
    browser.find_element(By.ID, "load").click()
    wait_for(browser, lambda d: page_state(d)["view"] == before)
    shot(browser, "04-loaded")

    # A finished match: its end is shown, and now the record is given out.
    done = finished_match()
    browser.execute_script("arguments[0].value = arguments[1]", field, done.to_json())
    browser.find_element(By.ID, "load").click()
    wait_for(browser, lambda d: page_state(d)["view"]["is_over"])
    wait_for(browser, lambda d: d.find_element(By.ID, "round-over").is_displayed())
    assert "The match is won by" in text(browser, "round-summary")
    assert not browser.find_element(By.ID, "next-round").is_displayed()
    browser.find_element(By.ID, "save").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "download").is_displayed())
    saved = browser.find_element(By.ID, "record").get_attribute("value") or ""
    assert Match.from_json(saved) == done
    shot(browser, "05-match-over")
