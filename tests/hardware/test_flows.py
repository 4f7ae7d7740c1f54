"""Dealing by role cards, enrolling tags, and the self-test commands."""

from __future__ import annotations

import pytest

from engine import role_ids
from hardware.flows import deal_by_cards, default_cards, enroll_main, hw_test_main
from hardware.kit import build_kit
from hardware.tokens import Registry, fake_registry

PLAYERS = ["Anna", "Bram", "Cees"]


@pytest.fixture
def kit():
    k = build_kit("minimal", fake=True, players=PLAYERS)
    yield k
    k.close()


def test_each_player_scans_a_card_and_the_box_learns_the_deal(kit):
    cards = {"Anna": kit.registry.cards_of("seer")[0], "Bram": kit.registry.cards_of("werewolf")[0],
             "Cees": kit.registry.cards_of("werewolf")[1]}
    assert deal_by_cards(kit, on_turn=lambda p: kit.present(cards[p])) == {
        "Anna": "seer", "Bram": "werewolf", "Cees": "werewolf"}


def test_a_card_scanned_twice_a_token_and_an_unknown_tag_are_refused(kit):
    seer = kit.registry.cards_of("seer")[0]
    wolf = kit.registry.cards_of("werewolf")[0]
    shown = []
    show = kit.display.show
    kit.display.show = lambda text: (shown.append(text), show(text))
    plan = {"Anna": [seer], "Bram": [seer, kit.registry.token_of(1), "0BADCAFE", wolf],
            "Cees": []}

    def turn(player):
        for uid in plan[player]:
            kit.present(uid)
        if player == "Cees":
            kit.keyboard.type("Ziener")  # typed: no card, no uid to check
    assert deal_by_cards(kit, on_turn=turn) == {"Anna": "seer", "Bram": "werewolf", "Cees": "seer"}
    assert "Deze kaart is al gelezen." in shown
    assert "Dat is geen rolkaart." in shown
    assert "Deze tag ken ik niet." in shown


def test_a_player_who_scans_nothing_is_left_out(kit):
    assert deal_by_cards(kit, step_s=5) == {}


def test_enroll_fake_writes_the_registry(tmp_path, capsys):
    path = tmp_path / "tokens.yaml"
    assert enroll_main(["--kit", "minimal", "--fake", "--seats", "4", "--cards",
                        "werewolf=2,seer,witch", "--registry", str(path)]) == 0
    reg = Registry.load(path)
    assert sorted(reg.seats.values()) == [1, 2, 3, 4]
    assert sorted(reg.cards.values()) == ["seer", "werewolf", "werewolf", "witch"]
    assert "8 tags opgeslagen" in capsys.readouterr().out


def test_enroll_refuses_bad_cards_and_a_kit_without_reader(tmp_path, capsys):
    assert enroll_main(["--kit", "minimal", "--fake", "--cards", "dragon=2"]) == 2
    assert "dragon=2" in capsys.readouterr().err
    assert enroll_main(["--kit", "laptop", "--fake", "--registry", str(tmp_path / "r.yaml")]) == 1
    assert "geen werkende kaartlezer" in capsys.readouterr().out


def test_broken_registry_is_one_clear_message(tmp_path, capsys):
    path = tmp_path / "tokens.yaml"
    path.write_text("seats: [1, 2\n")
    assert enroll_main(["--kit", "minimal", "--fake", "--seats", "1", "--cards", "seer",
                        "--registry", str(path)]) == 2
    err = capsys.readouterr().err  # in the game's language (Dutch by default), one line
    assert "geen register van penningen" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", ["laptop", "minimal", "full", "maneschijn"])
def test_hw_test_fake_passes_for_every_shipped_kit(name, capsys):
    assert hw_test_main(["--kit", name, "--fake", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "onderdelen in orde" in out and "ontbreekt" not in out


def test_hw_test_checks_the_wiring_file(tmp_path, capsys):
    bad = tmp_path / "kit.yaml"
    bad.write_text("console:\n  buttons: {yes: gpio5, no: gpio5}\n")
    assert hw_test_main(["--kit", str(bad), "--fake", "--lang", "en"]) == 2
    assert "line 2: console button no: gpio5 is already used by console button yes" in capsys.readouterr().err
    assert hw_test_main(["--kit", str(bad), "--fake"]) == 2  # the game's language: Dutch by default
    assert "regel 2: consoleknop no: gpio5 is al in gebruik voor consoleknop yes" in capsys.readouterr().err


def test_hw_test_unknown_kit_and_too_many_players(capsys):
    assert hw_test_main(["--kit", "zolder", "--fake", "--lang", "en"]) == 2
    assert hw_test_main(["--kit", "full", "--fake", "--players", "30", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "no kit named 'zolder'" in err and "--players must be 1 to 18" in err


def test_hw_test_counts_a_chip_that_does_not_answer(monkeypatch, capsys):
    import hardware.devices as kitmod

    real = kitmod.FakeI2C

    class Missing0x21(real):
        def attach(self, address, model):
            return model if address == 0x21 else super().attach(address, model)
    monkeypatch.setattr(kitmod, "FakeI2C", Missing0x21)
    assert hw_test_main(["--kit", "full", "--fake", "--players", "18"]) == 1
    out = capsys.readouterr().out
    assert "een uitbreidingschip (0x21): ontbreekt" in out


def test_the_box_knows_a_card_of_every_role_the_engine_knows(monkeypatch):
    # The role list is the engine's: a role it registers gets a card, tags and
    # a place in enrolling without an edit here.
    assert set(default_cards()) == set(role_ids())
    assert set(fake_registry().cards.values()) == set(role_ids())
    monkeypatch.setattr("hardware.flows.role_ids", lambda: (*role_ids(), "newcomer"))
    monkeypatch.setattr("hardware.tokens.role_ids", lambda: (*role_ids(), "newcomer"))
    assert "newcomer" in default_cards() and "newcomer" in fake_registry().cards.values()
