"""The forum edition's shape: every role is one module plus its lines,
registered in one place with all it needs; the procedure names no role;
the catalogue is seed 004's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import voices
from engine.forum import catalog
from engine.forum.game import ForumGame  # noqa: F401  (registers every forum role)
from engine.forum.registry import FORUM_ROLES, all_steps, check_complete, day_actions

ROOT = Path(__file__).resolve().parent.parent
#: roles registered by another role's module, and why: the lover is what
#: cupid makes ("De geliefden zijn de cupido en degene die door hem gekozen is")
HOSTED = {"lover": "cupid"}


def test_every_forum_role_step_and_ask_has_what_it_needs() -> None:
    assert check_complete() == []


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_forum_ask_has_its_prompts_in_every_pack(lang: str) -> None:
    assert check_complete(dict(voices.load(lang).edition("forum").lines)) == []


def test_the_catalogue_is_seed_004s() -> None:
    # "good 22 + 2 testrollen, bad 16 + 2, neutral 7, extra roles 7 + 1"
    assert (len(catalog.GOOD), len(catalog.BAD), len(catalog.NEUTRAL), len(catalog.EXTRA)) == (24, 18, 7, 8)
    assert len(catalog.ALL_IDS) == len(set(catalog.ALL_IDS)) == 57
    for rid, card in FORUM_ROLES.items():
        assert rid.value in catalog.ALL_IDS
        if card.kind == "extra":
            assert rid.value in catalog.EXTRA and card.side is None
        else:
            assert card.side is not None and card.side.value == catalog.side_of(rid.value)


def test_a_forum_role_is_one_module_plus_its_lines() -> None:
    for rid, card in FORUM_ROLES.items():
        home = HOSTED.get(rid.value, rid.value)
        module = ROOT / "engine" / "forum" / "roles" / f"{home}.py"
        assert module.exists(), f"{rid.value}: no module {module.name}"
        assert f"\n    {home},\n" in (ROOT / "engine/forum/roles/__init__.py").read_text()
        if card.steps or card.asks or card.day_actions:
            for lang in voices.LANGUAGES:
                assert (ROOT / "voices" / lang / "forum" / f"{home}.yaml").exists(), (lang, home)


def test_the_procedure_names_no_role() -> None:
    """A role is named only by the modules about it: the procedure modules
    (night, fold, day, deaths, outcome, game, state, sides, base) name none."""
    ids = {r.value for r in FORUM_ROLES} - {"villager"}
    for name in ("night", "fold", "day", "deaths", "outcome", "game", "state", "sides", "base"):
        text = (ROOT / "engine" / "forum" / f"{name}.py").read_text()
        tree = ast.parse(text)
        code = "\n".join(ast.get_source_segment(text, n) or "" for n in tree.body
                         if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)))
        code = re.sub(r"#.*", "", code)
        assert not re.search(r"Role\.[A-Z_]+", code), name
        for rid in ids:
            assert f'"{rid}"' not in code, (name, rid)


def test_the_night_is_the_steps_in_their_order() -> None:
    orders = [st.order for st in all_steps()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


def test_day_actions_have_their_labels() -> None:
    for lang in voices.LANGUAGES:
        pack = voices.load(lang)
        for action in day_actions():
            assert pack.has(f"forum.action.{action.id}")
