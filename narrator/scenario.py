"""Scenario files (``../shared/spec/scenario-format.md``): a deal plus answers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine import Options, Setup, SetupError, validate_deal
from engine.roles import parse_role
from engine.vocab import Ask
from voices import LANGUAGES


class ScenarioError(ValueError):
    """The file is not a valid scenario; the message names file and problem."""


class _Loader(yaml.SafeLoader):
    """YAML with two fixes for player names: only true/false are booleans
    (YAML 1.1 would turn a player called "No" or "On" into False), and a key
    given twice in one mapping is an error, not silently the last one."""


_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _mapping(loader: _Loader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} appears twice (first on line {seen[key] + 1})",
                key_node.start_mark,
            )
        seen[key] = key_node.start_mark.line
    return loader.construct_mapping(node)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_yaml_text(text: str, where: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark else ""
        raise ScenarioError(f"{where}{line}: not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{where}: not valid YAML: {exc}") from None


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
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read: {exc}") from None
    return parse(load_yaml_text(text, str(path)), str(path))


def parse(data: Any, where: str = "scenario") -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with players, roles and steps")
    for key in ("players", "roles"):
        if key not in data:
            raise ScenarioError(f"{where}: missing key '{key}'")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError(f"{where}: 'players' must be a list of names")
    raw_roles = data["roles"]
    if not isinstance(raw_roles, dict):
        raise ScenarioError(f"{where}: 'roles' must map each player to a role")
    try:
        roles = {str(name): parse_role(role) for name, role in raw_roles.items()}
        middle_raw = data.get("middle") or []
        if not isinstance(middle_raw, list):
            raise ScenarioError(f"{where}: 'middle' must be a list of two roles")
        middle = tuple(parse_role(r) for r in middle_raw)
        options = Options.from_dict(_dict(data.get("options"), "options", where))
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError(f"{where}: 'seed' must be a whole number")
    language = data.get("language", "nl")
    if language not in LANGUAGES:
        raise ScenarioError(f"{where}: unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    setup = Setup(tuple(players), roles, middle, options, seed)
    try:
        validate_deal(setup)
    except SetupError as exc:
        raise ScenarioError(f"{where}: wrong deck: {exc}") from None
    return Scenario(setup, language, _steps(data.get("steps"), where), data)


def _dict(value: Any, key: str, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: '{key}' must be a mapping")
    return value


def _steps(raw: Any, where: str) -> tuple[Step, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: 'steps' must be a list of {{ask, answer}}")
    steps = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict) or "ask" not in item or "answer" not in item:
            raise ScenarioError(f"{where}: step {i} must have 'ask' and 'answer'")
        try:
            ask = Ask(str(item["ask"]))
        except ValueError:
            raise ScenarioError(f"{where}: step {i}: unknown ask {item['ask']!r}") from None
        steps.append(Step(ask, item["answer"]))
    return tuple(steps)
