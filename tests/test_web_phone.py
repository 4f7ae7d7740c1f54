"""The page as a group meets it: on a phone (390 x 844, a touch screen) and a
laptop (1280 x 800), in Dutch, German and English, in a real browser
(headless Chromium) against the real server, with bots behind a gate.

Every page on the way (the set-up, its problems, an odd deck, the advisor,
a game under way, the wall, the end, the story, the stories, a missing page)
is checked at once for what a phone needs: nothing wider than the screen,
every tap target at least 44 px high, no option id, catalogue id or code
value in what it says, each problem next to its field. Screenshots of each
step: tests/artifacts/web/<lang>-<phone|laptop>-<step>.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import voices
from engine.catalog import CARD_IDS, VARIANT_IDS
from engine.registry import ROLES
from tests.web_fixtures import (
    ARTIFACTS,
    CHROMEDRIVER,
    CHROMIUM,
    LAPTOP,
    PHONE,
    Box,
    chromium,
    get,
    open_part,
    screen,
    screenshot,
    start_box,
    tap,
)
from web import choices, timeline
from web.advice import PLOT_DPI

#: a table with what breaks a layout: a name of 24 letters, emoji, other scripts
NAMES = ("Anna", "Maximiliaan-Alexander-Jr", "Zoë 🐺", "李小龍", "Dirk", "Eva", "Ольга", "Hanna", "Ids")
#: every id a page could leak: variants, cards, options, roles with two words
IDS = (set(VARIANT_IDS) | set(CARD_IDS) | set(choices.PAGE_OPTIONS) | set(choices.DEALT_OPTIONS)
       | set(choices.RULE_OPTIONS) | {"mayor_election_day", "wall_phones", "voice_votes"}
       | {r.value for r in ROLES})
#: code values and raw ids: snake_case words, empty lists and mappings, Python's
#: constants, a story's id
#: (a Python value stands alone: "False angel", the English name of seed 004's valse engel, is words)
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\[\]|\{\}|\b(?:None|True|False)\b(?! [a-z])|\b\d{8}-\d{6}\b")
MIN_TAP = 43.5  # 44 px, less what a renderer rounds

#: what one look at a page measures (run in the page)
MEASURE = """
const shown = el => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el);
                      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden'; };
const out = {overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
             small: [], bare: []};
for (const el of document.querySelectorAll('a[href], button, select, input, summary, label')) {
  if (!shown(el)) continue;
  const tick = el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type);
  if (tick) { if (!el.closest('label')) out.bare.push(el.id || el.name); continue; }  // its line is the target
  if (el.tagName === 'LABEL' && !el.querySelector('input[type=checkbox], input[type=radio]')
      && !el.classList.contains('seat-number')) continue;  // a field's title: the field is the target
  const h = el.getBoundingClientRect().height;
  if (h < arguments[0]) out.small.push(el.tagName + '#' + (el.id || el.textContent.trim().slice(0, 30)) + ': ' + h);
}
const main = document.querySelector('main').cloneNode(true);
main.querySelectorAll('script').forEach(s => s.remove());
out.text = main.textContent;
out.values = [...document.querySelectorAll('input:not([type=checkbox]):not([type=hidden])')].map(i => i.value);
return out;
"""


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    b, shut = start_box(tmp_path_factory.mktemp("phonebox"))
    yield b
    shut()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), \
        "Debian's chromium and chromium-driver are needed (./dev.sh installs them)"
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    driver.set_page_load_timeout(20)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def look(d: Any, shot: str, lang: str) -> str:
    """Everything a phone needs of the page on screen; its screenshot; its text."""
    m = d.execute_script(MEASURE, MIN_TAP)
    assert m["overflow"] <= 0, f"{shot}: the page is {m['overflow']} px wider than the screen"
    assert m["small"] == [], f"{shot}: tap targets under 44 px: {m['small'][:8]}"
    assert m["bare"] == [], f"{shot}: a tick without its words to tap: {m['bare']}"
    text = m["text"]
    raw = sorted(set(RAW.findall(text)))
    assert raw == [], f"{shot}: ids or code values on the page: {raw}"
    # an id of one word ("moonlight", "buried") is a leak unless the language has the word itself
    words = set(re.findall(r"\b[a-z]+\b", text)) - _vocabulary(lang)
    assert words & IDS == set(), f"{shot}: ids on the page: {sorted(words & IDS)}"
    assert not [v for v in m["values"] if v.strip() in ("[]", "{}")], f"{shot}: code values in the fields"
    assert "Traceback" not in d.page_source
    screenshot(d, shot)
    return str(text)


@cache
def _vocabulary(lang: str) -> set[str]:
    return {w.lower() for line in voices.load(lang).lines.values() for w in re.findall(r"\w+", line)}


def type_names(d: Any, names: tuple[str, ...]) -> None:
    """Names as thumbs type them; emoji (which the driver cannot type) as the keyboard's emoji panel sets them."""
    from selenium.webdriver.common.by import By

    for seat, name in enumerate(names, 1):
        field = d.find_element(By.ID, f"name_{seat}")
        if not field.is_displayed():
            tap(d, d.find_element(By.ID, "more-seats"))
        field.clear()
        if all(ord(c) < 0x10000 for c in name):
            field.send_keys(name)
        else:
            d.execute_script("arguments[0].value = arguments[1];"
                             "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", field, name)


def submit(d: Any, button: str) -> None:
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    old = d.find_element(By.TAG_NAME, "html")
    tap(d, d.find_element(By.ID, button))

    def gone(_: Any) -> bool:
        # the old page is gone; Chrome says so now and then as an inspector
        # error ("Node with given id does not belong to the document")
        # instead of a stale element
        try:
            old.is_enabled()
        except WebDriverException:  # StaleElementReferenceException is one
            return True
        return False

    WebDriverWait(d, 20).until(gone)


def in_view(d: Any, element: Any) -> bool:
    return bool(d.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;", element))


def next_to(d: Any, error: Any, field_id: str) -> float:
    """How far (px) a problem is said from the top of its field."""
    return float(d.execute_script(
        "const e = arguments[0].getBoundingClientRect(), f = document.getElementById(arguments[1]);"
        "const r = (f.closest('label') || f).getBoundingClientRect();"
        "return Math.abs(e.top - r.bottom);", error, field_id))


def let_the_game_through(box: Box) -> None:
    """Every question the bots are asked, let through until the game ends."""
    while box.runner.phase == "running":
        for gate in list(box.gates):
            if gate.asked.acquire(timeout=0.02):
                gate.go.release()


SIZES = {"phone": PHONE, "laptop": LAPTOP}


@pytest.mark.parametrize("lang, size", [("nl", "phone"), ("de", "phone"), ("en", "phone"),
                                        ("nl", "laptop"), ("de", "laptop"), ("en", "laptop")])
def test_a_group_sets_up_plays_and_reads_the_story(box: Box, browser: Any, lang: str, size: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    d, pack = browser, voices.load(lang)
    screen(d, SIZES[size])
    step = f"{lang}-{size}"

    # a fresh form in Dutch; the language changed: the page says it again, judging nothing yet
    d.get(box.url + "/?fresh=1")
    Select(d.find_element(By.ID, "lang")).select_by_value(lang)
    if lang != "nl":
        _wait(lambda: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang)
    assert not d.find_elements(By.CSS_SELECTOR, ".error, #problems")
    assert pack.line("web.setup.title") in d.find_element(By.TAG_NAME, "h1").text
    seats = [e for e in d.find_elements(By.CSS_SELECTOR, ".seats input") if e.is_displayed()]
    assert len(seats) == 8, "a phone shows the smallest table's seats, more at a tap"
    assert not d.find_elements(By.ID, "wall_phones"), "no phones write a bot game's wall"
    look(d, f"{step}-1-setup", lang)

    # a form with four things wrong, each said once, at its field, the first on screen
    type_names(d, NAMES[:2] + ("",) + NAMES[3:])
    field = d.find_element(By.ID, "werewolves")
    field.send_keys("lots")
    open_part(d, "variants-section")
    tap(d, d.find_element(By.ID, "variant_not_him"))
    d.find_element(By.ID, "vopt_not_him_days").send_keys("every other")
    open_part(d, "timing-section")
    call = d.find_element(By.ID, "call_min")
    call.clear()
    call.send_keys("soon")
    submit(d, "check")
    errors = {e.get_attribute("id"): e for e in d.find_elements(By.CSS_SELECTOR, ".error")}
    assert set(errors) == {"error-name_3", "error-werewolves", "error-vopt_not_him_days", "error-call_min"}, \
        [e.text for e in errors.values()]
    for error_id, error in errors.items():
        assert next_to(d, error, error_id.removeprefix("error-")) < 60, error_id
    assert in_view(d, errors["error-name_3"]), "the phone shows the first problem"
    assert pack.line("web.error.number", field=pack.line("web.field.call_min"), low=3, high=120) \
        == errors["error-call_min"].text.removeprefix("⚠ ").strip()
    look(d, f"{step}-2-problems", lang)

    # mended, with four werewolves for nine: the warning and its tick at the deck
    type_names(d, NAMES)
    field = d.find_element(By.ID, "werewolves")
    field.clear()
    field.send_keys("4")
    d.find_element(By.ID, "vopt_not_him_days").clear()
    d.find_element(By.ID, "vopt_not_him_days").send_keys("2, 4")
    call = d.find_element(By.ID, "call_min")
    call.clear()
    call.send_keys("3")
    submit(d, "start")
    warning = d.find_element(By.CSS_SELECTOR, ".warning")
    tick = d.find_element(By.ID, "confirm_odd")
    error = d.find_element(By.ID, "error-confirm_odd")
    assert in_view(d, error) and in_view(d, tick) and in_view(d, warning)
    assert d.find_elements(By.CSS_SELECTOR, ".error") == [error]
    look(d, f"{step}-3-odd-deck", lang)

    # the table's own deck, and is it fair? The shipped table says so at once, plainly
    field = d.find_element(By.ID, "werewolves")
    field.clear()
    open_part(d, "variants-section")
    tap(d, d.find_element(By.ID, "variant_not_him"))  # the table's answers are for the plain game
    submit(d, "advise")
    verdict = d.find_element(By.ID, "advice-verdict").text
    assert any(verdict.startswith(pack.line(f"web.advice.verdict.{v}", rate="@").split("@")[0])
               for v in ("even", "village", "werewolves")), verdict
    _wait(lambda: d.execute_script("const i = document.getElementById('advice-plot');"
                                   "return i.complete && i.naturalWidth > 300;"))
    plot = d.find_element(By.ID, "advice-plot")
    # the plot's 10 pt text, at its pixels an inch, as the screen shows it
    shown_at = d.execute_script("return arguments[0].clientWidth;", plot) / png_width(plot.get_attribute("currentSrc"))
    assert 10 * PLOT_DPI / 72 * shown_at >= 10, "the advisor's words are too small to read"
    assert in_view(d, d.find_element(By.ID, "advice")) or d.execute_script(
        "return document.getElementById('advice').getBoundingClientRect().top < window.innerHeight;")
    look(d, f"{step}-4-advice", lang)

    # the game: the page during it, the wall (closed: no wall in this game), the end
    submit(d, "start")
    _wait(lambda: box.gates and box.runner.moderator is not None)
    gate = box.gate()
    for _ in range(25):  # into the first day
        assert gate.asked.acquire(timeout=20)
        gate.go.release()
    d.get(box.url)
    assert d.find_elements(By.ID, "live")
    look(d, f"{step}-5-game", lang)
    d.get(box.url + "/wall")
    look(d, f"{step}-6-wall", lang)
    let_the_game_through(box)
    d.get(box.url)
    assert pack.line("web.finished.title") in d.find_element(By.TAG_NAME, "h1").text
    winner = d.find_element(By.ID, "winner").text
    story_id = box.runner.story_id
    assert story_id is not None
    story = box.runner.shelf.load(story_id)
    assert story is not None and winner == story["winner"] and winner.strip()
    look(d, f"{step}-7-finished", lang)

    # the story: who was who (a player a block of lines on a phone), its picture readable
    tap(d, d.find_element(By.ID, "story-link"))
    _wait(lambda: d.execute_script("const i = document.querySelector('img.timeline');"
                                   "return i && i.complete && i.naturalWidth > 300;"))
    rows = d.find_elements(By.CSS_SELECTOR, "#who tbody tr")
    assert {r.get_attribute("data-name") for r in rows} == set(NAMES)
    img = d.find_element(By.CSS_SELECTOR, "img.timeline")
    scale = d.execute_script("return arguments[0].clientWidth;", img) / png_width(img.get_attribute("currentSrc"))
    smallest = timeline.FONT_PT * timeline.DPI / 72 * scale
    assert smallest >= 10, f"the picture's smallest text is {smallest:.1f} px high"
    text = look(d, f"{step}-8-story", lang)
    assert "(" + pack.line("web.ask.vote") + ")" not in text  # "De stemming (de stemming)"
    d.get(box.url + "/stories")
    listed = d.find_element(By.ID, "stories").text
    assert story["started"] in listed and story["winner"] in listed
    look(d, f"{step}-9-stories", lang)
    status, _ = get(box.url + "/nowhere")
    assert status == 404
    d.get(box.url + "/nowhere")
    look(d, f"{step}-10-missing", lang)

    # a new game: the form again, filled in as the last one
    d.get(box.url)
    submit(d, "new")
    assert d.find_element(By.ID, "name_2").get_attribute("value") == NAMES[1]


def png_width(url: str) -> int:
    """A picture's width in its own pixels (its PNG header), not as the page sizes it."""
    import struct
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as r:
        head = r.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return int(struct.unpack(">I", head[16:20])[0])


def _wait(predicate: Any, seconds: float = 20.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        time.sleep(0.02)


def test_the_wall_option_shows_only_where_phones_write_it(tmp_path: Path, browser: Any) -> None:
    """Under the talking wall, and only while it is ticked, and only where a
    player's phone writes it (a kit, or a person at a seat of a bot game)."""
    from selenium.webdriver.common.by import By

    human, shut = start_box(tmp_path, human_seat=2, show=lambda line: None)
    try:
        d = browser
        screen(d, PHONE)
        d.get(human.url + "/?fresh=1")
        open_part(d, "variants-section")
        wall = d.find_element(By.ID, "wall_phones")
        assert not wall.is_displayed()
        tap(d, d.find_element(By.ID, "variant_talking_wall"))
        assert wall.is_displayed() and wall.is_selected()
        # every variant's own options: hidden until it is ticked, then in words
        for options in d.find_elements(By.CSS_SELECTOR, ".vopts"):
            variant = options.get_attribute("id").removeprefix("vopts_")
            ticked = d.find_element(By.ID, f"variant_{variant}").is_selected()
            assert options.is_displayed() == ticked, variant
    finally:
        shut()


def test_one_person_plays_a_seat_against_bots_and_writes_the_wall_on_a_phone(
        tmp_path: Path, browser: Any) -> None:
    """``serve --bots --human-seat 2``: what the box shows seat 2 alone goes
    to that person (the terminal), nothing of anyone else's; at dusk the
    wall waits for their line from the phone, and the box reads it out."""
    from selenium.webdriver.common.by import By

    shown: list[str] = []
    box, shut = start_box(tmp_path, human_seat=2, show=shown.append, wall_seconds=60)
    pack = voices.load("nl")
    names = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
    try:
        d = browser
        screen(d, PHONE)
        d.get(box.url + "/?fresh=1")
        type_names(d, names)
        open_part(d, "variants-section")
        tap(d, d.find_element(By.ID, "variant_talking_wall"))
        assert d.find_element(By.ID, "wall_phones").is_selected()
        submit(d, "start")
        _wait(lambda: box.gates and box.runner.moderator is not None)
        written = ""
        while box.runner.phase == "running":
            assert box.wall is not None
            if box.wall.is_open and not written:
                code = re.search(r"[A-Z2-9]{3}-[A-Z2-9]{3}", "\n".join(shown))
                assert code, shown
                d.get(box.url)
                tap(d, d.find_element(By.ID, "wall-link"))
                d.find_element(By.ID, "code").send_keys(code.group(0))
                written = "De bakker was het, ik zag meel op zijn jas"
                d.find_element(By.ID, "line").send_keys(written)
                look(d, "nl-phone-wall-write", "nl")
                submit(d, "send")
                assert d.find_element(By.ID, "answer").text == pack.line("web.wall.taken")
                look(d, "nl-phone-wall-taken", "nl")
                moderator = box.runner.moderator
            for gate in list(box.gates):
                if gate.asked.acquire(timeout=0.01):
                    gate.go.release()
        assert written, "the wall never opened for seat 2 (dead before the first dusk?)"
        assert any(written in line for line in moderator.transcript.said()), "the box read the line"
        # seat 2's card, code and news, nothing meant for anyone else
        private = [line for line in shown if line != pack.line("web.box.human", seat=2, name="Bram")]
        assert private and all(line.startswith(pack.line("web.story.secret", who="Bram", line="")) for line in private)
        role = box.runner.shelf.load(box.runner.story_id or "")["people"][1]["role"]  # type: ignore[index]
        assert any(pack.line("hardware.deal.your_role", role=role) in line for line in private)
    finally:
        shut()


# -- the forum edition (seed 004) ---------------------------------------------------------------
#: the forum's role ids, playable or not: none may show on a page
FORUM_IDS = {r for r in __import__("engine.forum.catalog", fromlist=["ALL_IDS"]).ALL_IDS}


def _forum_look(d: Any, shot: str, lang: str) -> str:
    text = look(d, shot, lang)
    words = set(re.findall(r"\b[a-z]+\b", text)) - _vocabulary(lang)
    assert words & FORUM_IDS == set(), f"{shot}: forum ids on the page: {sorted(words & FORUM_IDS)}"
    return text


def _select_language(d: Any, lang: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    old = d.find_element(By.TAG_NAME, "html")
    if old.get_attribute("lang") == lang:
        return
    Select(d.find_element(By.ID, "lang")).select_by_value(lang)
    _wait(lambda: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang)


@pytest.mark.parametrize("lang, size", [("nl", "phone"), ("de", "phone"), ("en", "phone"),
                                        ("nl", "laptop"), ("de", "laptop"), ("en", "laptop")])
def test_the_forum_edition_is_set_up_on_the_page(box: Box, browser: Any, lang: str, size: str) -> None:
    """Chosen beside the board game (whose deck, rules, variants and cards
    then hide), every role of the registry by side with its name and its
    line, a count each; a deck the edition refuses said at its field with
    what to change, still chosen after a change of language; is it fair?"""
    from selenium.webdriver.common.by import By

    from web import forum

    d, pack = browser, voices.load(lang)
    forum_pack = pack.edition("forum")
    screen(d, SIZES[size])
    step = f"{lang}-{size}-forum"
    d.get(box.url + "/?fresh=1")
    _select_language(d, lang)
    type_names(d, NAMES)
    assert d.find_element(By.ID, "edition_board").is_selected(), "the board game is the default"
    tap(d, d.find_element(By.ID, "edition_forum"))
    for board_only in ("deck-fieldset", "rules-section", "variants-section"):
        assert not d.find_element(By.ID, board_only).is_displayed(), board_only
    assert d.find_element(By.ID, "forum-part").is_displayed()
    _forum_look(d, f"{step}-1-edition", lang)

    # every card and extra role the engine deals, under its side, with its name and its line
    for side, ids in [*forum.card_ids().items(), ("extra", forum.extra_ids())]:
        if not ids:
            continue
        open_part(d, f"forum-side-{side}")
        for rid in ids:
            field = d.find_element(By.ID, f"{'fextra_' if side == 'extra' else 'fcount_'}{rid}")
            line = field.find_element(By.XPATH, "./following-sibling::label").text
            assert forum_pack.role_bare(rid) in line and forum_pack.line(f"forum.about.{rid}") in line, rid
    _forum_look(d, f"{step}-2-roles", lang)

    # no werewolf: the engine's refusal, at the werewolves' count, with what to change
    for field_id, value in (("fcount_werewolf", "0"), ("fcount_seer", "2"), ("fextra_noble", "1")):
        field = d.find_element(By.ID, field_id)
        field.clear()
        field.send_keys(value)
    submit(d, "check")
    errors = d.find_elements(By.CSS_SELECTOR, ".error")
    error = d.find_element(By.ID, "error-fcount_werewolf")
    assert errors == [error] and in_view(d, error) and next_to(d, error, "fcount_werewolf") < 60
    assert forum_pack.line("refusal.no_werewolf") in error.text
    wolves = forum_pack.join([forum_pack.role_bare("werewolf")])
    assert forum_pack.line("web.hint.forum_werewolf", wolves=wolves).split("(")[0].strip() in error.text
    _forum_look(d, f"{step}-3-refused", lang)

    # another language: the forum still chosen, its counts kept, its problem said in those words
    other = next(x for x in voices.LANGUAGES if x != lang)
    _select_language(d, other)
    assert d.find_element(By.ID, "edition_forum").is_selected()
    assert d.find_element(By.ID, "fcount_seer").get_attribute("value") == "2"
    assert d.find_element(By.ID, "fextra_noble").get_attribute("value") == "1"
    assert voices.load(other).edition("forum").line("refusal.no_werewolf") in \
        d.find_element(By.ID, "error-fcount_werewolf").text
    _select_language(d, lang)

    # mended, and is it fair? The forum's own games, the plain verdict
    field = d.find_element(By.ID, "fcount_werewolf")
    field.clear()
    field.send_keys("2")
    submit(d, "advise")
    assert not d.find_elements(By.CSS_SELECTOR, ".error")
    _wait(lambda: d.find_elements(By.ID, "advice-verdict"), 60)
    verdict = d.find_element(By.ID, "advice-verdict").text
    assert any(verdict.startswith(forum_pack.line(f"web.advice.verdict_forum.{v}", rate="@").split("@")[0])
               for v in ("even", "village", "werewolves")), verdict
    assert forum_pack.line("balance.side.village") in d.find_element(By.ID, "advice-rates").text
    assert "2 × " + forum_pack.role_bare("werewolf") in d.find_element(By.ID, "forum-deck-line").text
    _forum_look(d, f"{step}-4-advice", lang)


def test_a_forum_game_from_the_page_to_its_story(box: Box, browser: Any) -> None:
    """One forum game set up on a phone, played by bots to its end: the
    page shows whose turn of the day's round it is, the dead with their
    cards as announced, nothing the table may not know; the end page says
    who won; the story loads, at a phone's size and a laptop's."""
    from selenium.webdriver.common.by import By

    from tests.web_fixtures import Secrets

    d, pack = browser, voices.load("nl")
    forum_pack = pack.edition("forum")
    screen(d, PHONE)
    d.get(box.url + "/?fresh=1")
    _select_language(d, "nl")
    type_names(d, NAMES)
    tap(d, d.find_element(By.ID, "edition_forum"))
    check = Secrets(box, "nl")
    box.check = check
    before = len(box.gates)
    submit(d, "start")
    _wait(lambda: len(box.gates) > before and box.runner.moderator is not None)
    gate = box.gate()
    turn_seen = dead_seen = False
    asked = 0
    while box.runner.phase == "running":
        if not gate.asked.acquire(timeout=0.02):
            continue
        asked += 1
        # what the table's phones read at every question (each body checked for secrets)
        assert get(f"{box.url}/live")[0] == 200
        status, body = get(f"{box.url}/state.json")
        assert status == 200
        state = json.loads(body)
        if not turn_seen and state.get("turn"):
            d.get(box.url)
            assert d.find_element(By.ID, "turn").text == forum_pack.line("web.game.turn", name=state["turn"])
            _forum_look(d, "nl-phone-forum-5-turn", "nl")
            turn_seen = True
        if not dead_seen and any(not p["alive"] for p in state.get("players", ())):
            d.get(box.url)
            dead = next(p for p in state["players"] if not p["alive"])
            item = d.find_element(By.CSS_SELECTOR, f'#live li[data-name="{dead["name"]}"]').text
            assert forum_pack.line("web.game.dead", role=dead["role"]) in item
            _forum_look(d, "nl-phone-forum-6-dead", "nl")
            dead_seen = True
        gate.go.release()
    box.check = None
    assert check.problems == [] and check.checked >= 2 * asked > 60, (check.problems[:5], check.checked)
    assert turn_seen and dead_seen and box.runner.error is None
    d.get(box.url)
    story = box.runner.shelf.load(box.runner.story_id or "")
    assert story is not None and story["settings"]["edition"] == "forum"
    assert d.find_element(By.ID, "winner").text == story["winner"] == box.runner.winner
    assert story["winner"] in {forum_pack.line(f"winner.{w}") for w in ("village", "werewolves", "lovers",
                                                                          "corpse", "nobody")}
    _forum_look(d, "nl-phone-forum-7-finished", "nl")
    tap(d, d.find_element(By.ID, "story-link"))
    assert {r.get_attribute("data-name") for r in d.find_elements(By.CSS_SELECTOR, "#who tbody tr")} == set(NAMES)
    _forum_look(d, "nl-phone-forum-8-story", "nl")
    screen(d, LAPTOP)
    _forum_look(d, "nl-laptop-forum-8-story", "nl")
    d.get(box.url)
    submit(d, "new")  # the form again, as the forum game had it
    assert d.find_element(By.ID, "edition_forum").is_selected()
