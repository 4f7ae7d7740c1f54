"""The language packs: every pack has the Dutch pack's keys and placeholders,
every key the code uses exists in every pack, every line can be said.

Failures are split by pack file (and for used keys by area), so that a gap in
one engineer's file shows as its own failure and names the file to fix.
"""

from __future__ import annotations

import re
import string
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
import yaml

import voices
from tests import voice_keys

REFERENCE = "nl"
OTHERS = tuple(lang for lang in voices.LANGUAGES if lang != REFERENCE)
PACKS = Path(voices.__file__).resolve().parent


# -- reading the packs file by file (the loader merges them) ----------------------------
class _StrictLoader(yaml.SafeLoader):
    """Refuses a key written twice in one file (plain YAML keeps the last)."""


def _mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} written twice", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def _is_settings(name: str) -> bool:
    return name.startswith("voice.")  # voice.yaml: speech settings, not lines


@cache
def files(lang: str) -> dict[str, dict[str, str]]:
    """``{file name: {key: text}}`` for one pack's line files."""
    out = {}
    for path in sorted((PACKS / lang).glob("*.y*ml")):
        if _is_settings(path.name):
            continue
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader) or {}
        out[path.name] = {str(k): v for k, v in data.items()}
    return out


def _file_names() -> list[str]:
    return sorted({name for lang in voices.LANGUAGES for name in files(lang)})


def placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def _owner_file(key: str) -> str:
    """The Dutch file holding ``key``, or where its area's lines live."""
    area = key.split(".", 1)[0]
    for name, lines in files(REFERENCE).items():
        if key in lines:
            return name
    for name, lines in files(REFERENCE).items():
        if any(k.split(".", 1)[0] == area for k in lines):
            return name
    return f"{area}.yaml"


# -- (a) the same keys and placeholders as the Dutch pack ----------------------------------
@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_pack_loads(lang: str) -> None:
    files(lang)  # no file written twice
    assert voices.load(lang).lines, f"voices/{lang}: no lines at all"


@pytest.mark.parametrize("name", _file_names())
@pytest.mark.parametrize("lang", OTHERS)
def test_pack_has_every_dutch_key(lang: str, name: str) -> None:
    reference = files(REFERENCE).get(name, {})
    mine = files(lang).get(name)
    pack = voices.load(lang)
    missing = sorted(k for k in reference if k not in pack.lines)
    elsewhere = sorted(k for k in reference if k in pack.lines and (mine is None or k not in mine))
    problems = []
    if reference and mine is None:
        problems.append(f"voices/{lang}/{name} does not exist")
    if missing:
        problems.append(f"{len(missing)} key(s) of voices/nl/{name} missing in pack {lang}: "
                        + ", ".join(missing))
    if elsewhere:
        problems.append(f"keys of voices/nl/{name} kept in another file of pack {lang}: "
                        + ", ".join(elsewhere))
    assert not problems, (f"voices/{lang}/{name} (owner of {name}: please add/move these lines): "
                          + "; ".join(problems))


@pytest.mark.parametrize("name", _file_names())
@pytest.mark.parametrize("lang", OTHERS)
def test_pack_has_no_key_the_dutch_pack_lacks(lang: str, name: str) -> None:
    reference = voices.load(REFERENCE).lines
    extra = sorted(k for k in files(lang).get(name, {}) if k not in reference)
    assert not extra, (f"voices/{lang}/{name} has {len(extra)} key(s) the Dutch pack lacks "
                       f"(Dutch first, then the others): " + ", ".join(extra))


@pytest.mark.parametrize("name", _file_names())
@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_as_dutch(lang: str, name: str) -> None:
    pack = voices.load(lang)
    differ = [
        f"{key}: nl {sorted(placeholders(text))} but {lang} {sorted(placeholders(pack.lines[key]))}"
        for key, text in files(REFERENCE).get(name, {}).items()
        if key in pack.lines and placeholders(text) != placeholders(pack.lines[key])
    ]
    assert not differ, f"voices/{lang}/{name}: placeholders differ from Dutch:\n  " + "\n  ".join(differ)


# -- (b) every key the code uses ------------------------------------------------------------
@cache
def uses() -> tuple[voice_keys.Use, ...]:
    prefixes = voice_keys.BASE_PREFIXES | {
        k.split(".", 1)[0] for lang in voices.LANGUAGES for k in voices.load(lang).lines
    }
    return tuple(voice_keys.all_uses(frozenset(prefixes)))


def _area(use: voice_keys.Use) -> str:
    return use.key.split(".", 1)[0]


@cache
def _areas() -> list[str]:
    try:
        return sorted({_area(u) for u in uses()})
    except Exception:  # the tests below then fail with the finder's own message
        return ["(key finder failed)"]


def _grouped(found: list[voice_keys.Use]) -> str:
    where: dict[str, list[str]] = defaultdict(list)
    for u in found:
        where[u.key].append(u.where)
    return "\n  ".join(f"{k}  (used by {'; '.join(sorted(set(w))[:3])})" for k, w in sorted(where.items()))


@pytest.mark.parametrize("area", _areas())
@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_key_the_code_uses_exists(lang: str, area: str) -> None:
    pack = voices.load(lang)
    missing = [u for u in uses() if _area(u) == area and not u.pattern and not pack.has(u.key)]
    assert not missing, (
        f"pack {lang}: {len({u.key for u in missing})} key(s) the code uses are missing "
        f"(they belong in voices/{lang}/{_owner_file(missing[0].key)}):\n  " + _grouped(missing)
    )


@pytest.mark.parametrize("area", _areas())
@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_key_pattern_the_code_builds_has_lines(lang: str, area: str) -> None:
    """An f-string the helper cannot work out (``journal.dropped_{...}``): at
    least one line must fit it, or the code asks for a family that is not there."""
    pack = voices.load(lang)
    empty = [u for u in uses() if _area(u) == area and u.pattern
             and not any(u.matches(k) for k in pack.lines)]
    assert not empty, f"pack {lang}: no line fits these keys built in the code:\n  " + _grouped(empty)


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_lines_ask_only_for_parameters_the_code_gives(lang: str) -> None:
    pack = voices.load(lang)
    problems = []
    for u in uses():
        # a pattern (f"hardware.button.{name}") may fit keys given elsewhere
        # with other parameters, so only whole keys are held to their call
        if u.params is None or u.pattern or u.key not in pack.lines:
            continue
        wanted = placeholders(pack.lines[u.key])
        if not wanted <= u.params:
            problems.append(f"{u.key} wants {sorted(wanted - u.params)}, "
                            f"but {u.where} gives only {sorted(u.params)}")
    assert not problems, f"pack {lang}:\n  " + "\n  ".join(sorted(set(problems)))


def test_key_finder_sees_the_code() -> None:
    """The helper itself: keys known to be used in each of its ways are found,
    and a guarded emit (``kill(..., announce=False)``) asks for no line."""
    keys = {u.key for u in uses()}
    assert "narration.undone" in keys  # a plain literal
    assert "voice.cue.night" in keys  # f"voice.cue.{Cue(name).value}"
    assert "announce.death_vote" in keys  # f"death_{cause.value}" traced to kill(..., Cause.VOTE)
    assert "announce.death_werewolves" not in keys  # only ever kill(..., announce=False)
    assert "private.seer_sees" in keys and "announce.seer_sees" not in keys  # emit with a `to`
    assert "rule.tiebreak" in keys  # IllegalAnswer(rule) <- _choice(rule) <- _target("tiebreak")
    assert "call.charmed.sleep" in keys and "ask.vote.start" in keys and "role_bare.elder" in keys
    assert "call.{}.wake" in keys  # an f-string left as a pattern
    assert not any(k.endswith(".yaml") for k in keys)


# -- (c) every line can be said -----------------------------------------------------------------
@pytest.mark.parametrize("name", _file_names())
@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_line_formats_and_can_be_said(lang: str, name: str) -> None:
    reference = voices.load(REFERENCE).lines
    problems = []
    for key, text in files(lang).get(name, {}).items():
        if not isinstance(text, str):
            problems.append(f"{key}: not text but {type(text).__name__}")
            continue
        # the Dutch placeholders are what the code gives; more would be a KeyError
        wanted = placeholders(reference.get(key, text))
        try:
            said = text.format(**dict.fromkeys(wanted, "Anna"))
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            problems.append(f"{key}: does not format with {sorted(wanted)}: {exc!r}")
            continue
        if not said.strip():
            problems.append(f"{key}: empty")
        elif said != said.strip() or "  " in said or re.search(r"[{}]", said):
            problems.append(f"{key}: stray spaces or braces: {said!r}")
    assert not problems, f"voices/{lang}/{name}:\n  " + "\n  ".join(problems)
