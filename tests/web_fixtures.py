"""The page on a real server (uvicorn on a free localhost port) with a bot
game behind a gate, and what the tests need to look at it: a headless
Chromium (Debian's, driven by Selenium through /usr/bin/chromedriver) on a
phone-sized window, and plain HTTP for requests a browser would not send."""

from __future__ import annotations

import html
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import voices
from hardware.tokens import fake_registry
from narrator import announce
from narrator.wall import WallBoard
from ports import Answer, Input, Question
from web.advice import Advice
from web.app import Page, create_app
from web.plays import BotPlay, KitPlay, bot_hands
from web.runner import Runner
from web.story import Shelf

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
PHONE = (390, 844)
LAPTOP = (1280, 800)
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
        if not self.go.acquire(timeout=60):
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
              hands: Callable[[Any], Any] | None = None, advice: Advice | None = None,
              human_seat: int | None = None,
              show: Callable[[str], None] | None = None) -> tuple[Box, Callable[[], None]]:
    """The page and its runner; the games are bot games behind a gate, or with
    ``kit`` games on that kit's fake devices, bots' hands on them, in fast time
    (``hands`` sees the kit first; the talking wall stays open ``wall_seconds``).
    ``human_seat``: a bot game with one person at that seat (``show`` gets
    what the box shows them privately), the wall from their phone."""
    import uvicorn

    box_holder: dict[str, Box] = {}

    def wrap(table: Input) -> Input:
        gate = Gate(table)
        box_holder["box"].gates.append(gate)
        return gate

    play: BotPlay | KitPlay
    port = free_port()
    wall = WallBoard()
    if kit is None:
        play = BotPlay(wrap=wrap, human_seat=human_seat, wall=wall if human_seat else None,
                       wall_seconds=wall_seconds, show=show)
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
    advice = advice or Advice(games=80, swap_games=20, plot_games=20)
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
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the page's server did not start")
        time.sleep(0.02)

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
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


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


def screen(driver: Any, size: tuple[int, int] = PHONE) -> None:
    """The page as a phone (390 x 844, a touch screen) or a laptop shows it:
    Chromium's device emulation (a headless window is never narrower than 500 px)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": size[0] < 600})


def size_of(driver: Any) -> tuple[int, int]:
    return tuple(driver.execute_script("return [window.innerWidth, window.innerHeight];"))  # type: ignore[return-value]


def screenshot(driver: Any, name: str) -> Path:
    """The whole page, not only the phone's screen: the screen made as tall as
    the page for the capture (the buttons kept at a phone's bottom stay at
    the page's), then as it was."""
    import base64

    width, height = size_of(driver)
    tall = int(driver.execute_script("return document.documentElement.scrollHeight;"))
    scrolled = driver.execute_script("return window.scrollY;")
    screen(driver, (width, max(height, tall)))
    try:
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    finally:
        screen(driver, (width, height))
        driver.execute_script("window.scrollTo(0, arguments[0]);", scrolled)
    path = ARTIFACTS / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def tap(driver: Any, element: Any) -> None:
    """A finger on ``element``: scrolled to the middle of the screen first (a
    phone's buttons stay at its bottom, over what Selenium would scroll to)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()


def open_part(driver: Any, part: str) -> None:
    """Unfold a folded part of the set-up form (``rules-section``,
    ``variants-section``, ``timing-section``, ``cards``)."""
    from selenium.webdriver.common.by import By

    details = driver.find_element(By.ID, part)
    if details.get_attribute("open") is None:
        tap(driver, details.find_element(By.TAG_NAME, "summary"))


class Secrets:
    """Checks a served body against the engine's hidden state at that moment
    (in the pack of ``lang``, as the game of either edition speaks it)."""

    def __init__(self, box: Box, lang: str = "nl") -> None:
        self.box = box
        self.lang = lang
        self.problems: list[str] = []
        self.checked = 0

    def forbidden(self) -> tuple[list[str], dict[str, str], voices.Pack]:
        m = self.box.runner.moderator
        if m is None:
            return [], {}, voices.load(self.lang)
        game = m.game
        pack = voices.load(self.lang).for_setup(game.setup)
        lines = [announce.private_line(e, pack) for e in list(game.events) if not e.public]
        private = getattr(self.box.play, "private", None)
        if private is not None:
            lines += [pack.line(key, **params) for _, key, params in list(private.shown)]
        # what the box showed each player at the deal (a kit game)
        lines += [pack.line("hardware.deal.your_role", role=pack.role_bare(r.value))
                  for r in game.setup.roles.values()]
        cards = getattr(game.state, "card", None) or game.state.role  # (the forum's cards, the board's roles)
        living_roles = {p: pack.role_bare(cards[p].value) for p in game.state.living()}
        return lines, living_roles, pack

    def __call__(self, kind: str, body: str) -> None:
        self.checked += 1
        lines, living_roles, pack = self.forbidden()
        text = html.unescape(body)
        for line in lines:
            if line in text:
                self.problems.append(f"{kind}: a private line is shown: {line!r}")
        for name, role in living_roles.items():
            for item in re.findall(rf'<li[^>]*data-name="{re.escape(name)}"[^>]*>(.*?)</li>', text, re.S):
                if role in item or pack.line("web.game.dead", role=role) in item:
                    self.problems.append(f"{kind}: the role of {name}, alive, is shown")
        if kind == "state.json":
            for p in json.loads(body).get("players", []):
                if p["name"] in living_roles and p["role"] is not None:
                    self.problems.append(f"{kind}: the role of {p['name']}, alive, is sent")
        for word in ("victim", "target", "middle", "request", "decisions"):
            if kind == "state.json" and f'"{word}"' in text:
                self.problems.append(f"{kind}: the state carries {word!r}")
