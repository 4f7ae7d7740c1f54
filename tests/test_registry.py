"""The shape that carries the rules: every role, ask, variant and card is
registered in one place and has all it needs; a new role touches only its
own module (and its lines)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import voices
from engine import Game, Setup, role_ids
from engine.cards import CARDS
from engine.catalog import CARD_IDS, VARIANT_IDS
from engine.forms import Form
from engine.registry import ASKS, FORMS, ROLES, all_steps, check_complete, secret_asks
from engine.variants import VARIANTS, find_variant
from engine.vocab import Role

ROOT = Path(__file__).resolve().parent.parent


def test_every_role_step_and_ask_has_what_it_needs() -> None:
    assert check_complete() == []


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_ask_has_its_prompt_in_every_pack(lang: str) -> None:
    assert check_complete(voices.load(lang).lines) == []


def test_the_night_order_is_the_seeds_sorted_by_place() -> None:
    names = [st.name for st in all_steps()]
    base = [n for n in names if n in {"thief", "cupid", "lovers", "healer", "seer", "werewolves",
                                       "witch", "pied_piper", "charmed"}]
    # seed 000: "De Dief ... Cupido ... De Geliefden ... De Genezer ... De Ziener ...
    # De Weerwolven ... De Heks ... De Fluitspeler ... De Betoverden"
    assert base == ["thief", "cupid", "lovers", "healer", "seer", "werewolves", "witch",
                    "pied_piper", "charmed"]
    orders = [st.order for st in all_steps()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


def test_tables_are_derived_from_the_registry() -> None:
    assert set(role_ids()) == {r.value for r in ROLES}
    assert role_ids()[:13] == ("werewolf", "villager", "seer", "witch", "hunter", "cupid",
                               "little_girl", "thief", "village_idiot", "scapegoat", "pied_piper",
                               "healer", "elder")
    assert secret_asks() == {a for a, spec in ASKS.items() if spec.secret}
    # a form is one of the named ones or data of the ask's own (the witch's potions)
    assert all(isinstance(spec.form, Form) or spec.form in FORMS for spec in ASKS.values())
    assert all(isinstance(spec.shape, Form) for spec in ASKS.values())
    for step in all_steps():
        if step.ask is not None:
            assert ASKS[step.ask].secret, f"night step {step.name} asks openly"


def test_variant_and_card_ids_are_the_formats() -> None:
    assert set(VARIANTS) <= set(VARIANT_IDS)
    assert set(CARDS) <= set(CARD_IDS)
    assert find_variant("volle_maan") is VARIANTS["full_moon"]


def test_an_unknown_role_id_is_not_a_role() -> None:
    with pytest.raises(ValueError):
        Role("vampire")
    assert Role("seer") is Role.SEER


#: data the program writes about the roles it finds (the balance advisor's
#: shipped table), not code that knows a role
GENERATED = {"config/balance.yaml"}


def _files_naming(word: str) -> list[str]:
    found = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if (not path.is_file() or rel.parts[0] in {"voices", "tests", "docs", ".git", ".venv"}
                or rel.parts[0].startswith(".") or path.suffix in {".pyc", ".wav", ".png"}
                # what `pip install -e .` writes beside the code (ignored by git)
                or rel.parts[0].endswith(".egg-info") or rel.parts[0] == "build"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if word in text and str(rel) not in GENERATED:
            found.append(str(rel))
    return found


def test_a_new_role_lives_in_one_module() -> None:
    """Issue 9: adding the guardian angel touched its module and its lines only
    (plus the registry line that imports it)."""
    # (the forum edition is a registry of its own: its guardian angel of seed
    # 004 (issue 26: seed 004's text, not the board game's reading) lives the
    # same way, its module and one line in the forum's registry; the forum's
    # roles whose texts name it live under engine/forum/ too)
    found = [f for f in _files_naming("guardian_angel") if not f.startswith("engine/forum/")]
    assert sorted(found) == ["engine/roles/__init__.py", "engine/roles/guardian_angel.py"], found
    assert (ROOT / "engine/forum/roles/guardian_angel.py").exists()
    for registry in ("engine/roles/__init__.py", "engine/forum/roles/__init__.py"):
        registry_line = [ln for ln in (ROOT / registry).read_text().splitlines()
                         if "guardian_angel" in ln]
        assert registry_line == ["    guardian_angel,"], registry


def test_variants_and_cards_live_in_their_own_modules() -> None:
    for vid in VARIANTS:
        assert (ROOT / "engine" / "variants" / f"{vid}.py").exists()
        for lang in voices.LANGUAGES:
            assert (ROOT / "voices" / lang / "variants" / f"{vid}.yaml").exists()
    for cid in CARDS:
        assert (ROOT / "engine" / "cards" / f"{cid}.py").exists()
        for lang in voices.LANGUAGES:
            assert (ROOT / "voices" / lang / "cards" / f"{cid}.yaml").exists()


def test_the_engine_has_no_rule_chains_on_role_ids_outside_its_roles() -> None:
    """A role is named by the modules of the rules that are about it; the
    procedure modules (night, dawn, deaths, day, outcome, game) name none."""
    pattern = re.compile(r"Role\.[A-Z_]+")
    for name in ("night", "dawn", "deaths", "day", "outcome", "game", "state", "answers"):
        text = (ROOT / "engine" / f"{name}.py").read_text()
        tree = ast.parse(text)
        code = "\n".join(ast.get_source_segment(text, n) or "" for n in tree.body
                         if not isinstance(n, ast.Expr))
        assert not pattern.findall(code), f"engine/{name}.py names {pattern.findall(code)}"


def test_a_role_registered_twice_is_refused() -> None:
    from engine import registry

    with pytest.raises(RuntimeError, match="twice"):
        registry.role(ROLES[Role.SEER])


def test_the_guardian_angel_is_never_told_whether_it_worked() -> None:
    # seed 004: "De beschermengel krijgt niet te horen of zijn actie wel of niet geslaagd is."
    names = ("Anna", "Bram", "Cees", "Dirk", "Eva")
    roles = {"Anna": Role.WEREWOLF, "Bram": Role("guardian_angel"), "Cees": Role.VILLAGER,
             "Dirk": Role.VILLAGER, "Eva": Role.VILLAGER}
    for target in ("Cees", "Dirk"):
        game = Game(Setup(names, roles))
        game.apply("Cees")      # the angel shields Cees
        game.apply(target)      # the werewolves choose Cees (shielded) or Dirk
        assert not [e for e in game.events if e.to and "Bram" in e.to]
