"""Seed 004's wolves and their helpers (part 3), where a scenario cannot
look: who is asked (the lunch only of werewolves), the ballot's private
round (a turn of one shape for every voter, the liar's or not), the calls
of the night (made whether or not their holder can act), the role changes
recorded for the story and told to nobody, and the cubs' "a player and a
role" on a device."""

from __future__ import annotations

import random
from typing import Any

import voices
from engine import Setup
from engine.deck import FORUM
from engine.forum.botkit import ForumBotContext
from engine.forum.changes import changes
from engine.forum.game import ForumGame
from engine.forum.night import tonight
from engine.options import Options
from engine.vocab import Role
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from narrator.questions import walk
from ports import WAIT, Answer, Question
from tests.forum_playout import NAMES, play

PLAYERS = NAMES[:10]


def setup_of(cards: list[str], seed: int = 1, extra: dict[str, list[str]] | None = None) -> Setup:
    roles = {p: Role(c) for p, c in zip(PLAYERS, cards, strict=False)}
    players = tuple(roles)
    ext = {p: tuple(Role(r) for r in rs) for p, rs in (extra or {}).items()}
    return Setup(players, roles, (), Options(), seed, (), None, FORUM, ext)


def games(cards: list[str], n: int = 30) -> list[ForumGame]:
    return [play(setup_of(cards, seed), seed, "sensible" if seed % 2 else "random") for seed in range(n)]


PACK = ["werewolf", "conversion_wolf", "apostate", "orc", "wolf_sorcerer", "seer", "witch",
        "villager", "villager", "villager"]


def test_only_werewolves_are_asked_the_lunch() -> None:
    """"De lunch kan alleen opgegeven door een speler die op dat moment
    weerwolf is. Hulpjes ... kunnen de lunch niet plaatsen, zelfs als zij op
    het weerwolvenboard zitten": the pack's request asks the living
    werewolves, a converted one too, never a helper of the board."""
    seen_converted = False
    for seed in range(40):
        game = ForumGame(setup_of(PACK, seed))
        rng = random.Random(seed)
        while game.request is not None:
            req, s = game.request, game.state
            if req.ask.value == "werewolves":
                assert set(req.actors) == set(s.wolves_alive())
                assert not {"Cees", "Dirk", "Eva"} & set(req.actors)  # the apostate, the orc, the sorcerer
                seen_converted |= any(s.card[a] is Role.WEREWOLF and a not in ("Anna",) for a in req.actors)
            game.apply(req.spec.decide(ForumBotContext(s, req, rng, "sensible")))
    assert seen_converted  # a converted player lunched with the pack


def dead_before_night(game: ForumGame, n: int) -> set[str]:
    found = set()
    for d in game.state.deaths:
        phase, k = d.when.split()
        if (phase == "day" and int(k) <= n) or (phase == "night" and int(k) < n):
            found.add(d.name)
    return found


def test_the_board_wakes_with_the_pack_every_night() -> None:
    """Everyone alive on the wolves' board is woken in the pack's call, every
    night, and learns who sits on it: the apostate, the orc and the sorcerer
    (Cees, Dirk, Eva) from the deal, a converted player from the night after
    his conversion."""
    helpers = {"Cees", "Dirk", "Eva"}
    checked = 0
    for game in games(PACK, 20):
        night = 0
        for e in game.events:
            if e.kind == "night_falls":
                night = e.data["night"]
            if e.kind != "forum_wolves_know":
                continue
            assert e.to is not None and set(e.data["board"]) == set(e.to)
            alive_helpers = helpers - dead_before_night(game, night)
            assert alive_helpers <= set(e.to), (night, e)
            assert not set(e.data["wolves"]) & helpers
            checked += 1
    assert checked > 20


def test_the_calls_are_the_same_whether_or_not_their_holders_can_act() -> None:
    """"the same calls and waits, news or none": each night wakes every step
    of a card in the deck (its night allows), whether its holder lives, has
    used his power, or grew up; so the calls alone tell nothing."""
    cards = ["conversion_wolf", "omega_wolf", "illusion_wolf", "veiling_wolf", "chain_cub", "cub",
             "unsure_cub", "orc", "shaman", "seer"]
    for game in games(cards, 20):
        calls: dict[int, list[str]] = {}
        night = 0
        for e in game.events:
            if e.kind == "night_falls":
                night = e.data["night"]
            elif e.kind == "wake" and e.cue:
                calls.setdefault(night, []).append(e.data["step"])
        for n, steps in calls.items():
            expected = [st for st in ("conversion_wolf", "omega_wolf", "illusion_wolf", "veiling_wolf",
                                      "orc", "cub", "chain_cub", "unsure_cub")
                        if st not in ("cub", "chain_cub") or n <= 3]
            assert [st for st in steps if st in expected] == expected, (n, steps)


def test_role_changes_are_recorded_for_the_story_and_told_to_nobody() -> None:
    """Each conversion and each cub grown up is an event ``forum_became``
    told to nobody (no player's view, no private line): the player, his new
    card, his old one, who made it and when, in the game's order."""
    found = 0
    for game in games(["conversion_wolf", "omega_wolf", "cub", "chain_cub", "unsure_cub",
                       "villager", "villager", "villager", "seer", "witch"], 40):
        for e in changes(game.state):
            found += 1
            assert e.to == frozenset() and not e.public
            assert set(e.data) == {"name", "role", "was", "by", "how", "when"}
            assert e.data["role"] == "werewolf" and e.data["was"] != "werewolf"
            assert e.data["how"] in ("conversion_wolf", "omega_wolf", "grown")
            assert (e.data["by"] is None) == (e.data["how"] == "grown")
            assert e.data["when"].startswith("night ")
            for p in game.state.players:
                assert e not in game.view(p)["events"]
        # the chain ends where each player's card is now
        for e in changes(game.state):
            assert game.state.card[e.data["name"]].value == "werewolf"
    assert found > 10


class LoggingTable(BotTable):
    """The bots, with every question the table is put, in one log with what
    the box says (``log``)."""

    def __init__(self, bots: Bots, game: Any, log: list[tuple[str, Any]]) -> None:
        super().__init__(bots, game)
        self.log = log

    def ask(self, question: Question) -> Answer:
        self.log.append(("ask", question))
        return super().ask(question)


class LoggingSpeaker(TextSpeaker):
    def __init__(self, log: list[tuple[str, Any]]) -> None:
        super().__init__()
        self.log = log

    def say(self, text: str) -> None:
        self.log.append(("say", text))
        super().say(text)


def narrate(setup: Setup) -> tuple[ForumGame, list[tuple[str, Any]], RecordingPrivate, Moderator]:
    pack = voices.load("nl").for_setup(setup)
    holder: dict[str, Moderator] = {}
    log: list[tuple[str, Any]] = []
    table = LoggingTable(Bots(setup.seed, "sensible"), lambda: holder["m"].game, log)
    private = RecordingPrivate(pack)
    moderator = Moderator(ForumGame(setup), pack, LoggingSpeaker(log), table, private, FastClock(),
                          narration_seed=setup.seed,
                          timing=Timing(call_seconds=(6.0, 9.0), discussion=False))
    holder["m"] = moderator
    moderator.run()
    return moderator.game, log, private, moderator


def ballot_rounds(log: list[tuple[str, Any]]) -> list[list[tuple[str, Any]]]:
    """The log between each ballot round's announcement and its end."""
    pack = voices.load("nl")
    begin, end = pack.line("announce.forum_ballot_round"), pack.line("announce.forum_votes_counted")
    found: list[list[tuple[str, Any]]] = []
    current: list[tuple[str, Any]] | None = None
    for item in log:
        if item == ("say", begin):
            current = []
        elif item == ("say", end) and current is not None:
            found.append(current)
            current = None
        elif current is not None:
            current.append(item)
    return found


def test_the_ballot_round_gives_every_voter_a_turn_of_one_shape() -> None:
    """The liar wolf's secret change of vote: after every lynch vote of a
    game with his card, every voter has a turn (his name aloud, then one
    secret question to him alone: the liar's, or the same question with
    nothing in it), whether the liar lives or not, each turn as long as any
    (one law for all); the counts are never announced."""
    cards = ["liar_wolf", "werewolf", "seer", "villager", "villager", "villager", "villager",
             "villager", "hunter", "witch"]
    pack = voices.load("nl")
    liar_asked = dead_liar_rounds = 0
    for seed in range(8):
        game, log, private, moderator = narrate(setup_of(cards, seed))
        rounds = ballot_rounds(log)
        ballots = [e for e in game.events if e.kind == "forum_ballot_round"]
        assert rounds and len(rounds) == len(ballots)
        assert not [e for e in game.events if e.kind == "vote_result"]
        liar_dead_at = next((d.when for d in game.state.deaths if d.name == "Anna"), None)
        for items in rounds:
            says = [x for kind, x in items if kind == "say"]
            asks = [x for kind, x in items if kind == "ask"]
            names = [pack.line("narration.turn", name=n) for n in PLAYERS]
            turns = [line for line in says if line in names]
            assert turns == says  # nothing but the names is said in the round
            assert len(asks) == len(turns)  # one question a turn
            for line, q in zip(turns, asks, strict=True):
                assert q.secret and len(q.seats) == 1 and line.startswith(q.seats[0] + ",")
                assert q.ask in (WAIT, "liar_wolf")
                liar_asked += q.ask == "liar_wolf"
            if liar_dead_at is not None:
                dead_liar_rounds += 1
        lows, highs = moderator.timing.turn_seconds
        assert all(lows <= length <= highs + 1e-6 for step, length, _ in moderator.call_log
                   if step == "turn")
    assert liar_asked and dead_liar_rounds


def test_no_ballot_round_without_a_card_that_recasts() -> None:
    cards = ["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager",
             "villager", "hunter", "witch"]
    for game in games(cards, 10):
        kinds = {e.kind for e in game.events}
        assert "forum_ballot_round" not in kinds
        assert "vote_result" in kinds or "no_voters" in kinds or not any(
            e.kind == "day_breaks" and e.data["day"] >= 2 for e in game.events)


def test_a_cubs_pairs_are_asked_part_by_part() -> None:
    """"a player and a role" on a device: the players first (up to five for
    the chain cub), then one role question for each player named, its
    options the cards of the game by their names."""
    game = ForumGame(setup_of(["werewolf", "chain_cub", "seer", "witch", "villager", "villager"], 1))
    while game.request is not None and game.request.ask.value != "chain_cub":
        req = game.request
        game.apply(req.spec.decide(ForumBotContext(game.state, req, random.Random(0), "random")))
    req = game.request
    assert req is not None
    values: dict[str, Any] = {}
    asked = []
    for part, item in walk(req, values):
        asked.append((part.key, item))
        if part.key == "names":
            values["names"] = ["Cees", "Dirk"]
        else:
            values.setdefault("roles", {})[item] = "seer"
    assert asked == [("names", ""), ("roles", "Cees"), ("roles", "Dirk")]
    assert req.info["most"] == 5
    assert req.info["roles"][:2] == ["villager", "werewolf"]
    assert {"seer", "witch", "chain_cub"} <= set(req.info["roles"])
    game.apply(values)
    assert game.request is not None  # taken: the night goes on


def test_the_pack_is_called_without_a_plain_werewolf() -> None:
    """A deck whose only wolves are of other kinds still has the pack's call."""
    game = ForumGame(setup_of(["orc", "liar_wolf", "shaman", "villager", "villager", "villager"], 1))
    s = game.state
    s.night = 1
    names = [st.name for st in tonight(s)]
    assert "werewolves" in names and "orc" in names and "shaman" in names


def test_the_story_after_the_game_shows_the_whole_chain_of_role_changes() -> None:
    """Issue 27: "the story after the game shows the whole chain (who became
    what, when, by whom)": every ``forum_became`` is one line of the story,
    in the chapter of its night, naming the player, his new card and his
    old one, who made the change and by which power, in the game's words."""
    from web.story import build

    shown = 0
    for lang in voices.LANGUAGES:
        for game in games(["conversion_wolf", "cub", "unsure_cub", "switcher", "pyromaniac",
                           "villager", "villager", "seer", "bishop", "villager"], 12):
            pack = voices.load(lang).for_setup(game.setup)
            story = build(game, pack, started=0, settings={})
            lines = [(c, i["text"]) for c in story["chapters"] for i in c["items"] if i["kind"] == "change"]
            chain = changes(game.state)
            assert len(lines) == len(chain)
            for (chapter, text), e in zip(lines, chain, strict=True):
                assert f"{chapter['kind']} {chapter['n']}" == e.data["when"]
                assert e.data["name"] in text and pack.role_bare(e.data["role"]) in text
                assert pack.role_bare(e.data["was"]) in text
                if e.data["by"] and e.data["by"] != e.data["name"]:
                    assert e.data["by"] in text
                shown += 1
    assert shown > 10
