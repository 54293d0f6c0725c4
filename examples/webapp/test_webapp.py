"""The web table in a real browser: headless Chromium plays a round by clicking.

Run by ``nox -s webapp`` (which installs the ``webapp`` dependency group); it needs
Chromium and its driver (Debian's ``chromium`` and ``chromium-driver``). Every test starts
its own server on 127.0.0.1 at a free port. Screenshots are kept in ``WEBAPP_SCREENSHOTS``
(``examples/webapp/screenshots/`` by default, ignored by git).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
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
from websockets.sync.client import ClientConnection, connect

from chickenfoot import Match

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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """The web table in a subprocess, on 127.0.0.1 at a free port."""

    def __init__(self, *args: str) -> None:
        self.port = _free_port()
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
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    output = self.output
                    raise RuntimeError(f"the server did not start: {output}") from None
                time.sleep(0.1)

    def socket(self, seat: int) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{seat}", open_timeout=10)

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
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def shot(driver: webdriver.Chrome, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def page_state(driver: webdriver.Chrome) -> dict[str, Any]:
    """The last state message the page received (its view), as the page keeps it."""
    state: dict[str, Any] | None = driver.execute_script("return state")
    assert state is not None
    return state


def wait_for(driver: webdriver.Chrome, check: Callable[[webdriver.Chrome], object]) -> Any:
    return WebDriverWait(driver, 20, poll_frequency=0.05).until(check)


def my_turn(driver: webdriver.Chrome) -> bool:
    """Whether the page shows seat 0 to move with its move buttons drawn."""
    state = driver.execute_script("return state")
    if state is None:
        return False
    round_ = state["view"]["round"]
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    return bool(round_["to_move"] == 0 and round_["legal_moves"] and buttons)


def moved(length: int) -> Callable[[webdriver.Chrome], bool]:
    """A wait condition: the round has more than ``length`` moves, or a new one began."""

    def check(driver: webdriver.Chrome) -> bool:
        view = page_state(driver)["view"]
        return view["round_number"] != 1 or len(view["round"]["history"]) > length

    return check


def receive(sock: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on ``sock`` (state messages may come between)."""
    while True:
        message: dict[str, Any] = json.loads(sock.recv(timeout=10))
        if message["type"] == kind:
            return message


# -- a whole round by clicking ------------------------------------------------------------


def test_a_round_is_played_to_its_end_by_clicking(
    start: Callable[..., Server], browser: webdriver.Chrome
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", str(SEED)
    )
    browser.get(f"{server.url}/?seat=0")
    wait_for(browser, my_turn)
    shot(browser, "01-first-move")
    assert browser.find_element(By.ID, "round-number").text == "1"
    clicks = tile_clicks = 0
    shown_mid_round = False
    while page_state(browser)["view"]["round_number"] == 1:
        wait_for(browser, lambda d: my_turn(d) or page_state(d)["view"]["round_number"] != 1)
        state = page_state(browser)
        if state["view"]["round_number"] != 1:
            break
        round_ = state["view"]["round"]
        legal = round_["legal_moves"]
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button.move")
        assert [b.get_attribute("data-move") for b in buttons] == legal
        length = len(round_["history"])
        # Click a tile of the hand when it has exactly one move, else the first move button.
        tiles = [m.split("@")[0] for m in legal if m[0].isdigit()]
        single = [t for t in tiles if tiles.count(t) == 1]
        if single and tile_clicks < 3:
            group = browser.find_element(
                By.CSS_SELECTOR, f'#table .hand-tile[data-tile="{single[0]}"]'
            )
            assert "playable" in (group.get_attribute("class") or "")
            group.click()
            tile_clicks += 1
        else:
            buttons[0].click()
        clicks += 1
        wait_for(browser, moved(length))
        if not shown_mid_round and len(page_state(browser)["view"]["round"]["history"]) >= 14:
            shot(browser, "02-mid-round")
            shown_mid_round = True
        assert clicks < 200, "the round does not end"
    state = page_state(browser)["view"]
    assert state["round_number"] == 2
    assert len(state["results"]) == 1  # round 1 is scored
    rows = browser.find_elements(By.CSS_SELECTOR, "#results tr.result")
    assert [c.text for c in rows[0].find_elements(By.TAG_NAME, "td")][1:] == [
        str(s) for s in state["results"][0]
    ]
    assert tile_clicks >= 1
    assert "is over" in browser.find_element(By.ID, "message").text
    shot(browser, "03-round-over")
    # The server's match agrees with what the page was shown.
    with server.socket(0) as sock:
        receive(sock, "state")
        sock.send(json.dumps({"type": "save"}))
        match = Match.from_json(receive(sock, "record")["record"])
    assert len(match.finished) == 1
    assert list(match.results[0]) == state["results"][0]
    assert match.view(0).to_dict() == state


# -- junk and moves out of turn -----------------------------------------------------------


def test_junk_and_moves_out_of_turn_are_refused_and_change_nothing(
    start: Callable[..., Server],
) -> None:
    server = start(
        "--preset", "chickie-duel", "--players", "2", "--humans", "0,1", "--seed", str(SEED)
    )
    with server.socket(0) as zero, server.socket(1) as one:
        first = receive(zero, "state")["view"]
        receive(one, "state")
        to_move = first["round"]["to_move"]
        other = one if to_move == 0 else zero
        other_seat = 1 - to_move
        junk = [
            "hello",
            "{",
            "[1, 2]",
            '{"type": 3}',
            '{"type": "dance"}',
            '{"type": "move"}',
            '{"type": "move", "move": 12}',
            '{"type": "move", "move": "9-4"}',
            '{"type": "move", "move": "6-6@1-1"}',
            '{"type": "load", "record": "{}"}',
            '{"type": "load"}',
            "x" * 6_000_000,
        ]
        for text in junk:
            other.send(text)
            error = receive(other, "error")
            assert error["message"], text
        # A legal move of the seat to move, sent by the other seat (R11).
        move = first["round"]["legal_moves"][0] if first["round"]["legal_moves"] else "draw"
        mover = zero if to_move == 0 else one
        other.send(json.dumps({"type": "move", "move": move, "seat": to_move}))
        error = receive(other, "error")
        assert error["rule"] == "R11"
        assert f"it is seat {to_move}'s turn, not seat {other_seat}'s" in error["message"]
        # Nothing changed: the record still has no moves, and the seat to move can move.
        other.send(json.dumps({"type": "save"}))
        record = json.loads(receive(other, "record")["record"])
        assert record["rounds"][0]["moves"] == []
        mover.send(json.dumps({"type": "move", "move": move}))
        after = receive(mover, "state")["view"]
        assert [e["move"] for e in after["round"]["history"]] == [move]
    # A socket for a seat that is not a person's is closed.
    bot_server = start("--preset", "chickie-duel", "--players", "2", "--humans", "0")
    with bot_server.socket(1) as sock:
        assert "not a seat for people" in receive(sock, "error")["message"]


# -- save, restart and load mid-round -----------------------------------------------------


def _play_clicks(driver: webdriver.Chrome, count: int) -> None:
    for _ in range(count):
        wait_for(driver, my_turn)
        length = len(page_state(driver)["view"]["round"]["history"])
        driver.find_elements(By.CSS_SELECTOR, "#moves button.move")[0].click()
        wait_for(driver, moved(length))


def test_save_restart_and_load_mid_round(
    start: Callable[..., Server], browser: webdriver.Chrome, tmp_path: Path
) -> None:
    args = ("--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", str(SEED))
    server = start(*args)
    browser.get(f"{server.url}/?seat=0")
    _play_clicks(browser, 5)
    wait_for(browser, my_turn)
    before = page_state(browser)["view"]
    assert before["round_number"] == 1
    assert before["round"]["history"]
    browser.find_element(By.ID, "save").click()
    wait_for(browser, lambda d: d.find_element(By.ID, "record").get_attribute("value"))
    saved = browser.find_element(By.ID, "record").get_attribute("value") or ""
    assert Match.from_json(saved).view(0).to_dict() == before
    shot(browser, "04-saved")

    # The server goes down and comes back from the saved record: the page reconnects.
    path = tmp_path / "saved.json"
    path.write_text(saved, encoding="utf-8")
    server.stop()
    again = start("--record", str(path), "--humans", "0")
    browser.get(f"{again.url}/?seat=0")
    wait_for(browser, my_turn)
    assert page_state(browser)["view"] == before
    _play_clicks(browser, 2)
    assert page_state(browser)["view"] != before
    again.stop()

    # A fresh server with another match loads the record from the page.
    fresh = start("--preset", "chickie-duel", "--players", "2", "--humans", "0", "--seed", "99")
    browser.get(f"{fresh.url}/?seat=0")
    wait_for(browser, lambda d: d.execute_script("return state") is not None)
    assert page_state(browser)["view"] != before
    field = browser.find_element(By.ID, "record")
    browser.execute_script("arguments[0].value = arguments[1]", field, saved)
    browser.find_element(By.ID, "load").click()
    wait_for(browser, lambda d: page_state(d)["view"] == before)
    shot(browser, "05-loaded")
