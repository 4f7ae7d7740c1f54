"""The variants beyond their scenarios: what only whole narrated games show
(the black death sounds like a game with werewolves), and the lines a variant
must share word for word with the base game."""

from __future__ import annotations

import random

import pytest

import voices
from engine import Game, Options, Role, Setup
from narrator.bot_table import BotTable, RecordingPrivate, TextSpeaker
from narrator.bots import Bots
from narrator.clock import FastClock
from narrator.moderator import Moderator, Timing
from tests.test_moderator import NAMES, SlowTable, _night_scripts

BASE = [Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.HEALER,
        Role.LITTLE_GIRL, Role.VILLAGER, Role.VILLAGER, Role.VILLAGER]


def _moderate(setup: Setup, seed: int) -> Moderator:
    pack = voices.load("nl").playing(setup.variants)
    clock = FastClock()
    holder: dict[str, Moderator] = {}
    bots = SlowTable(BotTable(Bots(seed), lambda: holder["m"].game), clock, random.Random(seed))
    m = Moderator(Game(setup), pack, TextSpeaker(), bots, RecordingPrivate(pack), clock,
                  narration_seed=setup.seed, timing=Timing(discussion=False))
    holder["m"] = m
    m.run()
    return m


def test_the_black_death_sounds_like_a_night_with_werewolves() -> None:
    """seed 000: "roept elke nacht de weerwolven op alsof ze er echt zijn" —
    the same deck with werewolves and with the plague in their place: every
    night is heard the same, whoever dies and whoever chooses."""
    scripts = []
    for deal_seed in range(8):
        plague = deal_seed % 2 == 1
        cards = [Role.VILLAGER if plague and r is Role.WEREWOLF else r for r in BASE]
        random.Random(deal_seed).shuffle(cards)
        setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), (), Options(), seed=5,
                      variants=("black_death",) if plague else ())
        scripts.append((plague, _night_scripts(_moderate(setup, deal_seed))))
    assert {p for p, s in scripts if len(s) >= 2} == {False, True}
    for n in range(max(len(s) for _, s in scripts)):
        heard = [s[n] for _, s in scripts if len(s) > n]
        assert all(h == heard[0] for h in heard), f"night {n + 1} sounds different"


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_the_black_deaths_vote_is_said_as_the_usual_vote(lang: str) -> None:
    pack = voices.load(lang)
    for key in ("ask.{}.start", "ask.{}"):
        assert pack.line(key.format("plague_vote"), name="Anna") == pack.line(key.format("vote"), name="Anna")


@pytest.mark.parametrize("variant", ["talking_wall", "not_him", "beginners", "moonlight"])
def test_a_narrated_bot_game_with_the_variant_ends(variant: str) -> None:
    cards = list(BASE)
    random.Random(3).shuffle(cards)
    extra = {"risky_candles": True} if variant == "moonlight" else {}
    setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), (), Options(extra=extra), seed=3,
                  variants=(variant,))
    m = _moderate(setup, 3)
    assert m.game.winner is not None
    if variant == "talking_wall":
        said = [v for k, v in m.transcript.items if k == "say"]
        assert any(str(v).startswith("Op de muur staat: ") for v in said)


HARVEST = dict(zip(NAMES[:8], [Role.WEREWOLF, Role.SEER, Role.WITCH, Role.HUNTER, Role.VILLAGER,
                               Role.HEALER, Role.WEREWOLF, Role.SCAPEGOAT], strict=True))


def test_the_drunk_seer_sees_three_cards_and_not_whose() -> None:
    """seed 000, Het oogstfeest: "geeft ... niet alleen de identiteit van deze
    speler prijs, maar ook die van de twee spelers die direct naast hem
    zitten. Hij geeft daarbij geen enkele hint welke identiteit bij welke
    speler hoort." """
    game = Game(Setup(NAMES[:8], HARVEST, variants=("harvest_festival",)))
    game.apply("Fleur")  # the healer
    seen = game.apply("Dirk")  # the seer looks at Dirk, between Cees and Eva
    vision = [e for e in seen if e.kind.startswith("seer_sees")]
    assert len(vision) == 1 and vision[0].to == frozenset({"Bram"})
    assert vision[0].data["roles"] == ["hunter", "villager", "witch"]  # card order, not seats
    line = voices.load("en").playing(["harvest_festival"]).line(
        "private.seer_sees_three", name="Dirk", roles="a hunter, a villager and a witch")
    assert "Dirk" in line and "Cees" not in line and "Eva" not in line


def test_after_the_harvest_thief_everybody_checks_his_card() -> None:
    """seed 000: "Iedere speler controleert de volgende ochtend of hij al dan
    niet een andere persoonlijkheid heeft." — everybody, so the robbed one
    is not singled out."""
    roles = dict(HARVEST, Hanna=Role.THIEF)
    game = Game(Setup(NAMES[:8], roles, (Role.VILLAGER, Role.VILLAGER), variants=("harvest_festival",)))
    assert game.request is not None and game.request.ask == "harvest_thief"
    game.apply("Gijs")  # the thief takes Gijs's werewolf card
    while game.request is not None and game.request.ask != "mayor_election":
        game.apply(None)
    checks = {next(iter(e.to)): e.data["role"] for e in game.events if e.kind == "card_checked"}
    assert set(checks) == set(game.state.living())
    assert checks["Hanna"] == "werewolf" and checks["Gijs"] == "thief"


def test_the_seer_sees_the_hidden_identity_in_de_dubbele_ik() -> None:
    """seed 000, De dubbele ik: the open card is a power, the face-down card
    the identity ("gedekte kaart met zijn identiteit"): the seer sees that one."""
    roles = dict(zip(NAMES[:8], [Role.SEER, Role.HUNTER, Role.WITCH, Role.CUPID, Role.HEALER,
                                 Role.ELDER, Role.SCAPEGOAT, Role.VILLAGER], strict=True))
    game = Game(Setup(NAMES[:8], roles, options=Options(extra={"double_me_wolves": ["Bram", "Gijs"]}),
                      variants=("double_me_small",)))
    told = {next(iter(e.to)): e.kind for e in game.events if e.kind.startswith("identity_")}
    assert told["Bram"] == told["Gijs"] == "identity_werewolf" and told["Anna"] == "identity_villager"
    game.apply(None)  # cupid
    game.apply(None)  # the healer
    seen = [e for e in game.apply("Bram") if e.kind == "seer_sees"]  # Bram shows the hunter
    assert seen[0].data["role"] == "werewolf"
    assert game.request is not None and set(game.request.actors) == {"Bram", "Gijs"}


def test_two_powers_wake_twice_and_the_seer_sees_both_cards_in_de_dubbele_ik() -> None:
    """seed 000, De dubbele ik, grote complicaties: "een heks die tegelijkertijd
    ziener is" — Anna answers at the seer's call and at the witch's; what she
    sees is both of Cees's cards, told to her alone; every night call is made
    as in any game of this variant, whoever holds the cards."""
    names = NAMES[:8]
    first = [Role.WITCH, Role.WEREWOLF, Role.HUNTER, Role.VILLAGER, Role.HEALER, Role.ELDER,
             Role.VILLAGER, Role.CUPID]
    second = ["seer", "villager", "werewolf", "villager", "villager", "scapegoat", "villager", "villager"]
    setup = Setup(names, dict(zip(names, first, strict=True)), variants=("double_me_big",),
                  options=Options(extra={"double_me_second": dict(zip(names, second, strict=True))}))
    game = Game(setup)
    told = {next(iter(e.to)): e.data["roles"] for e in game.events if e.kind.startswith("double_me_cards")}
    assert told["Anna"] == ["witch", "seer"] and told["Cees"] == ["hunter", "werewolf"]
    asked = []
    for answer in (None, None, "Cees", "Dirk", {"save": False, "poison": None}):
        assert game.request is not None
        asked.append((game.request.ask.value, game.request.actors))
        events = game.apply(answer)
        if asked[-1][0] == "seer":
            seen = [e for e in events if e.kind == "double_me_seen"]
            assert [(e.to, e.data["roles"]) for e in seen] == [(frozenset({"Anna"}), ["werewolf", "hunter"])]
    assert asked[2] == ("seer", ("Anna",)) and asked[4] == ("witch", ("Anna",))
    assert set(asked[3][1]) == {"Bram", "Cees"}
    steps = [e.data["step"] for e in game.events if e.kind == "wake"]
    assert steps == ["cupid", "lovers", "healer", "seer", "werewolves", "witch"]


def test_the_harvest_festivals_refusals_say_its_own_rule() -> None:
    """seed 000, Het oogstfeest: "Weerwolven mogen uitsluitend iemand
    elimineren die direct naast een van hen zit" — a choice further away is
    refused with the festival's rule, not the base game's "not one of their
    own" (privately, to the werewolves)."""
    from tests.test_moderator import ScriptedTable

    cards = [Role.WEREWOLF, Role.SEER] + [Role.VILLAGER] * 3 + [Role.WEREWOLF] + [Role.VILLAGER] * 4
    setup = Setup(NAMES, dict(zip(NAMES, cards, strict=True)), options=Options(mayor_election_day=None),
                  seed=1, variants=("harvest_festival",))
    pack = voices.load("nl").playing(setup.variants)
    holder: dict[str, Moderator] = {}
    table = ScriptedTable([("werewolves", None, ("Cees",)), ("werewolves", None, ("Bram",))],
                          BotTable(Bots(1), lambda: holder["m"].game))
    private = RecordingPrivate(pack)
    m = Moderator(Game(setup), pack, TextSpeaker(), table, private, FastClock(), narration_seed=1,
                  timing=Timing(discussion=False))
    holder["m"] = m
    m.run()
    refusals = [params["rule"] for seats, key, params in private.shown if key == "narration.refused_private"]
    assert refusals[0] == pack.line("rule.harvest_neighbours") != voices.load("nl").line("rule.werewolves_own")
    assert "buurman" in refusals[0]
    assert "Bram" in m.game.decisions  # the pack then chose a neighbour
