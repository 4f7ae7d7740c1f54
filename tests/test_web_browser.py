"""The set-up and story page in a real browser (headless Chromium on a phone-
sized window) against the real server, with bots playing through the real
moderator: set-up, a whole 11-player game watched at every question, the
story after it; bad input before and during the game.

Screenshots are kept in tests/artifacts/web/ (git-ignored).

The game plays two of seed 000's variants, the Full Moon (with its two
playable event cards, one drawn every morning) and the lycanthropic
infection, besides two rule options (wolves win at parity, the witch's single
potion); the catalogue's other variants and cards are offered as "not yet
playable" until the engine's registry has them.
"""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import voices
from engine import Role
from tests.web_fixtures import (
    ARTIFACTS,
    CHROMEDRIVER,
    CHROMIUM,
    PHONE,
    Box,
    Secrets,
    chromium,
    get,
    open_part,
    post,
    screen,
    screenshot,
    start_box,
    tap,
)

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet", "Kees")
NL = voices.load("nl")


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    b, shut = start_box(tmp_path_factory.mktemp("box"))
    yield b
    shut()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), \
        "Debian's chromium and chromium-driver are needed (./dev.sh installs them)"
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    driver.set_page_load_timeout(20)
    screen(driver, PHONE)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def _form(names: tuple[str, ...] = NAMES, **extra: object) -> dict[str, object]:
    form: dict[str, object] = {f"name_{i}": n for i, n in enumerate(names, 1)}
    form.update(action="start", voice_votes="1")
    form.update(extra)
    return form


def _text(body: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


# -- bad input before a game --------------------------------------------------------------
CASES = {
    "no names": (_form(()), NL.line("web.error.players", count=0, low=8, high=18)),
    "a seat left empty": (_form(NAMES[:5] + ("",) + NAMES[6:]), NL.line("web.error.no_name", seat=6)),
    "a name twice": (_form(NAMES[:10] + ("anna",)), NL.line("web.error.twice", name="Anna")),
    "3 players": (_form(NAMES[:3]), NL.line("web.error.players", count=3, low=8, high=18)),
    "30 players": (_form(tuple(f"P{i}" for i in range(30))), NL.line("web.error.too_many", most=18)),
    "an unknown role": (_form(special=["witch", "dragon"]), NL.line("web.error.unknown_role", role="dragon")),
    "garbage werewolves": (_form(werewolves="lots"), NL.line("web.error.werewolves", high=5)),
    "garbage call length": (_form(call_min="soon"),
                            NL.line("web.error.number", field=NL.line("web.field.call_min"), low=3, high=120)),
    "an unknown language": (_form(lang="xx"), NL.line("web.error.language", lang="xx")),
    "an unknown variant": (_form(variant="nonsense"), NL.line("web.error.unknown_variant", id="nonsense")),
    "a variant not yet playable": (_form(variant="villages_unite"),
                                   NL.line("web.error.unplayable_variant", id=NL.line("web.variant.villages_unite"))),
    "an odd deck unconfirmed": (_form(werewolves="4"), NL.line("web.error.confirm_odd")),
    "a bad mayor day": (_form(mayor_election_day="-1"), NL.line("web.error.mayor_day")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_set_up_gets_a_clear_message_and_starts_nothing(box: Box, case: str) -> None:
    form, message = CASES[case]
    status, body = post(f"{box.url}/start", form)
    assert status == 400
    assert message in _text(body), _text(body)
    assert "Traceback" not in body and box.runner.phase == "setup"


@pytest.mark.parametrize("body, content_type", [
    (b"\xff\xfe garbage \x00" * 50, "application/x-www-form-urlencoded"),
    (b"--x\r\nbroken multipart", "multipart/form-data; boundary=x"),
    (b"name_1=" + b"A" * 30_000, "application/x-www-form-urlencoded"),
])
def test_garbage_posts_get_a_clear_message(box: Box, body: bytes, content_type: str) -> None:
    status, page = post(f"{box.url}/start", body, content_type)
    assert status == 400 and "Traceback" not in page
    assert _text(page).strip(), "an empty page is no message"
    assert box.runner.phase == "setup"


def test_bad_names_in_the_browser(box: Box, browser: object) -> None:
    from selenium.webdriver.common.by import By

    d = browser
    d.get(box.url)  # type: ignore[attr-defined]
    for seat, name in enumerate(("Anna", "Bram", "", "Anna"), 1):
        if name:
            d.find_element(By.ID, f"name_{seat}").send_keys(name)  # type: ignore[attr-defined]
    _submit(d, "start")
    # each said at its seat
    assert NL.line("web.error.no_name", seat=3) in d.find_element(By.ID, "error-name_3").text  # type: ignore[attr-defined]
    assert NL.line("web.error.twice", name="Anna") in d.find_element(By.ID, "error-name_4").text  # type: ignore[attr-defined]
    screenshot(d, "bad-names")
    assert box.runner.phase == "setup"
    # another language: the page says it all again in that one, the names kept
    from selenium.webdriver.support.ui import Select

    Select(d.find_element(By.ID, "lang")).select_by_value("de")  # type: ignore[attr-defined]
    _wait_for(lambda: voices.load("de").line("web.setup.title") in d.page_source)  # type: ignore[attr-defined]
    assert d.find_element(By.ID, "name_4").get_attribute("value") == "Anna"  # type: ignore[attr-defined]
    assert voices.load("de").line("web.error.twice", name="Anna") in d.page_source  # type: ignore[attr-defined]


# -- the balance advisor ---------------------------------------------------------------------
def _advise(d: object, names: tuple[str, ...], specials: tuple[str, ...] = ()) -> None:
    from selenium.webdriver.common.by import By

    d.get(box_url(d) + "/?fresh=1")  # type: ignore[attr-defined]
    for seat, name in enumerate(names, 1):
        d.find_element(By.ID, f"name_{seat}").send_keys(name)  # type: ignore[attr-defined]
    for role in specials:
        tap(d, d.find_element(By.CSS_SELECTOR, f'input[name=special][value="{role}"]'))  # type: ignore[attr-defined]
    _submit(d, "advise")


def _submit(d: object, button: str) -> None:
    """Press a button that posts the form, and wait for the answer's page
    (reading right after the click may read the page it leaves)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    old = d.find_element(By.TAG_NAME, "html")  # type: ignore[attr-defined]
    tap(d, d.find_element(By.ID, button))  # type: ignore[attr-defined]
    WebDriverWait(d, 20).until(expected_conditions.staleness_of(old))


def box_url(d: object) -> str:
    return "/".join(d.current_url.split("/")[:3])  # type: ignore[attr-defined]


def _plot_loaded(d: object) -> int:
    return int(d.execute_script(  # type: ignore[attr-defined]
        "const i = document.getElementById('advice-plot'); return i && i.complete ? i.naturalWidth : 0;"))


def test_the_advisor_on_the_page(box: Box, browser: object) -> None:
    from selenium.webdriver.common.by import By

    import config
    from narrator.balance.advisor import Rates
    from narrator.balance.cli import side_line

    d = browser
    d.get(box.url)  # type: ignore[attr-defined]
    # seed 001's deck for 10: the shipped table answers at once
    _advise(d, NAMES[:10])
    row = next(r for r in config.balance_table()["decks"] if r["players"] == 10)
    text = d.find_element(By.ID, "advice").text  # type: ignore[attr-defined]
    assert NL.line("web.advice.from_table", games=row["games"]) in text
    village = Rates(row["games"], {s: v["wins"] for s, v in row["rates"].items()})
    assert side_line(NL, village, "village") in text
    assert len(d.find_elements(By.CSS_SELECTOR, "#advice-swaps li")) == len(row["nearest_even"])  # type: ignore[attr-defined]
    _wait_for(lambda: _plot_loaded(d) > 300)

    # the witch and the hunter in: not in the table, so the bots play it while the page works
    _advise(d, NAMES, ("witch", "hunter"))
    assert d.find_elements(By.ID, "advice-progress")  # type: ignore[attr-defined]
    assert box.advice is not None
    job = box.advice.latest()
    # (not "not job.finished": with the compiled engine built, 500 games can
    # end before this line runs; the page showed its progress above)
    assert job is not None and job.total > 0
    status, _ = get(box.url + "/")
    assert status == 200  # the page answers while the games go on
    _wait_for(lambda: d.find_elements(By.ID, "advice-source"), 120)  # type: ignore[attr-defined]
    assert job.finished and job.done == job.total
    text = d.find_element(By.ID, "advice").text  # type: ignore[attr-defined]
    assert NL.line("web.advice.from_games", games=box.advice.games) in text
    assert job.estimate is not None and side_line(NL, job.estimate.rates, "werewolves") in text
    assert d.find_elements(By.CSS_SELECTOR, "#advice-swaps li")  # type: ignore[attr-defined]
    _wait_for(lambda: _plot_loaded(d) > 300)
    _fits_the_phone(d)
    screenshot(d, "advice")

    # bad input to the advisor: said on the page, nothing played
    _advise(d, NAMES[:4] + ("",) + NAMES[5:9])
    assert NL.line("web.error.no_name", seat=5) in d.find_element(By.ID, "error-name_5").text  # type: ignore[attr-defined]
    assert not d.find_elements(By.ID, "advice")  # type: ignore[attr-defined]
    status, body = get(box.url + "/advice/424242")
    assert status == 404 and NL.line("web.advice.unknown") in _text(body)
    assert box.runner.phase == "setup"


# -- a whole game ------------------------------------------------------------------------------
def _wait_for(predicate: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        time.sleep(0.02)


def test_an_eleven_player_game_from_the_phone(box: Box, browser: object, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    d = browser
    d.get(box.url + "/?fresh=1")  # type: ignore[attr-defined]
    _fits_the_phone(d)
    for seat, name in enumerate(NAMES, 1):
        field = d.find_element(By.ID, f"name_{seat}")  # type: ignore[attr-defined]
        field.clear()
        field.send_keys(name)
    for role in ("witch", "hunter"):
        tap(d, d.find_element(By.CSS_SELECTOR, f'input[name=special][value="{role}"]'))  # type: ignore[attr-defined]
    open_part(d, "rules-section")
    open_part(d, "variants-section")
    for option in ("wolves_win_at_parity", "witch_single_potion", "variant_full_moon",
                   "variant_lycanthropy"):
        tap(d, d.find_element(By.ID, option))  # type: ignore[attr-defined]
    open_part(d, "cards")  # shown once the Full Moon is ticked
    for card in ("discontent", "ecstasy"):
        tap(d, d.find_element(By.ID, f"card_{card}"))  # type: ignore[attr-defined]
    assert not d.find_element(By.ID, "variant_villages_unite").is_enabled()  # type: ignore[attr-defined]
    open_part(d, "timing-section")
    discussion = d.find_element(By.ID, "discussion")  # type: ignore[attr-defined]
    discussion.clear()
    discussion.send_keys("60")
    _submit(d, "check")
    seats = d.find_elements(By.CSS_SELECTOR, ".seats li")  # type: ignore[attr-defined]
    token = box_token(box, 3)
    assert NL.line("web.setup.token", token=token) in seats[2].text
    # (seat 13 is folded away on a phone until it is needed: its words all the same)
    assert NL.line("web.setup.no_token") in seats[12].get_attribute("textContent")  # 12 tokens enrolled, not 13
    assert "2 × " + NL.role_bare("werewolf") in d.find_element(By.ID, "deck").text  # type: ignore[attr-defined]
    screenshot(d, "setup")

    check = Secrets(box)
    box.check = check
    tap(d, d.find_element(By.ID, "start"))  # type: ignore[attr-defined]
    _wait_for(lambda: box.gates)
    gate = box.gate()
    choice = box.runner.choice
    assert choice is not None and choice.names == NAMES
    assert choice.options["wolves_win_at_parity"] and choice.options["witch_single_potion"]
    assert sorted(choice.variants) == ["full_moon", "lycanthropy"]
    assert sorted(choice.event_cards) == ["discontent", "ecstasy"]

    def at_question(asked: int) -> None:
        if asked == 3:
            _changes_are_refused(box)
            d.get(box.url)  # type: ignore[attr-defined]
            tap(d, d.find_element(By.ID, "pause"))  # type: ignore[attr-defined]
            # read from the page's source: its script swaps #live every second
            _wait_for(lambda: NL.line("web.game.paused") in d.page_source)  # type: ignore[attr-defined]
            screenshot(d, "paused")
            tap(d, d.find_element(By.ID, "pause"))  # type: ignore[attr-defined]
        elif asked % 20 == 0:
            d.get(box.url)  # type: ignore[attr-defined]
            if asked == 40:
                screenshot(d, "game")

    moderator, asked, tallies = _watch_the_game(box, gate, check, at_question)
    assert tallies > 5  # the votes spoken aloud, shown while the ballot goes round
    game = moderator.game
    assert game.over and len(game.setup.players) == 11
    assert sorted(game.setup.variants) == ["full_moon", "lycanthropy"]
    kinds = {e.kind for e in game.events}
    assert "event_card" in kinds and "infected" in kinds  # both variants were played
    said = moderator.transcript.said()
    assert NL.line("narration.paused") in said and NL.line("narration.resumed") in said

    _the_story_after(box, d, game, NAMES, "story")


def _watch_the_game(box: Box, gate: object, check: Secrets,
                    at_question: Callable[[int], None] = lambda asked: None) -> tuple[Any, int, int]:
    """Let the game through one question at a time, reading the page's state
    at each (every body served is checked for secrets); returns (the
    moderator, how many questions, how many states had a tally)."""
    moderator = None
    asked = tallies = 0
    while True:
        if not gate.asked.acquire(timeout=0.05):  # type: ignore[attr-defined]
            if box.runner.phase == "finished":
                break
            continue
        asked += 1
        moderator = box.runner.moderator or moderator
        status, state = get(f"{box.url}/state.json")
        assert status == 200
        tallies += bool(json.loads(state).get("tally"))
        assert get(f"{box.url}/live")[0] == 200
        at_question(asked)
        gate.go.release()  # type: ignore[attr-defined]
    box.check = None
    assert check.problems == [], "\n".join(check.problems[:10])
    assert check.checked >= 2 * asked and asked > 30, (check.checked, asked)
    assert moderator is not None and box.runner.error is None
    return moderator, asked, tallies


def _the_story_after(box: Box, d: Any, game: Any, names: tuple[str, ...], shot: str) -> None:
    """After the game: the story, with every death and every role."""
    from selenium.webdriver.common.by import By

    d.get(box.url)
    tap(d, d.find_element(By.ID, "story-link"))
    rows = {r.get_attribute("data-name"): r.text for r in d.find_elements(By.CSS_SELECTOR, "#who tbody tr")}
    assert set(rows) == set(names)
    for name in names:
        assert NL.role_bare(game.setup.roles[name].value) in rows[name]
    for death in game.state.deaths:
        assert NL.line(f"web.cause.{death.cause.value}") in rows[death.name], rows[death.name]
    alive = set(game.state.living())
    assert all(NL.line("web.story.survived") in rows[n] for n in alive)
    page = d.find_element(By.TAG_NAME, "main").text  # type: ignore[attr-defined]
    assert NL.line(f"winner.{game.winner.value}") in page
    for n in range(1, game.state.night + 1):
        assert NL.line("web.phase.night", n=n) in page
    loaded = d.execute_script(  # type: ignore[attr-defined]
        "const i = document.querySelector('img.timeline'); return i.complete && i.naturalWidth;")
    assert loaded and loaded > 300
    _fits_the_phone(d)
    screenshot(d, shot)
    story_id = box.runner.story_id
    for suffix in (".json", ".png"):
        kept = box.runner.shelf.folder / f"{story_id}{suffix}"
        assert kept.stat().st_mode & 0o777 == 0o600
    status, listing = get(f"{box.url}/stories")
    assert status == 200 and f"/stories/{story_id}" in listing


@pytest.fixture(scope="module")
def kit_box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    b, shut = start_box(tmp_path_factory.mktemp("kitbox"), kit="minimal")
    yield b
    shut()


def test_a_kit_game_from_the_page(kit_box: Box, browser: object) -> None:
    """The service's way: the page sets up, the minimal kit (fake devices,
    bots' hands on its tokens and buttons) plays it through the moderator in
    fast time, the page shows only what the table may know, then the story."""
    from selenium.webdriver.common.by import By

    box, d = kit_box, browser
    names = NAMES[:8]
    d.get(box.url + "/?fresh=1")  # type: ignore[attr-defined]
    for seat, name in enumerate(names, 1):
        d.find_element(By.ID, f"name_{seat}").send_keys(name)  # type: ignore[attr-defined]
    tap(d, d.find_element(By.CSS_SELECTOR, 'input[name=special][value="witch"]'))  # type: ignore[attr-defined]
    open_part(d, "timing-section")
    tap(d, d.find_element(By.ID, "voice_votes"))  # votes by tokens on the kit  # type: ignore[attr-defined]
    check = Secrets(box)
    box.check = check
    tap(d, d.find_element(By.ID, "start"))  # type: ignore[attr-defined]
    _wait_for(lambda: box.gates)

    def at_question(asked: int) -> None:
        if asked == 10:
            d.get(box.url)  # type: ignore[attr-defined]
            assert d.find_elements(By.ID, "live")  # type: ignore[attr-defined]
            screenshot(d, "kit-game")

    moderator, asked, _ = _watch_the_game(box, box.gate(), check, at_question)
    game = moderator.game
    assert game.over and game.setup.players == names
    assert Role.WITCH in game.setup.roles.values()
    journals = list((box.runner.shelf.folder.parent / "journals").iterdir())
    assert len(journals) == 1 and journals[0].stat().st_size > 0  # the kit game journals, in its own folder
    _the_story_after(box, d, game, names, "kit-story")


def _fits_the_phone(d: object) -> None:
    """Nothing wider than the phone's screen: no sideways scrolling."""
    wide = d.execute_script(  # type: ignore[attr-defined]
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
    assert wide <= 0, f"the page is {wide} px wider than the phone"


def box_token(box: Box, seat: int) -> str:
    from hardware.tokens import fake_registry

    token = fake_registry(seats=12).token_of(seat)
    assert token is not None
    return token


def _changes_are_refused(box: Box) -> None:
    """During the game nothing but pause is taken; the game stays as it was."""
    m = box.runner.moderator
    assert m is not None
    before = (len(m.game.events), len(m.game.decisions), m.game.setup)
    busy = NL.line("web.error.busy")
    for path, form in (("/start", _form()), ("/start", _form(NAMES[:3])), ("/new", {}),
                       ("/setup", {"name_1": "Zed"}), ("/start", b"\x00garbage")):
        status, body = post(f"{box.url}{path}", form)
        assert status == 409 and busy in _text(body) and "Traceback" not in body, (path, status)
    assert (len(m.game.events), len(m.game.decisions), m.game.setup) == before
    assert box.runner.choice is not None and box.runner.choice.names == NAMES
