"""``wakkerdam simulate`` over several processes, and the sensible bots
playing by seed 001's tips for players."""

from __future__ import annotations

import json

import config
from engine import Ask, Game
from narrator.bots import Bots
from narrator.demo import simulate, simulate_main
from narrator.parallel import slices
from narrator.simulation import Batch


def test_slices_cover_every_game_once_in_order() -> None:
    for items, jobs in ((1, 4), (99, 2), (1000, 2), (1001, 3)):
        parts = slices(items, jobs)
        assert [i for a, b in parts for i in range(a, b)] == list(range(items))


def test_jobs_do_not_change_the_wins() -> None:
    one = simulate(300, 10, 7, style="sensible", jobs=1)["wins"]
    two = simulate(300, 10, 7, style="sensible", jobs=2)["wins"]
    assert one == two and sum(one.values()) == 300


def test_cli_jobs_equal_one_process(capsys) -> None:
    outs = []
    for jobs in ("1", "3"):
        assert simulate_main(["--games", "200", "--players", "12", "--seed", "5", "--jobs", jobs, "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out)["wins"])
    assert outs[0] == outs[1]


def test_cli_refuses_no_jobs(capsys) -> None:
    assert simulate_main(["--games", "10", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def _games(n: int, players: int = 10):
    """Sensible bot games played step by step: (game, bots, decision) before each answer."""
    batch = Batch(players, tuple(config.demo_deck(players)), 11, "sensible")
    for i in range(n):
        setup = batch.setup(i)
        game, bots = Game(setup, cues=False), Bots(setup.seed, "sensible")
        while game.request is not None:
            decision = bots.decide(game)
            yield game, bots, decision
            game.apply(decision)


def test_sensible_bots_follow_seed_001s_tips() -> None:
    bites = saves = partner_votes = 0
    for game, bots, decision in _games(150):
        s, req = game.state, game.request
        told = bots.tips.told(game.state)
        seer = told[0] if told else None
        if req.ask is Ask.WEREWOLVES and decision is not None and seer in req.choices:
            # "daarna is zij de volgende nacht aan de beurt"
            assert decision == seer
            bites += 1
        if req.ask is Ask.WITCH and decision["save"]:
            # "De heks bewaart haar levenselixer voor de dag dat de ziener zich heeft laten zien."
            assert seer is not None and req.info["victim"] == seer
            saves += 1
        if req.ask is Ask.VOTE and s.day == 1:
            wolves = [p for p in req.actors if s.is_wolf(p)]
            partners = [w for w in wolves[1:] if w != s.lover_of(wolves[0])] if wolves else []
            if partners:
                # "Ben je weerwolf? Stem een keer tegen je partner."
                assert s.is_wolf(decision[wolves[0]])
                assert all(not s.is_wolf(decision[w]) for w in wolves[1:] if decision[w] is not None)
                partner_votes += 1
        if req.ask is Ask.VOTE and told:
            # the village votes for the werewolves the seer named
            named = [p for p in req.choices if told[1].get(p) == "werewolf"]
            for voter, vote in decision.items():
                if named and not s.is_wolf(voter) and voter != told[0] and s.lover_of(voter) not in named:
                    assert vote == named[0]
    assert bites and saves and partner_votes


def test_the_seer_speaks_only_after_seeing_a_werewolf() -> None:
    for game, bots, _ in _games(60):
        told = bots.tips.told(game.state)
        if told is not None:
            assert "werewolf" in told[1].values() and told[1][told[0]] == "seer"
            assert all(e.kind != "seer_sees" or e.data["name"] not in told[1] or
                       told[1][e.data["name"]] == e.data["role"] for e in game.events)
