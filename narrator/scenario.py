"""Scenario files (``docs/scenario-format.md``): a deal plus answers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import (
    BOARD,
    EDITIONS,
    FORUM,
    EventDeck,
    Options,
    Role,
    Setup,
    SetupError,
    WakkerdamError,
    check_setup,
    events_data,
)
from engine.cards import find_card
from engine.registry import parse_role
from engine.variants import find_variant, variant_options
from engine.vocab import Ask
from narrator.yamlfile import ConfigError, load_yaml, where
from voices import LANGUAGES


class ScenarioError(WakkerdamError, ValueError):
    """The file is not a valid scenario; the message names file and problem."""


#: the format's keys (``docs/scenario-format.md``); a key outside
#: them is refused, so that a typo never plays a different game
KEYS = frozenset({"players", "roles", "middle", "options", "seed", "language", "steps",
                  "variants", "events", "edition", "extra"})
#: the project's test annotations beside them (tests/test_scenarios.py)
ANNOTATIONS = ("expect", "xfail")
EVENT_KEYS = frozenset({"deck", "every", "from_start"})


@dataclass(frozen=True)
class Step:
    ask: Ask
    answer: Any


@dataclass(frozen=True)
class Scenario:
    setup: Setup
    language: str
    steps: tuple[Step, ...]
    raw: dict[str, Any]


def load(path: str | Path) -> Scenario:
    """Read a scenario file; errors name the file and line (ScenarioError)."""
    try:
        data = load_yaml(path, "scenario")
    except ConfigError as exc:
        raise ScenarioError(str(exc)) from None
    return parse(data, str(path))


def parse(data: Any, file: str = "scenario") -> Scenario:
    def fail(*path: Any, message: str) -> ScenarioError:
        at = where(data, *path) if hasattr(data, "lines") else file
        return ScenarioError(f"{at}: {message}")

    if not isinstance(data, dict):
        raise fail(message="a scenario is a mapping with players, roles and steps")
    for key in data:
        if not isinstance(key, str) or (key not in KEYS and not key.startswith(ANNOTATIONS)):
            raise fail(key, message=f"unknown key {key!r} (known: {', '.join(sorted(KEYS))})")
    for key in ("players", "roles"):
        if key not in data:
            raise fail(message=f"missing key '{key}'")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fail("players", message="'players' must be a list of names")
    edition = data.get("edition", BOARD)
    if edition not in EDITIONS:
        raise fail("edition", message=f"unknown edition {edition!r} (one of {', '.join(EDITIONS)})")
    raw_roles = data["roles"]
    if not isinstance(raw_roles, dict):
        raise fail("roles", message="'roles' must map each player to a role")
    read_role = parse_role if edition == BOARD else forum_role
    roles = {}
    for name, role in raw_roles.items():
        try:
            roles[str(name)] = read_role(role)
        except ValueError as exc:
            raise fail("roles", name, message=str(exc)) from None
    extra = _extra(data, fail, edition)
    middle_raw = data.get("middle") or []
    if not isinstance(middle_raw, list):
        raise fail("middle", message="'middle' must be a list of two roles")
    try:
        middle = tuple(parse_role(r) for r in middle_raw)
    except ValueError as exc:
        raise fail("middle", message=str(exc)) from None
    variants = _variants(data, fail)
    events = _events(data, fail)
    raw_options = data.get("options") or {}
    if not isinstance(raw_options, dict):
        raise fail("options", message="'options' must be a mapping")
    try:
        options = Options.from_dict(dict(raw_options), variant_options(variants))
    except SetupError as exc:
        raise fail("options", message=str(exc)) from None
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise fail("seed", message="'seed' must be a whole number")
    language = data.get("language", "nl")
    if language not in LANGUAGES:
        raise fail("language", message=f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    setup = Setup(tuple(players), roles, middle, options, seed, variants, events_data(events),
                  edition, extra)
    try:
        check_any(setup)
    except SetupError as exc:
        where_ = "events" if events is not None and "event" in str(exc) else "roles"
        raise fail(where_, message=f"wrong deck: {exc}") from None
    raw_steps = data.get("steps")
    if raw_steps is not None and not isinstance(raw_steps, list):
        raise fail("steps", message="'steps' must be a list of {ask, answer}")
    steps = []
    for i, item in enumerate(raw_steps or [], 1):
        if not isinstance(item, dict) or "ask" not in item or "answer" not in item:
            raise fail("steps", i - 1, message=f"step {i} must have 'ask' and 'answer'")
        try:
            steps.append(Step(Ask(str(item["ask"])), item["answer"]))
        except ValueError:
            raise fail("steps", i - 1, message=f"step {i}: unknown ask {item['ask']!r}") from None
    return Scenario(setup, language, tuple(steps), data)


def forum_role(value: object) -> Role:
    from engine.forum.game import ForumGame  # noqa: F401  (registers the forum's roles)
    from engine.forum.registry import parse_forum_role

    return parse_forum_role(value)


def _extra(data: dict[str, Any], fail: Any, edition: str) -> dict[str, tuple[Role, ...]]:
    """``extra: {name: [role, ...]}``: the forum edition's extra roles."""
    raw = data.get("extra")
    if raw is None:
        return {}
    if edition != FORUM:
        raise fail("extra", message="extra roles are dealt in the forum edition only (edition: forum)")
    if not isinstance(raw, dict):
        raise fail("extra", message="'extra' must map players to lists of extra roles")
    from engine.forum.registry import parse_forum_role

    found: dict[str, tuple[Role, ...]] = {}
    for name, tags in raw.items():
        if isinstance(tags, str):
            tags = [tags]
        if not isinstance(tags, list):
            raise fail("extra", name, message="each player's extra roles are a list")
        try:
            found[str(name)] = tuple(parse_forum_role(t, extra=True) for t in tags)
        except SetupError as exc:
            raise fail("extra", name, message=str(exc)) from None
    return found


def _variants(data: dict[str, Any], fail: Any) -> tuple[str, ...]:
    raw = data.get("variants") or []
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise fail("variants", message="'variants' must be a list of variant ids")
    found = []
    for i, name in enumerate(raw):
        try:
            found.append(find_variant(name).id)
        except SetupError as exc:
            raise fail("variants", i, message=str(exc)) from None
    return tuple(found)


def _events(data: dict[str, Any], fail: Any) -> EventDeck | None:
    raw = data.get("events")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise fail("events", message="'events' must be a mapping with deck, every, from_start")
    for key in raw:
        if key not in EVENT_KEYS:
            raise fail("events", key, message=f"unknown key {key!r} in events (known: deck, every, from_start)")
    lists = {}
    for key in ("deck", "from_start"):
        value = raw.get(key) or []
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise fail("events", key, message=f"events: '{key}' must be a list of card ids")
        for i, cid in enumerate(value):
            try:
                find_card(cid)
            except SetupError as exc:
                raise fail("events", key, i, message=str(exc)) from None
        lists[key] = tuple(value)
    every = raw.get("every", 1)
    if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= 3:
        raise fail("events", "every", message=f"events: every must be 1, 2 or 3, not {every!r}")
    return EventDeck(lists["deck"], every, lists["from_start"])


def check_any(setup: Setup) -> None:
    """The checks of the set-up's edition."""
    if setup.edition == FORUM:
        from engine.forum.deck import check_deal

        check_deal(setup)
    else:
        check_setup(setup)


def step_line(scen: Scenario, i: int) -> str:
    """``file:line`` of step ``i`` (1-based), for messages."""
    return where(scen.raw, "steps", i - 1) if hasattr(scen.raw, "lines") else ""
