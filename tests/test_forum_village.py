"""The village's roles of seed 004 (issue 26, part 2) at the table: all of
them playable; their calls held with the same lines when the holder is
dead or spent; their results told only to the player they are for; their
bots playing as a thinking player would; a narrated game with all of them
finishes in every language."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Setup
from engine.deck import FORUM
from engine.forum.botkit import ForumBotContext
from engine.forum.game import ForumGame
from engine.forum.registry import FORUM_ROLES
from engine.options import Options
from engine.vocab import Role
from tests.forum_playout import play, random_setup

ROOT = Path(__file__).resolve().parent.parent
PART2 = ("bishop", "fool", "blessed", "clairvoyant", "oracle", "priest", "prince", "sleepwalker",
         "stalker", "false_angel", "friend", "werehamster", "wise_citizen", "switcher", "yeti",
         "lycanthrope", "guardian_angel")
#: the night steps of part 2, and when they are called
CALLS = {"friend": 1, "yeti": 1, "blessed": 1, "guardian_angel": 1, "false_angel": 1, "switcher": 1,
         "bishop": 1, "clairvoyant": 1, "fool": 1, "oracle": 1, "sleepwalker": 1, "stalker": 1}
#: what each of them tells in private, by event kind
RESULTS = ("forum_ordained", "forum_clairvoyant_sees", "forum_fool_asks", "forum_fool_sees",
           "forum_oracle_match", "forum_oracle_no_match", "forum_sleepwalker_sees", "forum_stalker_acted",
           "forum_stalker_nothing", "forum_stalker_saved", "forum_false_angel_took", "forum_switched",
           "forum_wise_citizen_count", "forum_witch_potion_back")
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot",
         "Mees", "Noor", "Otto", "Pien", "Quinten", "Roos")


def test_roles_marks_all_seventeen_playable() -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "roles", "--edition", "forum", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    by_id = {r["id"]: r for r in json.loads(proc.stdout)["roles"]}
    for rid in PART2:
        assert by_id[rid]["playable"] and by_id[rid]["side"] == "good", rid
        assert FORUM_ROLES[Role(rid)].kind == "role"


def test_a_dead_holders_call_is_held_all_the_same() -> None:
    """Every call of part 2 is heard on a night its holder is dead: its
    card is in the deck, so its step wakes and sleeps as ever, and nobody
    is asked (seed 004's roles: "the same lines and waits")."""
    night_roles = list(CALLS)
    players = NAMES[:len(night_roles) + 2]
    roles = {"Anna": Role.WEREWOLF, "Bram": Role.WEREWOLF}
    roles.update({p: Role(r) for p, r in zip(players[2:], night_roles, strict=True)})
    setup = Setup(players, roles, (), Options(), 1, (), None, FORUM, {})
    game = ForumGame(setup)
    s = game.state
    for p in players[2:]:  # every holder dead before the first night
        s.mark_dead(p)
    asked: list[str] = []
    while s.night < 1 or s.phase.value == "night":
        req = game.request
        assert req is not None
        if req.when.startswith("night"):
            asked += req.actors
        if req.ask.value == "mayor_election":
            game.apply({p: "Anna" for p in req.actors if s.alive[p]})
        elif req.ask.value == "mayor_successor":
            game.apply("Bram" if req.actors[0] == "Anna" else None)
        else:
            game.apply(None)
    woken = {e.data["step"] for e in game.events if e.cue and e.kind == "wake"}
    slept = {e.data["step"] for e in game.events if e.cue and e.kind == "sleep"}
    assert set(CALLS) <= woken and set(CALLS) <= slept
    assert not set(asked) & set(players[2:])


@pytest.fixture(scope="module")
def games() -> list[ForumGame]:
    found = []
    for seed in range(120):
        rng = random.Random(5000 + seed)
        found.append(play(random_setup(rng), seed, "sensible" if seed % 2 else "random"))
    return found


def test_results_are_told_only_to_the_player_they_are_for(games: list[ForumGame]) -> None:
    """A look's, a watch's or a change's result goes to one player, on his
    private channel, never aloud."""
    seen = set()
    for game in games:
        for e in game.events:
            if e.kind in RESULTS:
                seen.add(e.kind)
                assert e.to is not None and len(e.to) == 1, e
    assert len(seen) >= len(RESULTS) - 3  # (the rarest may not come up in 120 games)


def test_the_wise_citizens_answer_comes_in_his_own_turn(games: list[ForumGame]) -> None:
    """A secret day action: asked in the day's round, answered at once to
    him alone, between his turn's cues."""
    found = 0
    for game in games:
        events = game.events
        for i, e in enumerate(events):
            if e.kind != "forum_wise_citizen_count":
                continue
            found += 1
            (who,) = tuple(e.to or ())
            turn = max(j for j in range(i) if events[j].kind == "turn")
            assert events[turn].data["name"] == who
            assert not any(ev.kind == "turn_end" for ev in events[turn:i])
    assert found


def sensible(game: ForumGame, seed: int = 1) -> object:
    req = game.request
    assert req is not None
    return req.spec.decide(ForumBotContext(game.state, req, random.Random(seed), "sensible"))


def test_a_thinking_priest_pours_on_a_werewolf_he_knows() -> None:
    players = NAMES[:7]
    roles = dict(zip(players, [Role.WEREWOLF, Role("priest"), Role.SEER] + [Role.VILLAGER] * 4,
                     strict=True))
    game = ForumGame(Setup(players, roles, (), Options(), 1, (), None, FORUM, {}))
    assert sensible(game) is None  # day 1: he knows nobody, keeps his bottle (mostly)
    game.apply(None)
    game.apply({p: "Dirk" for p in players})
    game.apply("Eva")
    # the night: the seer looks at nobody; a vision the priest hears of (public): a death
    game.state.emit("forum_seer_sees", frozenset({"Bram"}), sleeper=True, name="Anna", role="werewolf")
    game.apply(None)          # seer
    game.apply(None)          # no lunch
    game.apply(None)          # mayor
    assert game.request is not None and game.request.ask.value == "day"
    assert sensible(game) == {"action": "priest", "priest": "Anna"}


def test_a_thinking_clairvoyant_looks_at_someone_new() -> None:
    players = NAMES[:6]
    roles = dict(zip(players, [Role.WEREWOLF, Role("clairvoyant")] + [Role.VILLAGER] * 4, strict=True))
    game = ForumGame(Setup(players, roles, (), Options(), 1, (), None, FORUM, {}))
    game.apply({p: "Cees" for p in players})
    game.apply("Dirk")
    for name in ("Anna", "Cees", "Dirk", "Eva"):
        game.state.emit("forum_clairvoyant_sees", frozenset({"Bram"}), sleeper=True, name=name, side="good")
    assert all(sensible(game, seed) == "Fleur" for seed in range(20))


def test_a_thinking_bishop_ordains_a_known_villager() -> None:
    players = NAMES[:6]
    roles = dict(zip(players, [Role.WEREWOLF, Role("bishop")] + [Role.VILLAGER] * 4, strict=True))
    game = ForumGame(Setup(players, roles, (), Options(), 1, (), None, FORUM, {}))
    game.apply({p: "Cees" for p in players})
    game.apply("Dirk")
    assert all(sensible(game, seed) is None for seed in range(20))  # night 1: no guess worth his chance
    game.state.emit("forum_seer_sees", frozenset({"Bram"}), sleeper=True, name="Eva", role="villager")
    assert all(sensible(game, seed) == "Eva" for seed in range(20))


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_narrated_game_with_every_village_role_finishes(lang: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--text-only", "--json",
                           "--edition", "forum", "--roles", ",".join(("werewolf",) + PART2),
                           "--lang", lang, "--seed", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "finished" and out["edition"] == "forum" and out["winners"]
