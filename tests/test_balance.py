"""``wakkerdam balance``: the numbers, the swaps, the plots, bad input, and
the same answer on any number of processes."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest
from PIL import Image

import config
import voices
from engine import Role
from narrator.balance.advisor import Advisor, swaps, table_question, wilson
from narrator.balance.cli import main
from narrator.balance.inputs import check_deck, question
from narrator.balance.plots import COLOURS, figure, save, swap_label


def test_wilson_interval() -> None:
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_swap_is_one_card_and_a_deck() -> None:
    q = question(12, specials=["witch", "thief"])
    found = swaps(q.cards)
    assert found
    for swap in found:
        before, after = Counter(q.cards), Counter(swap.cards)
        assert before - after == Counter({swap.out: 1}) and after - before == Counter({swap.into: 1})
        check_deck(12, swap.cards)  # raises if it were not a deck
        assert Role.THIEF not in (swap.out, swap.into)
    seed_way = swaps(q.cards, villagers_only=True)
    assert seed_way and set(seed_way) <= set(found)
    assert all(s.out is Role.VILLAGER or (s.out, s.into) == (Role.WEREWOLF, Role.VILLAGER) for s in seed_way)
    # one werewolf left: never swapped away
    assert not [s for s in swaps(question(8, roles=["werewolf"] + ["villager"] * 7).cards)
                if s.out is Role.WEREWOLF]


def test_variants_reach_the_game() -> None:
    from narrator.balance.variants import engine_variants
    from narrator.simulation import Batch

    q = question(10, variants=["lycanthropy", "parity"])
    assert q.options.wolves_win_at_parity
    assert engine_variants(q.variants) == ("lycanthropy",)
    batch = Batch(q.players, q.cards, 1, "sensible", q.options, engine_variants(q.variants))
    assert batch.setup(0).variants == ("lycanthropy",)


def test_the_full_moon_is_played_with_its_pile() -> None:
    from engine import event_deck
    from engine.cards import CARDS
    from narrator.simulation import Batch, play_games

    q = question(10, variants=["full_moon"])
    assert q.event_cards == tuple(CARDS)  # no cards asked for: every playable one, as the page deals
    chosen = question(10, variants=["full_moon"], event_cards=["ecstasy", "discontent"], events_every=2)
    batch = Batch(chosen.players, chosen.cards, 1, "sensible", chosen.options, ("full_moon",),
                  chosen.event_cards, chosen.events_every)
    piles = {event_deck(batch.setup(i)).deck for i in range(6)}  # type: ignore[union-attr]
    assert piles == {("ecstasy", "discontent"), ("discontent", "ecstasy")}  # shuffled anew for each game
    assert event_deck(batch.setup(0)).every == 2  # type: ignore[union-attr]
    assert sum(play_games(batch, 0, 20).values()) == 20


@pytest.mark.parametrize(("argv", "key"), [
    (["--variants", "full_moon", "--cards", "comet"], "refusal.unknown_card"),
    (["--variants", "full_moon", "--every", "5"], "refusal.events_every"),
    (["--variants", "full_moon", "--cards", "ecstasy,ecstasy"], None),
])
def test_the_engines_refusals_are_lines_of_the_pack(capsys, argv, key) -> None:
    code, out, err = _run(capsys, *argv, "--games", "5", "--swap-games", "0", "--lang", "de")
    if key is None:  # a card named twice is one card of the pile
        assert code == 0, err
        return
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    template = voices.load("de").lines[key]
    assert template.split("{")[0] in err, err


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "key", "params"), [
    (["--players", "3"], "balance.err_players", {"count": 3, "lo": 8, "hi": 18}),
    (["--players", "drie"], "balance.err_number", {"option": "--players", "value": "drie"}),
    (["--specials", "witch,toverfee"], "balance.err_role", {"role": "toverfee"}),
    (["--variants", "late_mayor,no_mayor"], "balance.err_variant_mix",
     {"first": "late_mayor", "second": "no_mayor"}),
    (["--players", "9", "--variants", "double_me_big,double_me_small"], "balance.err_variant_mix",
     {"first": "double_me_small", "second": "double_me_big"}),
    (["--variants", "moonshine"], "balance.err_variant_unknown", {"variant": "moonshine"}),
    (["--variants", "double_me_small"], "balance.err_variant_players",
     {"variant": "double_me_small", "lo": 7, "hi": 9, "count": 10}),
    (["--players", "9", "--specials", "thief", "--variants", "double_me_big"], "balance.err_variant_card",
     {"variant": "double_me_big", "role": "thief"}),
    (["--variants", "villages_unite"], "balance.err_variant_unplayable", {"variant": "villages_unite"}),
    (["--roles", "werewolf,seer,villager"], "balance.err_deck_size", {"cards": 3, "players": 10, "need": 10}),
    (["--players", "8", "--roles", "seer,witch,villager,villager,villager,villager,villager,villager"],
     "balance.err_no_wolf", {}),
    (["--specials", "witch,witch"], "balance.err_twice", {"role": "witch", "count": 2}),
    (["--plot", "advies.pdf"], "balance.err_plot", {"path": "advies.pdf"}),
    (["--plot", "/nergens/advies.png"], "balance.err_no_folder", {"folder": "/nergens"}),
    (["--games", "0"], "balance.err_least", {"option": "--games", "least": 1}),
])
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_bad_input_is_one_line_of_the_pack(capsys, argv, key, params, lang) -> None:
    pack = voices.load(lang)
    code, out, err = _run(capsys, *argv, "--lang", lang)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    line = err.removeprefix("wakkerdam balance: ").rstrip("\n")
    # the line is the pack's, with the parameters the question named
    template = pack.lines[key]
    for name, value in params.items():
        shown = pack.role_bare(value) if name == "role" and value in {r.value for r in Role} else str(value)
        assert shown in line, (name, line)
    pattern = ".+".join(re.escape(part) for part in re.split(r"\{[a-z_]+\}", template))
    assert re.fullmatch(pattern, line), (line, template)


def test_unknown_option_is_one_line_too(capsys) -> None:
    code, out, err = _run(capsys, "--spelers", "10")
    assert code == 2 and err.count("\n") == 1 and "--spelers" in err


def test_the_same_answer_on_one_process_and_two(capsys) -> None:
    argv = ["--players", "8", "--games", "120", "--swap-games", "30", "--top", "3", "--json"]
    answers = []
    for jobs in ("1", "2"):
        code, out, _ = _run(capsys, *argv, "--jobs", jobs)
        assert code == 0
        answers.append(json.loads(out))
    assert answers[0] == answers[1]
    answer = answers[0]
    assert answer["bots"] == "sensible" and answer["games"] == 120
    assert sum(r["wins"] for r in answer["rates"].values()) == 120
    assert len(answer["swaps"]) == 3
    offs = [abs(s["rates"]["village"]["rate"] - 0.5) for s in answer["swaps"]]
    assert offs == sorted(offs)  # nearest to even first


def test_text_says_what_the_bots_know(capsys) -> None:
    code, out, _ = _run(capsys, "--players", "8", "--games", "60", "--swap-games", "0", "--jobs", "1")
    pack = voices.load("nl")
    assert code == 0
    for key in ("balance.knows.partner", "balance.knows.seer", "balance.knows.witch"):
        assert pack.line(key) in out
    assert pack.line("balance.side.village") in out and "%" in out


def test_progress_counts_every_game() -> None:
    q = question(8)
    seen = []
    advisor = Advisor(q, jobs=1, done=seen.append)
    advisor.base(60)
    advisor.nearest_even(25, 2, villagers_only=True)
    assert sum(seen) == 60 + 25 * len(advisor.swaps(villagers_only=True))


@pytest.fixture(scope="module")
def small_run():
    advisor = Advisor(question(10, specials=["witch", "hunter"]), jobs=1)
    by_players = advisor.by_players(25)
    return by_players, advisor.base(60), advisor.nearest_even(25, 4, villagers_only=True)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_plots_have_the_expected_axes_and_are_drawn(tmp_path, small_run, lang) -> None:
    pack = voices.load(lang)
    by_players, base, changes = small_run
    fig = figure(pack, by_players, base, changes)
    left, right = fig.axes
    assert left.get_xlabel() == pack.line("balance.plot.players")
    assert left.get_ylabel() == pack.line("balance.plot.rate")
    assert list(left.get_xticks()) == [n for n, _ in by_players] == list(range(8, 19))
    assert left.get_ylim() == (0, 100)
    legend = {t.get_text() for t in left.get_legend().get_texts()}
    assert legend == {pack.line(k) for k in ("balance.side.village", "balance.side.werewolves", "balance.plot.even")}
    assert right.get_xlabel() == pack.line("balance.plot.change")
    assert [t.get_text() for t in right.get_yticklabels()] == (
        [pack.line("balance.plot.current")] + [swap_label(pack, s) for s, _ in changes])
    bars = [round(p.get_width(), 6) for p in right.patches]
    assert bars == [round(100 * r.rate("village"), 6) for r in [base] + [r for _, r in changes]]

    png = save(fig, tmp_path / "advies.png")
    with Image.open(png) as img:
        assert img.size == (1100, 480)
        pixels = np.asarray(img.convert("RGB")).reshape(-1, 3)
    assert len(np.unique(pixels, axis=0)) > 50  # drawn, not one flat colour
    village = [int(COLOURS["village"][i:i + 2], 16) for i in (1, 3, 5)]
    assert np.all(pixels == village, axis=1).sum() > 200  # the village's bars and line are there

    svg = save(fig, tmp_path / "advies.svg")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and svg.stat().st_size > 10_000


def test_cli_writes_the_plots(tmp_path, capsys) -> None:
    png, svg = tmp_path / "a.png", tmp_path / "a.svg"
    code, out, _ = _run(capsys, "--players", "14", "--specials", "witch", "--games", "40", "--swap-games", "0",
                        "--plot", str(png), "--plot", str(svg), "--plot-games", "20", "--jobs", "2",
                        "--lang", "en")
    assert code == 0
    assert voices.load("en").line("balance.plot_written", path=str(png)) in out
    with Image.open(png) as img:
        assert img.size == (1100, 480)
        assert len(np.unique(np.asarray(img.convert("RGB")).reshape(-1, 3), axis=0)) > 50
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_shipped_table_covers_seed_001s_decks(capsys) -> None:
    data = config.balance_table()
    rows = data["decks"]
    assert [r["players"] for r in rows] == list(range(8, 19))
    for row in rows:
        assert row["deck"] == dict(Counter(r.value for r in table_question(row["players"]).cards))
        assert sum(side["wins"] for side in row["rates"].values()) == row["games"] == data["games"]
        for side in row["rates"].values():
            assert side["low"] <= side["rate"] <= side["high"]
        assert len(row["nearest_even"]) == 3
        offs = [abs(s["rates"]["village"]["rate"] - 0.5) for s in row["nearest_even"]]
        assert offs == sorted(offs)
    code, out, _ = _run(capsys, "--table")
    assert code == 0 and len(out.splitlines()) == 1 + len(rows)


def test_the_shipped_table_is_what_the_bots_play_now() -> None:
    """The smallest deck's rates, played again: a change to the bots or the
    engine that changes the games shows here (then run bench/balance_table.py)."""
    data = config.balance_table()
    row = data["decks"][0]
    rates = Advisor(table_question(row["players"]), seed=data["seed"], jobs=2).base(data["games"])
    assert rates.as_dict() == row["rates"], "config/balance.yaml is stale: run bench/balance_table.py"
