"""Set-ups the box cannot play are refused in the table's language: every
``engine.SetupError`` has a key of ``voices/<lang>/setup.yaml``, and each
pack says it with every placeholder filled and ids said as names.

The cases reach every key of the pack through the engine's real checks, so
a new check without its line, or a line nobody can reach, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

import config
import voices
from engine import EventDeck, Options, Role, Setup, SetupError, check_setup, events_data, parse_role
from engine.cards import find_card
from engine.dealing import table_deck, table_row, validate_table_deck
from engine.variants import find_variant, variant_options, variants_of

R = Role
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
PLAIN = [R.WEREWOLF, R.WEREWOLF, R.SEER] + [R.VILLAGER] * 5
TABLE = config.deck_table()
#: first cards of the double me, big complications (variant a)'s cards)
DOUBLE_BIG = [R.WEREWOLF, R.HUNTER, R.CUPID, R.VILLAGER, R.VILLAGER, R.VILLAGER, R.VILLAGER, R.VILLAGER]


def _check(cards: list[Role], *, names: tuple[str, ...] = NAMES, variants: tuple[str, ...] = (),
           options: dict[str, object] | None = None, events: EventDeck | None = None,
           middle: tuple[Role, ...] = ()) -> None:
    opts = Options.from_dict(options or {}, variant_options(variants))
    roles = dict(zip(names, cards, strict=False))
    check_setup(Setup(names, roles, middle, opts, 1, variants, events_data(events)))


def _dealt(cards: list[Role], **kw: object) -> Callable[[], None]:
    return lambda: _check(cards, **kw)  # type: ignore[arg-type]


def _f(rid: str) -> Role:
    from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
    from engine.forum.registry import parse_forum_role

    return parse_forum_role(rid, extra=rid in ("noble", "drunk", "mayor", "cupid", "lover", "soulmate"))


def _forum(*, extra: dict[str, tuple[Role, ...]] | None = None, middle: tuple[Role, ...] = (),
           thief: bool = False, variants: tuple[str, ...] = ()) -> None:
    from engine.forum.deck import check_deal

    names = ("Anna", "Bram", "Cees", "Dirk")
    roles = {"Anna": R.WEREWOLF, "Bram": R.VILLAGER, "Cees": R.THIEF if thief else R.VILLAGER,
             "Dirk": R.VILLAGER}
    check_deal(Setup(names, roles, middle, Options(), 1, variants, None, "forum", extra or {}))


def _forum_dealt(cards: list[str], extras: list[str]) -> None:
    from engine.forum.deck import deal

    deal(("Anna", "Bram", "Cees", "Dirk"), [_f(c) for c in cards], [_f(e) for e in extras], 1)


def _demo_deal(players: int, **kw: object) -> None:
    from narrator.demo import deal

    deal(players, 1, **kw)  # type: ignore[arg-type]


CASES: dict[str, Callable[[], None]] = {
    "few_players": lambda: _check([R.WEREWOLF], names=("Anna",)),
    "not_a_name": lambda: _check(PLAIN, names=NAMES[:7] + (" ",)),
    "name_twice": lambda: check_setup(Setup(NAMES[:7] + ("Anna",), {n: R.VILLAGER for n in NAMES})),
    "no_role": lambda: check_setup(Setup(NAMES, {n: R.WEREWOLF for n in NAMES[:7]})),
    "not_a_player": lambda: check_setup(Setup(NAMES[:2], {"Anna": R.WEREWOLF, "Bram": R.SEER, "Zed": R.SEER})),
    "middle_count": _dealt([R.THIEF] + PLAIN[1:], middle=(R.VILLAGER,)),
    "middle_no_thief": _dealt(PLAIN, middle=(R.VILLAGER, R.VILLAGER)),
    "card_unique": _dealt([R.WITCH, R.WITCH] + PLAIN[2:]),
    "no_werewolf": _dealt([R.VILLAGER] * 8),
    "table_players": lambda: table_row(TABLE, 3),
    "deck_size": lambda: validate_table_deck(PLAIN[:7], 8, TABLE),
    "deck_size_thief": lambda: validate_table_deck([R.THIEF] + PLAIN[1:], 8, TABLE),
    "table_werewolves": lambda: validate_table_deck([R.WEREWOLF] * 3 + PLAIN[3:], 8, TABLE),
    "table_seer": lambda: validate_table_deck(PLAIN[:2] + [R.VILLAGER] * 6, 8, TABLE),
    "not_special": lambda: table_deck(8, TABLE, [R.SEER]),
    "special_twice": lambda: table_deck(8, TABLE, [R.WITCH, R.WITCH]),
    "too_many_specials": lambda: table_deck(8, TABLE, [R.WITCH, R.HUNTER, R.CUPID, R.HEALER, R.ELDER, R.SCAPEGOAT]),
    "unknown_option": lambda: Options.from_dict({"moon_phase": 3}),
    "option_type": lambda: Options.from_dict({"not_him_days": "soon"}, variant_options(("not_him",))),
    "option_flag": lambda: Options.from_dict({"wolves_win_at_parity": "yes"}),
    "option_mayor_day": lambda: Options.from_dict({"mayor_election_day": 0}),
    "option_no_variant": lambda: check_setup(Setup(NAMES, dict(zip(NAMES, PLAIN, strict=True)),
                                                   options=Options(extra={"risky_candles": True}))),
    "option_form": lambda: _demo_option("risky_candles"),
    "unknown_variant": lambda: find_variant("dragons"),
    "variant_twice": lambda: variants_of(("lycanthropy", "lycanthropy")),
    "variants_clash": lambda: variants_of(("black_death", "lycanthropy")),
    "option_brings_clash": _dealt([R.SEER] + [R.VILLAGER] * 7, variants=("full_moon", "black_death"),
                                  options={"dark_monday_not_him": True}),
    "unknown_card": lambda: find_card("comet"),
    "cards_need_full_moon": _dealt(PLAIN, events=EventDeck(("ecstasy",))),
    "events_every": _dealt(PLAIN, variants=("full_moon",), events=EventDeck(("ecstasy",), every=5)),
    "card_twice": _dealt(PLAIN, variants=("full_moon",), events=EventDeck(("ecstasy", "ecstasy"))),
    "card_not_continuous": _dealt(PLAIN, variants=("full_moon",), events=EventDeck((), 1, ("ecstasy",))),
    "not_him_days": _dealt(PLAIN, variants=("not_him",), options={"not_him_days": [0]}),
    "black_death_wolf": _dealt(PLAIN, variants=("black_death",)),
    "double_me_players": lambda: _check([R.SEER, R.WITCH, R.HUNTER, R.CUPID, R.VILLAGER, R.VILLAGER], names=NAMES[:6],
                                        variants=("double_me_small",)),
    "double_me_card": _dealt([R.LITTLE_GIRL] + [R.SEER] + [R.VILLAGER] * 6, variants=("double_me_small",)),
    "double_me_villagers": _dealt([R.SEER, R.WITCH] + [R.VILLAGER] * 6, variants=("double_me_small",)),
    "double_me_wolves": _dealt([R.SEER, R.WITCH, R.HUNTER, R.CUPID, R.HEALER, R.ELDER, R.VILLAGER, R.VILLAGER],
                               variants=("double_me_small",), options={"double_me_wolves": ["Anna"]}),
    "double_me_big_everyone": _dealt(DOUBLE_BIG, variants=("double_me_big",),
                                     options={"double_me_second": {"Anna": "seer"}}),
    "double_me_big_ids": _dealt(DOUBLE_BIG, variants=("double_me_big",),
                                options={"double_me_second": {n: "dragon" for n in NAMES}}),
    "double_me_big_middle": _dealt([R.THIEF] + DOUBLE_BIG[1:], variants=("double_me_big",),
                                   middle=(R.VILLAGER, R.VILLAGER)),
    "double_me_big_extra": _dealt([R.WEREWOLF] * 3 + DOUBLE_BIG[3:], variants=("double_me_big",)),
    "double_me_big_cards": _dealt(DOUBLE_BIG, variants=("double_me_big",),
                                  options={"double_me_second": {n: "villager" for n in NAMES}}),
    "beginners_card": _dealt([R.CUPID] + PLAIN[1:], variants=("beginners",)),
    "unknown_role": lambda: parse_role("dragon"),
    # the forum edition (seed 004): its deal and its extra roles
    "extra_board": lambda: _demo_deal(8, extra=["noble"]),
    "forum_cannot_carry": lambda: _forum(extra={"Anna": (_f("noble"),)}),
    "forum_extra_twice": lambda: _forum(extra={"Bram": (_f("noble"), _f("noble"))}),
    "forum_middle": lambda: _forum(middle=(R.VILLAGER,)),
    "forum_nobody_carries": lambda: _forum_dealt(["werewolf", "villager", "villager", "villager"], ["drunk"]),
    "forum_not_a_role": lambda: _forum(thief=True),
    "forum_not_dealt": lambda: _forum(extra={"Bram": (_f("mayor"),)}),
    "forum_not_extra": lambda: _forum(extra={"Bram": (R.SEER,)}),
    "forum_group": lambda: _forum(extra={"Bram": (_f("soulmate"),)}),
    "forum_unknown_role": lambda: _f("vampire"),
    "forum_variants": lambda: _forum(variants=("lycanthropy",)),
}


def _demo_option(item: str) -> None:
    import argparse

    from narrator.demo import rule_choices

    rule_choices(argparse.Namespace(variant=[], option=[item]))


def _raised(case: str) -> SetupError:
    with pytest.raises(SetupError) as caught:
        CASES[case]()
    return caught.value


def test_every_line_of_the_pack_is_reached_by_a_case() -> None:
    keys = {k.removeprefix("refusal.") for k in voices.load("nl").lines if k.startswith("refusal.")}
    assert keys == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_set_up_is_said_in_every_language(case: str) -> None:
    exc = _raised(case)
    assert exc.key == f"refusal.{case}", (exc.key, str(exc))
    english = str(exc)
    said = {}
    for lang in voices.LANGUAGES:
        pack = voices.load(lang)
        assert pack.has(exc.key), f"{lang}: no line {exc.key}"
        assert pack.placeholders(exc.key) <= set(exc.params), (lang, exc.key, exc.params)
        said[lang] = voices.error_text(exc, pack)
        assert not re.search(r"\{\w*\}", said[lang]), said[lang]
        for param, value in exc.params.items():  # ids said by name, not as ids
            if param in ("role", "variant", "other", "card") and isinstance(value, str) and "_" in value:
                # a whole word: an option's id (dark_monday_not_him) may hold a variant's
                assert not re.search(rf"(?<!\w){re.escape(value)}(?!\w)", said[lang]), (lang, said[lang])
    assert said["nl"] != english and said["de"] != english
    assert len(set(said.values())) == 3, said


def test_the_page_says_the_engines_reason_in_the_tables_language() -> None:
    from web.choices import Choice, engine_refuses

    choice = Choice("de", NAMES, tuple(r.value for r in PLAIN), {}, variants=("black_death",))
    problem = engine_refuses(choice)
    assert problem is not None
    text = problem.text(voices.load("de"))
    assert voices.load("de").line("refusal.black_death_wolf") in text


def test_the_cli_says_it_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    from narrator.demo import demo_main, simulate_main

    assert demo_main(["--players", "3", "--lang", "de", "--text-only"]) == 2
    assert simulate_main(["--variant", "dragons", "--lang", "en"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"wakkerdam: {voices.load('de').line('refusal.table_players', low=8, high=18, count=3)}",
                   "wakkerdam: " + voices.load("en").line("refusal.unknown_variant", id="dragons",
                                                          known=", ".join(sorted(_variant_ids())))]


def _variant_ids() -> list[str]:
    from engine.variants import VARIANTS

    return list(VARIANTS)


def test_play_says_a_bad_option_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    from narrator.laptop.cli import main

    assert main(["--lang", "de", "--names", ",".join(NAMES), "--option", "moon_phase=3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wakkerdam play: " + voices.load("de").line(
        "refusal.unknown_option", option="moon_phase", known="").split(":")[0]), err
    assert err.count("\n") == 1


def test_every_setup_error_the_engine_raises_has_a_line() -> None:
    # A new check raised with its English text only would be English at a
    # Dutch table: each SetupError(...) in engine/ names its key (or passes
    # on the key of the error it wraps).
    import ast
    from pathlib import Path

    bare = []
    for path in sorted((Path(__file__).resolve().parents[1] / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SetupError" \
                    and len(node.args) < 2:
                bare.append(f"{path.name}:{node.lineno}")
    assert not bare, bare


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_a_command_says_a_bare_refusal_in_its_language(capsys, lang: str) -> None:
    """``fail()`` given the engine's error itself, not a line made from it."""
    from voices.args import fail

    exc = _raised("variants_clash")
    assert fail("wakkerdam", lang, exc) == 2
    err = capsys.readouterr().err
    assert err == f"wakkerdam: {voices.error_text(exc, voices.load(lang))}\n"
    assert str(exc) not in err  # the engine's log text, with ids, is never what the table reads
