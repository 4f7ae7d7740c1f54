"""The page's parts without a browser: reading the set-up form, the public
view during the day's discussion, one game at a time, the box between games
(the QR code on the display, the console's button for the previous set-up)."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import pytest

import config
import voices
from engine import Game, Role, deal
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from web import choices
from web.problems import Problem
from web.public import public_state
from web.runner import Runner
from web.serve import Waiting, local_address, qr_image
from web.story import Shelf

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids")
NL = voices.load("nl")


def _form(**extra: object) -> dict[str, object]:
    form: dict[str, object] = {f"name_{i}": n for i, n in enumerate(NAMES, 1)}
    form.update(extra)
    return form


def test_the_default_deck_is_seed_001s_table() -> None:
    reading = choices.read(_form(special=["witch", "thief"]))
    assert reading.problems == [] and reading.choice is not None
    # 9 players: 2 werewolves, a seer, the specials for villagers; a thief adds two cards
    assert sorted(reading.choice.cards) == sorted(
        ["werewolf"] * 2 + ["seer", "witch", "thief"] + ["villager"] * 6)


def test_an_odd_deck_is_played_only_once_confirmed() -> None:
    odd = choices.read(_form(werewolves="3"))
    assert odd.choice is None
    assert [w.key for w in odd.warnings] == ["web.warning.odd_deck"]
    assert [p.key for p in odd.problems] == ["web.error.confirm_odd"]
    confirmed = choices.read(_form(werewolves="3", confirm_odd="1"))
    assert confirmed.choice is not None and confirmed.choice.cards.count("werewolf") == 3


def test_a_choice_survives_the_trip_to_the_file_and_back() -> None:
    reading = choices.read(_form(wolves_win_at_parity="1", mayor_election_day="none",
                                 call_min="5", call_max="7.5", discussion="90", voice_votes="1"))
    choice = reading.choice
    assert choice is not None
    assert choices.Choice.from_dict(choice.to_dict()) == choice
    assert choice.engine_options().mayor_election_day is None
    assert choice.call_seconds == (5.0, 7.5)


def test_the_page_shows_the_discussion_timer_and_the_tally_as_the_table_sees_them() -> None:
    """Read through the moderator's own controls, polled during the discussion."""
    setup = deal(NAMES, [Role(c) for c in choices.table_cards(len(NAMES)) or []], 5)
    seen: list[dict[str, object]] = []
    holder: dict[str, Moderator] = {}

    class Watching:
        def poll(self) -> list[str]:
            seen.append(public_state(holder["m"], NL, paused=False))
            return []

    m = Moderator(Game(setup), NL, TextSpeaker(), BotTable(Bots(5), lambda: holder["m"].game),
                  RecordingPrivate(NL), FastClock(), narration_seed=5, controls=Watching(),
                  timing=Timing(call_seconds=(3, 4), discussion_seconds=60, discussion_warning=10))
    holder["m"] = m
    m.run()
    timers = [s["timer"] for s in seen]
    assert timers and all(isinstance(t, int) and 0 <= t <= 60 for t in timers)
    assert max(timers) >= 50 and min(timers) <= 10  # it counts down
    assert all(str(s["phase"]).startswith(NL.line("web.phase.day", n="")) for s in seen)
    assert m.tally == {}  # after the vote the spoken result stands, not the ballot


def test_a_death_the_engine_knows_is_shown_only_once_it_is_announced() -> None:
    setup = deal(NAMES, [Role(c) for c in choices.table_cards(len(NAMES)) or []], 3)
    m = Moderator(Game(setup), NL, TextSpeaker(), BotTable(Bots(3), lambda: m.game),
                  RecordingPrivate(NL), FastClock(), narration_seed=3)
    bots = Bots(3)
    while not m.game.state.deaths:  # the engine alone: nothing told to the table yet
        m.game.apply(bots.decide(m.game))
    before = public_state(m, NL, paused=False)
    assert all(p["alive"] and p["role"] is None for p in before["players"])
    assert before["lines"] == [] and before["phase"] == ""
    m.run()  # now the moderator tells it all
    after = public_state(m, NL, paused=False)
    dead = {d.name for d in m.game.state.deaths}
    assert {p["name"] for p in after["players"] if not p["alive"]} == dead
    assert all(p["role"] == NL.role_bare(m.game.state.role[p["name"]].value)
               for p in after["players"] if not p["alive"])


def test_one_game_at_a_time(tmp_path: Path) -> None:
    runner = Runner(play=None, shelf=Shelf(tmp_path / "stories"))  # type: ignore[arg-type]
    choice = choices.read(_form()).choice
    assert choice is not None
    assert runner.submit(choice) is None
    again = runner.submit(choice)
    assert again is not None and again.key == "web.error.busy"
    assert runner.previous() == choice
    assert (tmp_path / "last-setup.json").stat().st_mode & 0o777 == 0o600


def test_the_box_shows_the_page_as_a_qr_code_and_yes_takes_the_previous_set_up(
        tmp_path: Path) -> None:
    runner = Runner(play=None, shelf=Shelf(tmp_path / "stories"))  # type: ignore[arg-type]
    choice = choices.read(_form()).choice
    assert choice is not None
    runner.submit(choice)
    args = argparse.Namespace(kit="minimal", fake=True, lang="nl", text_only=True)
    waiting = Waiting(args, "http://192.168.4.1:8080/", runner)
    try:
        display = waiting.kit.display
        assert display is not None
        shown = qr_image("http://192.168.4.1:8080/", display.device.size)
        assert display.image.tobytes() == shown.tobytes()
        assert waiting.speaker.lines == [NL.line("web.box.address", address="http://192.168.4.1:8080/")]
        assert waiting.poll() is None
        waiting.kit.console.click("yes")
        assert waiting.poll() == choice
    finally:
        waiting.close()


def test_the_address_is_one_a_phone_can_reach() -> None:
    assert local_address("192.168.4.1", 8080) == "http://192.168.4.1:8080/"
    assert local_address("0.0.0.0", 80).startswith("http://")


@pytest.mark.parametrize("story_id", ["../etc/passwd", "20261201-080530.json", "x"])
def test_a_story_is_found_only_by_its_own_name(tmp_path: Path, story_id: str) -> None:
    shelf = Shelf(tmp_path)
    assert shelf.load(story_id) is None and shelf.picture(story_id) is None


def test_a_set_up_from_the_page_is_played_on_the_kit_with_the_page_s_pause(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The box's path: the kit opened for these players, the box deals (each
    player shown their card), the journal written, the moderator given the
    page's pause joined to the console's buttons."""
    from web.plays import KitPlay
    from web.runner import PageControls

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    choice = choices.read(_form(voice_votes="")).choice
    assert choice is not None
    setup = deal(choice.names, [Role(c) for c in choice.cards], 7, options=choice.engine_options())
    controls = PageControls()

    class Enough(Exception):
        pass

    seen: dict[str, Moderator] = {}

    def watch(m: Moderator) -> None:
        seen["m"] = m
        raise Enough  # the wiring is what this test is about, not a whole real-time game

    with pytest.raises(Enough):
        KitPlay("minimal", fake=True, text_only=True).play(choice, setup, controls, watch)
    m = seen["m"]
    assert m.controls is controls and controls.inner is not None
    assert m.game.setup == setup
    shown = m.private.private.kit.display.frames  # type: ignore[attr-defined]
    assert len(shown) >= len(NAMES)  # every player saw their own card
    journals = list((tmp_path / "journals").glob("*.journal"))
    assert len(journals) == 1 and journals[0].stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_the_story_has_words_for_every_ask_and_cause_the_engine_knows(lang: str) -> None:
    from engine.vocab import Ask, Cause

    pack = voices.load(lang)
    keys = [f"web.ask.{a.value}" for a in Ask.all()] + [f"web.cause.{c.value}" for c in Cause.all()]
    assert [k for k in keys if not pack.has(k)] == []


def test_a_variant_s_own_options_are_read_as_their_defaults_type() -> None:
    specs = {"rounds": 2, "loud": False, "word": "maan"}
    problems: list[Problem] = []
    got = choices.read_variant_options({"vopt_rounds": "3", "vopt_loud": "1"}, specs, problems)
    assert got == {"rounds": 3, "loud": True, "word": "maan"} and problems == []
    choices.read_variant_options({"vopt_rounds": "many"}, specs, problems)
    assert [(p.key, p.field) for p in problems] == [("web.error.variant_option", "vopt_rounds")]


def test_day_numbers_are_written_as_a_person_writes_them() -> None:
    specs = {"not_him_days": []}
    problems: list[Problem] = []
    for typed, days in (("", []), ("2, 4", [2, 4]), ("4 2 2", [2, 4]), ("3;5", [3, 5])):
        assert choices.read_variant_options({"vopt_not_him_days": typed}, specs, problems) == \
            {"not_him_days": days}, typed
    assert problems == []
    choices.read_variant_options({"vopt_not_him_days": "[2]"}, specs, problems)
    assert [(p.key, p.field) for p in problems] == [("web.error.days", "vopt_not_him_days")]
    assert choices.days_text([2, 4]) == "2, 4"


def test_the_secret_identities_of_de_dubbele_ik_are_left_to_the_box() -> None:
    """Chosen on a page the whole table reads, the werewolves would be no secret."""
    specs = {"double_me_wolves": [], "double_me_second": {}}
    problems: list[Problem] = []
    got = choices.read_variant_options({"vopt_double_me_wolves": "[Anna, Bram]",
                                        "vopt_double_me_second": "{Anna: seer}"}, specs, problems)
    assert got == specs and problems == []
    engine_options = {o for v in choices.playable("variants", choices.VARIANT_IDS) or ()
                      for o in choices.variant_specs([v])}
    # every option of every variant is offered by the page or dealt by the box
    assert engine_options == set(choices.PAGE_OPTIONS) | set(choices.DEALT_OPTIONS)


def test_event_cards_need_the_full_moon_and_are_shuffled_into_its_pile() -> None:
    alone = choices.read(_form(card=["discontent"]))
    assert [p.key for p in alone.problems] == ["web.error.cards_need_full_moon"]
    both = choices.read(_form(variant=["full_moon", "lycanthropy"], card=["ecstasy", "discontent"],
                              events_every="2"))
    choice = both.choice
    assert choice is not None and choice.variants == ("full_moon", "lycanthropy")
    deck = choice.event_deck(11)
    assert deck is not None and sorted(deck.deck) == ["discontent", "ecstasy"] and deck.every == 2
    every_card = choices.read(_form(variant=["full_moon"])).choice
    assert every_card is not None
    pile = every_card.event_deck(11)
    assert pile is not None and set(pile.deck) == set(choices.playable("cards", choices.CARD_IDS) or ())


def test_the_advisors_games_stop_when_a_game_starts() -> None:
    import time

    from web.advice import Advice

    advice = Advice(games=4000, swap_games=0, plot_games=1)  # played in slices of 500: stopped after one
    names = tuple(f"P{i}" for i in range(1, 11))
    cards = ("werewolf", "werewolf", "seer", "witch") + ("villager",) * 6
    job = advice.ask(choices.Choice("nl", names, cards, {}))
    assert not job.finished and job.total >= 4000
    deadline = time.monotonic() + 60
    while job.done == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    advice.stop()
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.02)
    assert job.problem is not None and job.problem.key == "web.advice.stopped"
    assert job.done < job.total
    advice.close()


def test_the_story_dates_a_hunters_dawn_shot_to_the_day_and_his_bite_to_the_night() -> None:
    """The hunter bitten in the night shoots when he is found at dawn: in the
    open, on the day the table sees it (the engine's clock still says night)."""
    from web.story import build

    names = [f"P{i}" for i in range(10)]
    cards = [Role(c) for c in choices.table_cards(10, ["hunter", "witch"]) or []]
    for seed in range(60):
        game = Game(deal(names, cards, seed, seed=seed))
        from narrator.bots import play_out

        play_out(game, Bots(seed))
        shots = [d for d in game.state.deaths if d.cause.value == "hunter" and d.when.startswith("night")]
        if shots:
            break
    else:
        raise AssertionError("no hunter shot at dawn in 60 games")
    story = build(game, NL, started=0, settings={})
    people = {p["name"]: p for p in story["people"]}
    night = int(shots[0].when.split()[1])
    hunter = next(d for d in game.state.deaths if d.role is Role.HUNTER)
    assert people[shots[0].name]["died"] == NL.line("web.phase.day", n=night)
    assert people[hunter.name]["died"] == NL.line("web.phase.night", n=night)
    day = next(c for c in story["chapters"] if c["kind"] == "day" and c["n"] == night)
    assert any(shots[0].name in i["text"] for i in day["items"] if i["kind"] == "public")
    # the ballot's line says what was voted once, not "De stemming (de stemming)"
    ballots = [i["text"] for c in story["chapters"] for i in c["items"]
               if i["text"].startswith(NL.line("web.ask.vote").capitalize() + ":")]
    assert ballots and not any("(" + NL.line("web.ask.vote") + ")" in b for b in ballots)


# -- the forum edition (seed 004) on the page --------------------------------------------------
def _forum_form(names: tuple[str, ...] = NAMES, **extra: object) -> dict[str, object]:
    return {**{f"name_{i}": n for i, n in enumerate(names, 1)}, "edition": "forum", **extra}


def test_the_forum_edition_offers_every_role_its_registry_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """By side, each with its name and its one line in the table's language;
    what arises in play (the mayor, a lover) is never offered; a role the
    engine gains appears on the page and is read from the form by itself."""
    from engine.forum.registry import FORUM_ROLES, ForumRole
    from engine.vocab import Side
    from web import forum

    for lang in voices.LANGUAGES:
        pack = voices.load(lang)
        shown = forum.context({}, pack, 0, [])
        for side, offered in shown["forum_sides"]:
            want = {r.value for r, c in FORUM_ROLES.items()
                    if c.kind == "role" and c.dealt and c.side is not None and c.side.value == side}
            assert {o.id for o in offered} == want
        assert {s for s, _ in shown["forum_sides"]} <= {"good", "bad", "neutral"}
        offered = [o for _, group in shown["forum_sides"] for o in group] + shown["forum_extras"]
        assert {o.id for o in shown["forum_extras"]} == {
            r.value for r, c in FORUM_ROLES.items() if c.kind == "extra" and c.dealt}
        assert not {"mayor", "lover"} & {o.id for o in offered}
        forum_pack = pack.edition("forum")
        for o in offered:
            assert o.name == forum_pack.role_bare(o.id) and o.about == forum_pack.line(f"forum.about.{o.id}")
    # a card the engine gains: offered under its side, dealt from its field
    bishop = Role.define("bishop")
    monkeypatch.setitem(FORUM_ROLES, bishop, ForumRole(bishop, Side.GOOD))
    shown = forum.context({}, NL, 0, [])
    good = dict(shown["forum_sides"])["good"]
    assert "bishop" in {o.id for o in good}
    reading = choices.read(_forum_form(fcount_bishop="1", fcount_werewolf="2"))
    assert reading.problems == [] and reading.choice is not None and "bishop" in reading.choice.cards


def test_a_forum_deck_is_read_from_its_counts() -> None:
    empty = choices.read(_forum_form())
    assert empty.problems == [] and empty.choice is not None
    cards, extras = config.forum_demo_deck(len(NAMES))  # nothing typed: the box's own deck
    assert sorted(empty.choice.cards) == sorted(cards) and sorted(empty.choice.extras) == sorted(extras)
    assert empty.choice.edition == "forum" and empty.choice.variants == () and empty.choice.options == {}
    counted = choices.read(_forum_form(fcount_werewolf="3", fcount_seer="1", fcount_hunter="2",
                                       fextra_noble="2", fextra_drunk="1"))
    assert counted.choice is not None
    # a role several times (three werewolves, two hunters); villagers fill the seats left
    assert Counter(counted.choice.cards) == {"werewolf": 3, "seer": 1, "hunter": 2, "villager": 3}
    assert Counter(counted.choice.extras) == {"noble": 2, "drunk": 1}
    exact = choices.read(_forum_form(fcount_werewolf="2", fcount_villager="7"))
    assert exact.choice is not None and Counter(exact.choice.cards) == {"werewolf": 2, "villager": 7}
    for form, key, field in (
            (_forum_form(fcount_werewolf="2", fcount_villager="3"), "web.error.forum_too_few", "forum-deck"),
            (_forum_form(fcount_werewolf="12"), "web.error.forum_too_many", "forum-deck"),
            (_forum_form(fcount_werewolf="many"), "web.error.forum_count", "fcount_werewolf"),
            (_forum_form(fextra_noble="-1"), "web.error.forum_count", "fextra_noble"),
            (_forum_form(fcount_dragon="1"), "web.error.forum_unknown", "forum-deck"),
            (_forum_form(fextra_mayor="1"), "web.error.forum_unknown", "forum-deck"),
            (_forum_form(edition="forest"), "web.error.edition", "edition")):
        reading = choices.read(form)
        assert reading.choice is None and [(p.key, p.field) for p in reading.problems] == [(key, field)], form
    bad = choices.read(_forum_form(fcount_werewolf="many"))
    assert bad.problems[0].text(voices.load("de")) == voices.load("de").line(
        "web.error.forum_count", role=voices.load("de").edition("forum").role_bare("werewolf"), high=18)


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_a_deck_the_forum_edition_refuses_is_said_at_its_field_with_what_to_change(lang: str) -> None:
    """The engine's own refusals (``check_deal``), in the table's words."""
    pack = voices.load(lang)
    forum_pack = pack.edition("forum")
    cases = {
        "fcount_werewolf": (_forum_form(lang=lang, fcount_werewolf="0", fcount_seer="1"), "refusal.no_werewolf"),
        # two nobles, and a single good card to carry them
        "fextra_noble": (_forum_form(lang=lang, fcount_werewolf="8", fextra_noble="2"),
                         "refusal.forum_nobody_carries"),
        "seats": (_forum_form(("Anna", "Bram"), lang=lang), "refusal.few_players"),
    }
    for field, (form, refusal) in cases.items():
        reading = choices.read(form)
        assert reading.choice is None and [p.field for p in reading.problems] == [field]
        text = reading.problems[0].text(pack)
        reason = reading.problems[0].params["reason"]
        assert reason.startswith(forum_pack.line(refusal, count=2, role=forum_pack.role_bare("noble"))[:12])
        hint = reading.problems[0].params["hint"]
        assert hint and hint in text and reason in text
        assert "_" not in text and "refusal." not in text, text
    # what the hint says to do, done: the deck plays
    assert choices.read(_forum_form(lang=lang, fcount_werewolf="1", fcount_seer="1")).choice is not None
    assert choices.read(_forum_form(lang=lang, fcount_werewolf="2", fextra_noble="2")).choice is not None


def test_the_board_games_variants_and_cards_are_refused_with_the_forum_edition() -> None:
    for extra in ({"variant": ["full_moon"]}, {"card": ["ecstasy"]}, {"variant": ["lycanthropy"]}):
        reading = choices.read(_forum_form(**extra))
        assert reading.choice is None and [(p.key, p.field) for p in reading.problems] == \
            [("web.error.forum_variants", "edition")]
    # the board game's rules are not seed 004's: not read (the page hides them)
    reading = choices.read(_forum_form(wolves_win_at_parity="1", mayor_election_day="3", special=["thief"]))
    assert reading.choice is not None and reading.choice.options == {}
    assert "thief" not in reading.choice.cards


def test_a_forum_choice_survives_the_file_and_comes_back_as_the_previous_form() -> None:
    from web.app import _Form, _previous_form

    choice = choices.read(_forum_form(fcount_werewolf="2", fcount_mirror="1", fextra_noble="1",
                                      discussion="45")).choice
    assert choice is not None
    assert choices.Choice.from_dict(choice.to_dict()) == choice
    again = choices.read(_Form(_previous_form(choice)))
    assert again.choice is not None
    assert Counter(again.choice.cards) == Counter(choice.cards) and again.choice.extras == choice.extras
    assert again.choice.edition == "forum" and again.choice.discussion_seconds == 45
    # a set-up kept by an older box (no edition): the board game
    old = {k: v for k, v in choices.read(_form()).choice.to_dict().items()  # type: ignore[union-attr]
           if k not in ("edition", "extras")}
    assert choices.Choice.from_dict(old).edition == "board"


def _forum_moderator(seed: int, watch: object = None, lang: str = "nl") -> tuple[Moderator, list[str]]:
    """A forum game of the page's deck, its questions seen by ``watch``."""
    from engine import new_game
    from web.forum import deal as deal_forum

    choice = choices.read(_forum_form(lang=lang, fcount_werewolf="2", fcount_hangman="1", fcount_seer="1",
                                      fcount_witch="1", fcount_hunter="1", fextra_drunk="1",
                                      fextra_noble="1", fextra_cupid="1")).choice
    assert choice is not None
    setup = deal_forum(choice, seed, seed)
    pack = voices.load(lang).for_setup(setup)
    holder: dict[str, Moderator] = {}
    asked: list[str] = []

    class Seen:
        def __init__(self, inner: BotTable) -> None:
            self.inner = inner

        def ask(self, question: object) -> object:
            if watch is not None:
                watch(holder["m"], question)  # type: ignore[operator]
            return self.inner.ask(question)  # type: ignore[arg-type]

    m = Moderator(new_game(setup), pack, TextSpeaker(), Seen(BotTable(Bots(seed), lambda: holder["m"].game)),
                  RecordingPrivate(pack), FastClock(), narration_seed=seed,
                  timing=Timing(call_seconds=(3, 4), discussion=False))
    holder["m"] = m
    m.run()
    return m, asked


def test_the_live_page_of_a_forum_game_shows_whose_turn_it_is_and_never_what_he_does() -> None:
    """Every question of a turn of the day's round (a day action, or the
    same turn with nothing to choose) shows that player's turn, and nothing
    else of it; the dead with their cards as announced (a drunk's with its
    word); the mayor; the first day, which has no dawn."""
    seen: list[tuple[str, dict[str, object]]] = []
    turns: list[tuple[str, object, str]] = []

    def watch(m: Moderator, question: object) -> None:
        state = public_state(m, NL.edition("forum"), paused=False)
        seen.append((m.game.state.when, state))
        prompt = getattr(question, "prompt", "")
        if prompt in ("prompt.forum_day", "prompt.forum_wait") or getattr(question, "ask", None) == "day":
            turns.append((question.seats[0], state["turn"], prompt))  # type: ignore[attr-defined]
        living = set(m.game.state.living())
        for p in state["players"]:  # type: ignore[attr-defined]
            assert (p["role"] is None) == (p["name"] in living), p

    drunk_seen = False
    for seed in range(1, 40):
        seen.clear()
        turns.clear()
        m, _ = _forum_moderator(seed, watch)
        assert m.game.over
        assert all(who == shown for who, shown, _ in turns), turns
        kinds = {prompt for _, _, prompt in turns}
        drunk = [d for d in m.game.state.deaths if "drunk" in {r.value for r in m.game.state.extra[d.name]}]
        final = public_state(m, NL.edition("forum"), paused=False)
        if drunk and kinds >= {"prompt.forum_wait"}:
            shown = {p["name"]: p["role"] for p in final["players"]}
            d = drunk[0]
            assert shown[d.name] == NL.line("forum.qualified.drunk", role=NL.edition("forum").role(d.role.value),
                                            bare=NL.edition("forum").role_bare(d.role.value).lower())
            drunk_seen = True
            break
    assert drunk_seen, "no drunk died in 40 forum games"
    assert seen[0][1]["phase"] == NL.line("web.phase.day", n=1)  # the first day, before any night
    assert any(s["turn"] is None for _, s in seen) and any(s["turn"] for _, s in seen)
    mayors = [p["name"] for p in final["players"] if p["mayor"]]
    assert len(mayors) <= 1 and final["winner"] == NL.edition("forum").line(f"winner.{m.game.winner.value}")


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_the_story_of_a_forum_game_has_its_first_day_its_extra_roles_and_its_choices_in_words(lang: str) -> None:
    import re

    from web.story import build

    m, _ = _forum_moderator(3, lang=lang)
    game = m.game
    pack = voices.load(lang).for_setup(game.setup)
    story = build(game, pack, started=0, settings={})
    assert story["chapters"][0]["kind"] == "day" and story["chapters"][0]["n"] == 1
    assert story["winner"] == pack.line(f"winner.{game.winner.value}")
    people = {p["name"]: p for p in story["people"]}
    for name, tags in game.setup.extra.items():
        assert {pack.role_bare(t.value) for t in tags} <= set(people[name]["extras"])
    texts = [i["text"] for c in story["chapters"] for i in c["items"]]
    # the night's private results, as the board game's story shows its own
    assert any(i["kind"] == "secret" for c in story["chapters"] for i in c["items"] if c["kind"] == "night")
    assert any(pack.line("web.ask.day") in t for t in texts)
    text = "\n".join(texts + [str(p["extras"]) + str(p["side"] or "") for p in people.values()])
    assert re.findall(r"\b[a-z]+_[a-z_]+\b", text) == [], "ids in the story"
    assert "None" not in text and "{" not in text and "True" not in text


def test_is_a_forum_deck_fair_win_rates_from_forum_rates_and_a_plain_verdict() -> None:
    import time

    from narrator.balance.forum import forum_rates
    from web.advice import Advice
    from web.app import advice_lines
    from web.forum import deal as deal_forum

    advice = Advice(games=60)
    choice = choices.read(_forum_form(fcount_werewolf="2", fcount_seer="1")).choice
    assert choice is not None
    job = advice.ask(choice)
    deadline = time.monotonic() + 60
    while not job.finished and time.monotonic() < deadline:
        time.sleep(0.02)
    advice.close()
    assert job.estimate is not None and job.done == job.total >= 60  # (an unfair deck: a search too)
    assert job.estimate.rates == forum_rates(deal_forum(choice, 1, 1), 60, 1)
    lines = advice_lines(NL, job)
    forum = NL.edition("forum")
    assert lines["verdict"].split(":")[0] in {forum.line(f"web.advice.verdict_forum.{v}", rate="").split(":")[0]
                                             for v in ("even", "village", "werewolves")}
    assert forum.line("balance.side.village") in lines["sides"][0] and lines["swaps"] == []
    assert lines["knows"] == ()


def test_a_forum_game_from_the_page_plays_on_the_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --kit minimal --fake``: the box deals (each player shown his
    card), bots' hands on the fake devices, the forum game to its end, its story."""
    from web.plays import KitPlay, bot_hands

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    runner = Runner(KitPlay("minimal", fake=True, text_only=True, fast=True, hands=bot_hands(),
                            journal_dir=tmp_path / "journals"),
                    Shelf(tmp_path / "stories"), deal_seed=lambda: 11)
    choice = choices.read(_forum_form(voice_votes="")).choice
    assert choice is not None
    story_id = runner.run(choice)
    assert runner.error is None and story_id is not None
    story = runner.shelf.load(story_id)
    assert story is not None and story["winner"] == runner.winner and runner.winner
    assert story["settings"]["edition"] == "forum"
    assert len(list((tmp_path / "journals").glob("*.journal"))) == 1
