"""De sprekende muur from phones, in a real browser: the set-up page starts a
minimal-kit game (fake devices, bots' hands on them) with the talking wall
on the phones; at the first dusk three phones — each a headless Chromium
of its own, nothing shared — write their lines with the
codes the box showed each of them privately, the other players' lines come
from the bots, and the box reads them sorted by their words. The wall's
time stands still (tests/wall_rig.py's WallClock): it closes because
everyone wrote, however long the phones take."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import voices
from tests import wall_rig
from tests.waits import GUARD_S, until
from tests.web_fixtures import (
    ARTIFACTS,
    CHROMEDRIVER,
    CHROMIUM,
    PHONE,
    Box,
    chromium,
    open_part,
    screen,
    screenshot,
    start_box,
    tap,
)

NL = voices.load("nl")
NAMES = wall_rig.NAMES
#: the first three living players' lines at the first dusk, typed on their phones
TEXTS = ("Zo stil als Bram was vandaag", "anna kijkt steeds naar links", "Ik vertrouw de bakker niet")


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Box, list[Any]]]:
    kits: list[Any] = []
    b, shut = start_box(tmp_path_factory.mktemp("wallbox"), kit="minimal", wall_seconds=20.0, hands=kits.append,
                        wall_clock=wall_rig.WallClock())
    yield b, kits
    shut()


@pytest.fixture(scope="module")
def drivers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Any]]:
    """Three phones: a Chromium each, with a profile of its own."""
    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), "./dev.sh installs chromium and chromium-driver"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ds: list[Any] = []
    try:
        for i in range(3):
            ds.append(chromium(tmp_path_factory.mktemp(f"phone-{i}")))
            screen(ds[-1], PHONE)
            ds[-1].set_page_load_timeout(GUARD_S)
        yield ds
    finally:
        for d in ds:
            d.quit()


def _writers(living: tuple[str, ...]) -> list[str]:
    """Who writes on the test's phones at the first dusk: the first three of
    the living whose own line does not name them (that would be their doing,
    not the box's); the bots' phones write for the others."""
    return [p for p in living if not any(p.casefold() in t.casefold() for t in TEXTS)][:3]


def _let_the_bots_through(box: Box, stop: threading.Event, held: threading.Event) -> None:
    """The kit's other questions go to the bots at once, but while ``held``
    (the game waits at its next question: the test looks at the wall as the
    first dusk left it, not at the next one)."""
    until(lambda: box.gates)
    gate = box.gate()
    while not stop.is_set():
        if held.is_set():
            stop.wait(0.05)
        elif gate.asked.acquire(timeout=0.05):
            gate.go.release()


def test_phones_write_their_lines_and_the_box_reads_them_sorted(box: tuple[Box, list[Any]],
                                                                drivers: list[Any]) -> None:
    from selenium.webdriver.common.by import By

    b, kits = box
    d = drivers[0]
    assert b.wall is not None
    d.get(b.url + "/?fresh=1")
    for seat, name in enumerate(NAMES, 1):
        d.find_element(By.ID, f"name_{seat}").send_keys(name)
    open_part(d, "variants-section")
    tap(d, d.find_element(By.ID, "variant_talking_wall"))
    assert d.find_element(By.ID, "wall_phones").is_selected(), "the phones are the kit's way by default"
    open_part(d, "timing-section")
    tap(d, d.find_element(By.ID, "voice_votes"))  # votes by tokens on the kit
    tap(d, d.find_element(By.ID, "start"))
    stop, held = threading.Event(), threading.Event()
    bots = threading.Thread(target=_let_the_bots_through, args=(b, stop, held), daemon=True)
    bots.start()
    moderators: list[Any] = []
    # the bots' phones: at the first dusk for the seats the test's phones leave, empty later
    phones = wall_rig.Phones(b.wall, lambda dusk, living: [
        (p, "") for p in living if dusk != "day 1" or p not in _writers(living)],
        lambda: moderators[-1].game.state.living())
    phones.codes_from = lambda: wall_rig.codes_shown(kits[-1])
    try:
        until(lambda: b.runner.moderator is not None, "the game starts")
        moderators.append(b.runner.moderator)
        phones.start()
        until(lambda: b.wall is not None and b.wall.is_open and b.wall.dusk == "day 1", "the first dusk's wall")
        held.set()  # (the game waits in the wall now: after it, at its next question)
        living = moderators[-1].game.state.living()
        codes = wall_rig.codes_shown(kits[-1])
        assert set(codes) == set(NAMES), "every player was shown a code of their own"
        writers = _writers(living)
        lines = dict(zip(writers, TEXTS, strict=True))
        for i, seat in enumerate(writers):
            d = drivers[i]
            d.get(b.url)  # the game's page, as the phone has it from the set-up
            tap(d, d.find_element(By.ID, "wall-link"))
            until(lambda d=d: d.find_elements(By.ID, "code"), "the wall's form")
            if i == 0:  # a typo first: one clear line, the form again
                d.find_element(By.ID, "code").send_keys("ABC-DEF")
                d.find_element(By.ID, "line").send_keys(lines[seat])
                tap(d, d.find_element(By.ID, "send"))
                until(lambda d=d: NL.line("web.wall.bad_code") in d.page_source, "the bad code's line")
            d.find_element(By.ID, "code").send_keys(codes[seat].lower())
            d.find_element(By.ID, "line").send_keys(lines[seat])
            tap(d, d.find_element(By.ID, "send"))
            until(lambda d=d: d.find_elements(By.ID, "answer"), "the wall's answer")
            assert d.find_element(By.ID, "answer").text == NL.line("web.wall.taken")
            screenshot(d, f"wall-phone-{i + 1}")
        # everyone wrote: it closes (its time stands still, so for no other reason)
        until(lambda: not b.wall.is_open, "the wall closes")
        d.get(b.url + "/wall")
        assert d.find_element(By.ID, "answer").text == NL.line("web.wall.closed")
        held.clear()
        until(lambda: b.runner.phase == "finished", "the game ends")
    finally:
        stop.set()
        phones.stop()
    assert b.runner.error is None
    said = moderators[-1].transcript.said()
    prefix = NL.line("announce.wall_line", text="")
    first = said.index(NL.line("announce.wall_read", count=len(writers)))
    read = said[first + 1:first + 1 + len(writers)]
    assert read == [prefix + lines[p] for p in sorted(writers, key=lambda p: lines[p].casefold())]
    journal = next(Path(b.runner.shelf.folder.parent / "journals").iterdir())
    text = journal.read_text()
    assert all(code not in text for code in codes.values()), "no code in the journal"
    story = b.runner.shelf.load(str(b.runner.story_id))
    assert story is not None and lines[writers[0]] in str(story)  # read aloud: public
    assert not any(lines[p] in item["text"] and p in item["text"] for p in writers
                   for ch in story["chapters"] for item in ch["items"]), "the story names no writer"
