"""The moderator: whole narrated games, secrecy by script and timing,
refusals, undo, the discussion timer."""

from __future__ import annotations

import random
import statistics
import wave
from pathlib import Path

import numpy as np
import pytest

import engine
import voices
from engine import Game, Options, Role, Setup
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.demo import deal, run_bot_game
from narrator.moderator import UNDO, Moderator, Timing
from ports import Question

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet")


class SlowTable:
    """Bots that take a human's time to answer, sometimes too long (time-out)."""

    def __init__(self, inner: BotTable, clock: FastClock, rng: random.Random) -> None:
        self.inner, self.clock, self.rng = inner, clock, rng

    def ask(self, q: Question):
        took = self.rng.uniform(0, 1.3 * q.timeout_s)
        if took >= q.timeout_s:
            self.clock.sleep(q.timeout_s)
            return None
        self.clock.sleep(took)
        return self.inner.ask(q)


def moderate(setup: Setup, *, seed: int = 7, slow: bool = False, table=None, timing=None, controls=None):
    """Run a bot game (bots seeded by ``seed``; narration by the set-up's seed)."""
    pack = voices.load("nl")
    clock = FastClock()
    holder: dict[str, Moderator] = {}
    bots = BotTable(Bots(seed), lambda: holder["m"].game)
    if slow:
        bots = SlowTable(bots, clock, random.Random(seed))
    m = Moderator(Game(setup), pack, TextSpeaker(), table or bots, RecordingPrivate(pack), clock,
                  narration_seed=setup.seed, timing=timing or Timing(discussion=False), controls=controls)
    holder["m"] = m
    m.run()
    return m


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_a_whole_bot_game_in_every_language_with_real_speech(lang: str, tmp_path: Path) -> None:
    wav_path = tmp_path / f"demo-{lang}.wav"
    game = run_bot_game(deal(10, seed=3), lang=lang, fast=True, wav=str(wav_path), quiet_stdout=True)
    assert game.winner is not None
    with wave.open(str(wav_path)) as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    audio = np.frombuffer(frames, dtype=np.int16).astype(np.float64)
    seconds = len(audio) / rate
    assert seconds > 120, seconds  # a whole game: many lines and padded night calls
    # Real speech, not silence: a good share of 50 ms windows is loud.
    win = rate // 20
    rms = np.sqrt(np.mean(audio[: len(audio) // win * win].reshape(-1, win) ** 2, axis=1))
    assert (rms > 500).mean() > 0.05


def _night_scripts(m: Moderator) -> list[list[tuple[str, object]]]:
    """The script of each night: from nightfall to daybreak, what was heard."""
    nights, current = [], None
    pack = voices.load("nl")
    nightfall = pack.line("announce.night_falls")
    daybreak = pack.line("announce.day_breaks")
    for kind, value in m.transcript.items:
        if kind == "say" and value == nightfall:
            current = []
        elif kind == "say" and value == daybreak and current is not None:
            nights.append(current)
            current = None
        elif current is not None:
            current.append((kind, value))
    return nights


def test_the_night_script_is_the_same_whatever_the_hidden_facts() -> None:
    deck = [Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.CUPID,
            Role.HEALER, Role.LITTLE_GIRL, Role.PIED_PIPER, Role.VILLAGER, Role.THIEF, Role.VILLAGER]
    scripts = []
    for deal_seed in range(12):
        # Same deck, different hands, middle cards, decisions and deaths.
        setup = engine.deal(NAMES, deck, deal_seed, seed=5)
        m = moderate(setup, seed=deal_seed, slow=True)
        scripts.append(_night_scripts(m))
    assert sum(len(s) >= 3 for s in scripts) >= 3  # several games last three nights
    for n in range(max(len(s) for s in scripts)):
        heard = [s[n] for s in scripts if len(s) > n]
        assert all(h == heard[0] for h in heard), f"night {n + 1} sounds different"


def test_call_lengths_have_one_distribution_acted_or_pretended() -> None:
    acted, pretended = [], []
    for seed in range(40):
        setup = deal(10, seed)
        m = moderate(setup, seed=seed, slow=True)
        for _step, length, was_acted in m.call_log:
            (acted if was_acted else pretended).append(length)
    assert len(acted) > 100 and len(pretended) > 50
    lo, hi = Timing().call_seconds
    # Every call lasts a drawn length, even when the answer took longer.
    assert all(lo - 1e-9 <= x <= hi + 1e-9 for x in acted + pretended)
    # and the two samples are alike (a two-sample comparison of quantiles)
    for q in (0.1, 0.25, 0.5, 0.75, 0.9):
        a, p = np.quantile(acted, q), np.quantile(pretended, q)
        assert abs(a - p) < 0.1 * (hi - lo) + 0.5, (q, a, p)
    assert abs(statistics.mean(acted) - statistics.mean(pretended)) < 0.6


class ScriptedTable:
    """Answers from a list, then falls back to the bots."""

    def __init__(self, answers: list, bots: BotTable) -> None:
        self.answers, self.bots, self.asked = list(answers), bots, []

    def ask(self, q: Question):
        self.asked.append(q)
        if self.answers and self.answers[0][0] == q.ask and (self.answers[0][1] is None or q.seats[0] == self.answers[0][1]):
            return self.answers.pop(0)[2]
        return self.bots.ask(q)


def scripted(specials: dict[int, Role], answers: list, options: Options) -> tuple[Moderator, RecordingPrivate]:
    """A 10-player game (wolves in seats 1 and 6, the seer in seat 2, the
    given specials by seat index) where ``answers`` come first, bots after."""
    cards = [Role.WEREWOLF, Role.SEER] + [Role.VILLAGER] * 3 + [Role.WEREWOLF] + [Role.VILLAGER] * 4
    for seat, role in specials.items():
        cards[seat] = role
    setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), (), options, seed=1)
    pack = voices.load("nl")
    holder: dict[str, Moderator] = {}
    table = ScriptedTable(answers, BotTable(Bots(1), lambda: holder["m"].game))
    private = RecordingPrivate(pack)
    m = Moderator(Game(setup), pack, TextSpeaker(), table, private, FastClock(), narration_seed=1,
                  timing=Timing(discussion=False))
    holder["m"] = m
    m.run()
    return m, private


def test_a_lover_voting_for_his_lover_is_refused_without_saying_why() -> None:
    pack = voices.load("nl")
    m, private = scripted({2: Role.CUPID}, [
        ("cupid", None, ("Dirk", "Eva")),
        ("werewolves", None, ("Jet",)),
        ("vote", "Dirk", ("Eva",)),       # refused: Eva is his lover
        ("vote", "Dirk", ("Anna",)),
    ], Options(mayor_election_day=None))
    said = m.transcript.said()
    assert pack.line("narration.refused") in said
    assert not any("geliefde" in line for line in said if "stem" in line.lower() and "kan niet" in line)
    # the reason went to Dirk alone
    assert any(seats == ("Dirk",) and key == "narration.refused_private" for seats, key, _ in private.shown)
    first_vote = next(d for d in m.game.decisions if isinstance(d, dict) and "Dirk" in d)
    assert first_vote["Dirk"] == "Anna"


def test_undo_takes_back_the_last_decision_before_it_is_announced() -> None:
    pack = voices.load("nl")
    m, _ = scripted({}, [
        ("seer", None, ("Cees",)),
        ("werewolves", None, UNDO),        # the seer mistyped: take it back
        ("seer", None, ("Anna",)),
        ("werewolves", None, ("Jet",)),
    ], Options())
    assert m.game.decisions[:2] == ["Anna", "Jet"]
    assert pack.line("narration.undone") in m.transcript.said()


class Buttons:
    def __init__(self, after: int) -> None:
        self.polls, self.after = 0, after

    def poll(self) -> list[str]:
        self.polls += 1
        return ["next"] if self.polls == self.after else []


def test_discussion_warns_and_the_next_button_ends_it_early() -> None:
    pack = voices.load("nl")
    timing = Timing(discussion=True, discussion_seconds=60, discussion_warning=10)
    m = moderate(deal(8, 2), timing=timing, controls=Buttons(after=5))
    said = m.transcript.said()
    assert pack.line("narration.discussion_start_one", minutes=1) in said  # "1 minuut", not "1 minuten"
    waits = [v for k, v in m.transcript.items if k == "wait"]
    assert waits  # the discussion waited in steps
    # Full discussions (no button) include the warning
    m2 = moderate(deal(8, 2), timing=timing)
    assert pack.line("narration.discussion_warning") in m2.transcript.said()


def test_undo_inside_a_ballot_lets_the_previous_voter_vote_again() -> None:
    pack = voices.load("nl")
    m, _ = scripted({}, [
        ("seer", None, ("Anna",)),
        ("werewolves", None, ("Jet",)),      # Jet dies: the vote starts at Anna
        ("vote", "Anna", ("Bram",)),
        ("vote", "Bram", UNDO),               # Anna meant someone else
        ("vote", "Anna", ("Cees",)),
        ("vote", "Bram", ("Anna",)),
    ], Options(mayor_election_day=None))
    ballot = m.game.decisions[2]
    assert ballot["Anna"] == "Cees" and ballot["Bram"] == "Anna"
    assert pack.line("narration.undone") in m.transcript.said()


def test_an_answer_refused_again_and_again_ends_in_the_time_out_answer() -> None:
    stubborn = [("vote", "Dirk", ("Eva",))] * 20  # his lover, every time
    m, private = scripted({2: Role.CUPID}, [
        ("cupid", None, ("Dirk", "Eva")),
        ("werewolves", None, ("Jet",)),
        *stubborn,
    ], Options(mayor_election_day=None))
    # every ballot of his while he is stubborn (the bots' game decides how many)
    ballots = [d for d in m.game.decisions if isinstance(d, dict) and "Dirk" in d][:len(stubborn) // 5]
    assert ballots and all(b["Dirk"] is None for b in ballots)   # abstained after five refusals
    refusals = [1 for seats, key, _ in private.shown if seats == ("Dirk",) and key == "narration.refused_private"]
    assert len(refusals) == 5 * len(ballots)
    assert m.game.winner is not None


def test_news_for_sleepers_reaches_the_private_channel_with_the_engines_mark() -> None:
    m, private = scripted({2: Role.CUPID, 3: Role.PIED_PIPER}, [
        ("cupid", None, ("Dirk", "Eva")),
        ("pied_piper", None, ("Gijs", "Hanna")),
    ], Options(mayor_election_day=None))
    first = private.for_sleepers[:4]
    assert first == [(("Dirk",), "private.in_love"), (("Eva",), "private.in_love"),
                     (("Gijs",), "private.charmed"), (("Hanna",), "private.charmed")]
    assert {(("Gijs",), "private.charmed_wake"), (("Hanna",), "private.charmed_wake")} <= set(private.for_sleepers)
    # Each call that can tap held one round, news or not (seat by seat in it).
    assert private.rounds[:3] == [("Dirk", "Eva"), ("Gijs", "Hanna"), ("Gijs", "Hanna")]
    # What awake players are shown is not for sleepers (the cupid's, the seer's look).
    marked = set(private.for_sleepers)
    assert any((seats, key) not in marked for seats, key, _ in private.shown)
    assert all(key in ("private.in_love", "private.charmed", "private.charmed_wake")
               for _, key in private.for_sleepers)
