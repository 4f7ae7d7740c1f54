"""The page's parts without a browser: reading the set-up form, the public
view during the day's discussion, one game at a time, the box between games
(the QR code on the display, the console's button for the previous set-up)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import voices
from engine import Game, Role, deal
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from web import choices
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
    problems: list[choices.Problem] = []
    got = choices.read_variant_options({"vopt_rounds": "3", "vopt_loud": "1"}, specs, problems)
    assert got == {"rounds": 3, "loud": True, "word": "maan"} and problems == []
    choices.read_variant_options({"vopt_rounds": "many"}, specs, problems)
    assert [(p.key, p.field) for p in problems] == [("web.error.variant_option", "vopt_rounds")]


def test_day_numbers_are_written_as_a_person_writes_them() -> None:
    specs = {"not_him_days": []}
    problems: list[choices.Problem] = []
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
    problems: list[choices.Problem] = []
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
