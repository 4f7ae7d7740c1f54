"""Every variant and every Full Moon card the engine plays, each set up on the
page, played to its end by bots with the page read at every question, and
asked of the advisor: no page of any of them may fail (a card that hides a
death's card once made the live page fail, a card whose last player had
nobody to spy on the advisor's bots).

Plain HTTP against the real server (the browser tests look at the pages);
each game's questions wait behind a gate while the page is read.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from engine import Game, Role
from engine.catalog import CARD_IDS, VARIANT_IDS
from narrator.bots import Bots
from narrator.seeds import Numbered
from narrator.simulation import Batch
from tests.web_fixtures import Box, get, post, start_box
from web import choices
from web.advice import Advice

NAMES = tuple(f"Speler{i}" for i in range(1, 13))
SPECIALS = ("witch", "hunter", "cupid", "little_girl")
VARIANTS = choices.playable("variants", VARIANT_IDS) or ()
CARDS = choices.playable("cards", CARD_IDS) or ()
#: what a variant needs to be more than its name on the page
VARIANT_FORM: dict[str, dict[str, object]] = {
    "moonlight": {"vopt_risky_candles": "1"},
    "not_him": {"vopt_not_him_days": "1, 3"},
    # the Full Moon's cards that bring a variant for a round do
    "full_moon": {"vopt_sunny_sunday_lycanthropy": "1", "vopt_dark_monday_not_him": "1",
                  "vopt_end_of_harvest_festival": "1"},
}
#: "Voor 7 tot 9 spelers" (de dubbele ik)
PLAYERS = {"double_me_small": 9, "double_me_big": 9}


def form_for(variant: str, card: str | None = None, action: str = "start") -> dict[str, object]:
    names = NAMES[: PLAYERS.get(variant, len(NAMES))]
    form: dict[str, object] = {f"name_{i}": n for i, n in enumerate(names, 1)}
    form.update(action=action, lang="nl", special=list(SPECIALS), call_min="3", call_max="4",
                discussion="30", voice_votes="1")
    form["variant"] = [variant] if variant == "full_moon" or card is None else [variant, "full_moon"]
    for v in form["variant"]:  # type: ignore[union-attr]
        form.update(VARIANT_FORM.get(str(v), {}))
    if card is not None:
        form["card"] = [card]
    return form


SETUPS = [(f"variant-{v}", v, None) for v in VARIANTS] + [(f"card-{c}", "full_moon", c) for c in CARDS]


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    # the advisor's answers in very few games: the way through it, not the numbers
    b, shut = start_box(tmp_path_factory.mktemp("every"), advice=Advice(games=6, swap_games=1, plot_games=1))
    yield b
    shut()


def test_the_page_offers_every_variant_and_card_the_engine_plays() -> None:
    assert len(VARIANTS) >= 10 and len(CARDS) == len(CARD_IDS), (VARIANTS, len(CARDS))


@pytest.fixture
def fresh(box: Box) -> Iterator[Box]:
    """The box between games before and after each (a failed test leaves none running)."""
    yield box
    while box.runner.phase == "running":
        for gate in list(box.gates):
            if gate.asked.acquire(timeout=0.02):
                gate.go.release()
    post(f"{box.url}/new", {})


@pytest.mark.parametrize("name, variant, card", SETUPS, ids=[s[0] for s in SETUPS])
def test_played_through_the_page_and_the_advisor(fresh: Box, name: str, variant: str, card: str | None) -> None:
    box = fresh
    status, body = post(f"{box.url}/start", form_for(variant, card, "advise"))
    assert status == 200, _text(body)[:400]
    found = re.search(r'<section id="advice" data-finished="(\d)"', body)
    assert found, "the page shows the advisor's part"
    job = box.advice.latest() if box.advice else None
    assert job is not None
    deadline = time.monotonic() + 60
    while True:
        status, part = get(f"{box.url}/advice/{job.id}")
        assert status == 200
        if 'data-finished="1"' in part:
            break
        assert time.monotonic() < deadline, "the advisor never finished"
        time.sleep(0.05)
    assert 'id="advice-problem"' not in part, _text(part)
    assert 'id="advice-verdict"' in part
    assert get(f"{box.url}/advice/{job.id}.png")[0] == 200

    # started from the set-up a person just saw (web/guard.py): the advice's page's token
    token = re.search(r'name="seen" value="([^"]+)"', part_page := body)
    assert token, _text(part_page)[:300]
    status, body = post(f"{box.url}/start", {**form_for(variant, card), "seen": token.group(1)})
    assert status == 303, _text(body)[:400]
    asked, moderator = _play_reading_the_page(box)
    game = moderator.game
    assert game.over and asked > 3
    assert variant in game.setup.variants
    if card is not None:
        drawn = [e.data["card"] for e in game.events if e.kind == "event_card"]
        assert card in drawn, f"{card} was never drawn ({asked} questions, drawn: {drawn})"
    status, page = get(f"{box.url}/")
    assert status == 200 and 'id="winner"' in page
    story = box.runner.story_id
    assert story is not None
    for path in (f"/stories/{story}", f"/stories/{story}.png", "/stories"):
        assert get(box.url + path)[0] == 200, path
    assert post(f"{box.url}/new", {})[0] == 303


def _play_reading_the_page(box: Box) -> tuple[int, Any]:
    """Let the game through one question at a time, the page read at each;
    (how many questions, the game's moderator)."""
    deadline = time.monotonic() + 120
    while not box.gates or box.runner.moderator is None:
        assert box.runner.phase == "running" and time.monotonic() < deadline
        time.sleep(0.01)
    gate = box.gate()
    asked, moderator = 0, box.runner.moderator
    while True:
        if not gate.asked.acquire(timeout=0.05):
            if box.runner.phase == "finished":
                break
            assert time.monotonic() < deadline, "the game did not end"
            continue
        asked += 1
        moderator = box.runner.moderator or moderator
        status, page = get(f"{box.url}/")
        assert status == 200, _text(page)[:300]
        status, state = get(f"{box.url}/state.json")
        assert status == 200 and json.loads(state)["state"] in ("running", "finished")
        gate.go.release()
    assert box.runner.error is None, box.runner.error
    return asked, moderator


def _text(body: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_last_one_living_in_a_night_of_madness_is_not_asked_to_spy() -> None:
    """Nacht van gekte in a game of the black death (no base win: one may be
    left alone): a former werewolf spies on another living player, and there
    is none. Before the fix game 44 of these deals stopped there, its bot
    answering None (MalformedAnswer); every one must end."""
    from engine.variants import find_variant

    cards = find_variant("black_death").fit_deck([Role(c) for c in choices.table_cards(8) or []], 8)
    batch = Batch(8, tuple(cards), seed=3, style="random", variants=("full_moon", "black_death"),
                  event_cards=CARD_IDS)
    for i in range(60):
        deal_seed, game_seed, _, bots_seed = Numbered(3).pieces(i)
        game = Game(batch.dealt(deal_seed, game_seed), validate=False, cues=False, events=False)
        bots = Bots(bots_seed, "random")
        while game.request is not None:
            game.give(bots.decide(game))
        assert game.over, i
