"""The page on a real server (uvicorn on a free localhost port) with a bot
game behind a gate, and what the tests need to look at it: a headless
Chromium (Debian's, driven by Selenium through /usr/bin/chromedriver) on a
phone-sized window, and plain HTTP for requests a browser would not send."""

from __future__ import annotations

import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware.tokens import fake_registry
from narrator.wall import WallBoard
from ports import Answer, Input, Question
from tests.waits import GUARD_S, until
from web.advice import Advice
from web.app import Page, create_app
from web.plays import BotPlay, KitPlay, bot_hands
from web.runner import Runner
from web.story import Shelf

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
PHONE = (390, 844)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "web"


class Gate:
    """Between the moderator and the bots: each question waits until the
    test lets it through, so the test sees the page at every question."""

    def __init__(self, inner: Input) -> None:
        self.inner = inner
        self.asked = threading.Semaphore(0)
        self.go = threading.Semaphore(0)
        self.questions = 0

    def ask(self, question: Question) -> Answer:
        self.questions += 1
        self.asked.release()
        if not self.go.acquire(timeout=GUARD_S):
            raise TimeoutError("the test did not let the question through")
        return self.inner.ask(question)


@dataclass
class Box:
    url: str
    runner: Runner
    play: BotPlay | KitPlay
    served: list[tuple[str, str]] = field(default_factory=list)
    gates: list[Gate] = field(default_factory=list)
    #: called with every body served while a game runs (the secrecy check)
    check: Callable[[str, str], None] | None = None
    advice: Advice | None = None
    #: the talking wall the page and the kit's games share
    wall: WallBoard | None = None

    def gate(self) -> Gate:
        return self.gates[-1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_box(folder: Path, kit: str | None = None, *, wall_seconds: float | None = None,
              hands: Callable[[Any], Any] | None = None,
              wall_clock: Callable[[], float] | None = None) -> tuple[Box, Callable[[], None]]:
    """The page and its runner; the games are bot games behind a gate, or with
    ``kit`` games on that kit's fake devices, bots' hands on them, in fast time
    (``hands`` sees the kit first; the talking wall stays open ``wall_seconds``
    on ``wall_clock``: the real one unless a test brings its own)."""
    import uvicorn

    box_holder: dict[str, Box] = {}

    def wrap(table: Input) -> Input:
        gate = Gate(table)
        box_holder["box"].gates.append(gate)
        return gate

    play: BotPlay | KitPlay
    port = free_port()
    wall = WallBoard(clock=wall_clock) if wall_clock is not None else WallBoard()
    if kit is None:
        play = BotPlay(wrap=wrap)
    else:
        bots = bot_hands()

        def kit_hands(k: Any, game: Any, seeds: Any) -> Input:
            if hands is not None:
                hands(k)
            return wrap(bots(k, game, seeds))

        play = KitPlay(kit, fake=True, text_only=True, fast=True, journal_dir=folder / "journals",
                       hands=kit_hands, wall=wall, wall_seconds=wall_seconds)
    runner = Runner(play, Shelf(folder / "stories"), deal_seed=lambda: 2024)

    def observe(kind: str, body: str) -> None:
        box = box_holder["box"]
        box.served.append((kind, body))
        if box.check is not None:
            box.check(kind, body)

    # the advisor's off-table answers in few games: the tests look at the way, not the numbers
    advice = Advice(games=80, swap_games=20, plot_games=20)
    app = create_app(Page(runner, observe=observe, address=f"http://127.0.0.1:{port}/",
                          registry=fake_registry(seats=12), advice=advice, wall=wall))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    box = Box(f"http://127.0.0.1:{port}", runner, play, advice=advice, wall=wall)
    box_holder["box"] = box
    stop = threading.Event()
    threads = [threading.Thread(target=server.run, daemon=True),
               threading.Thread(target=runner.loop, args=(stop,), daemon=True)]
    for t in threads:
        t.start()
    until(lambda: server.started, "the page's server starts")

    def shut() -> None:
        stop.set()
        for gate in box.gates:
            for _ in range(1000):
                gate.go.release()
        server.should_exit = True
        advice.close()
        for t in threads:
            t.join(timeout=5)

    return box, shut


def post(url: str, data: dict[str, Any] | list[tuple[str, str]] | bytes,
         content_type: str = "application/x-www-form-urlencoded") -> tuple[int, str]:
    """A POST as a phone (or anything else) could send it: (status, body)."""
    body = data if isinstance(data, bytes) else urllib.parse.urlencode(data, doseq=True).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": content_type})
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def chromium(profile: Path) -> Any:
    """Debian's headless Chromium on a phone-sized window (never a browser of
    Selenium's own: the driver is given, so nothing is downloaded)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))


def screenshot(driver: Any, name: str) -> Path:
    """The whole page, not only the phone's screen (Chromium's own capture)."""
    import base64

    shot = driver.execute_cdp_cmd("Page.captureScreenshot",
                                  {"captureBeyondViewport": True, "format": "png"})
    path = ARTIFACTS / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path
