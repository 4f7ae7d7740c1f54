"""YAML files written by people (kits, configs, scenarios): one clear message
naming the file, the line and what is wrong.

:func:`load_yaml` returns ordinary dicts and lists that remember where they
came from, so a check made long after loading can still point at the line::

    data = load_yaml("config/kit.yaml", "kit")
    players = get(data, "players", list)            # wrong type: "kit.yaml:3: ..."
    for name, role in get(data, "roles", dict).items():
        if role not in ROLES:
            raise error_at(data, ("roles", name), "journal.config_unknown_value",
                           name=name, value=role)   # "kit.yaml:7: ..."
    where(data, "roles", "Anna")                    # "config/kit.yaml:7"

Two YAML 1.1 surprises are switched off because these files hold player names:
only ``true``/``false`` are booleans (a player called "No" or "On" stays
text), and a key given twice in one mapping is an error instead of silently
the last one.

Why not ruamel.yaml (YAML 1.2, every key's line and column, duplicate keys
refused): measured against this loader on the fuzz corpus
(``bench/yaml_loaders.py``: 6,457 texts, the shipped files, their edits as
tests/test_input_files_fuzz.py makes them, random text), it finds the same
data and the same line for every key and item, and its refusals are as
close to the edit (94 % within a line, both). But it takes 36 of those
texts that this loader refuses at their line (null keys from a stray
``: :``, a list as a key, an unknown ``!tag`` kept as tagged text), its
duplicate-key error does not say where the first one was, and it loads at
half the speed. So PyYAML's SafeLoader stays, with its four hooks below
(booleans, mappings and lists that remember their lines, duplicates); the
rest of this module is the messages and shape checks, which no library has.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

import voices
from engine.errors import WakkerdamError

__all__ = [
    "ConfigError", "ConfigFileError", "ConfigSyntaxError", "LocatedDict", "LocatedList",
    "check_keys", "error_at", "get", "line_of", "load_yaml", "load_yaml_text", "where",
]


class ConfigError(WakkerdamError, ValueError):
    """A file a person wrote is wrong. ``where`` is ``"file"`` or ``"file:line"``.

    ``problem`` is a language-pack key (its ``{params}`` filled in) or, for a
    text that has no key (an engine error passed on), the text itself.
    ``str()`` is English for logs; :meth:`message` speaks the table's language.
    """

    def __init__(self, where: str, problem: str, /, **params: Any) -> None:
        self.where = where
        self.problem = problem
        self.params = params
        super().__init__(self.message("en"))

    @property
    def file(self) -> str:
        return self.where.rsplit(":", 1)[0] if _LINE_SUFFIX.search(self.where) else self.where

    @property
    def line(self) -> int | None:
        m = _LINE_SUFFIX.search(self.where)
        return int(m.group(1)) if m else None

    def message(self, lang: str = voices.DEFAULT_LANGUAGE) -> str:
        return f"{self.where}: {_render(lang, self.problem, self.params)}"


class ConfigFileError(ConfigError):
    """The file is missing, unreadable or not text."""


class ConfigSyntaxError(ConfigError):
    """The file is not valid YAML (or has a key twice)."""


_LINE_SUFFIX = re.compile(r":(\d+)$")
#: params that are themselves keys (type names), rendered in the same language
_KEY_PARAMS = ("expected", "actual")


def readable(exc: BaseException) -> BaseException:
    """``config.DecksError`` as a :class:`ConfigError` (which can say it in
    the table's language); any other error as it is."""
    from config import DecksError

    if isinstance(exc, DecksError):  # the disk's refusal in the packs (config sits below voices)
        params = {k: voices.os_reason(v) if isinstance(v, OSError) else v for k, v in exc.params.items()}
        return ConfigError(exc.where, exc.problem, **params)
    return exc


def _render(lang: str, problem: str, params: dict[str, Any]) -> str:
    try:
        pack = voices.load(lang)
    except Exception:  # noqa: BLE001 - a broken pack must not hide the real error
        return f"{problem} {params}" if params else problem
    ready = {k: (pack.line(v) if k in _KEY_PARAMS and isinstance(v, str) and pack.has(v) else v)
             for k, v in params.items()}
    if pack.has(problem):
        return pack.line(problem, **ready)
    try:
        return problem.format(**ready) if ready else problem
    except (KeyError, IndexError, ValueError):
        return problem


# --- containers that remember their lines ----------------------------------

class LocatedDict(dict[Any, Any]):
    """A mapping from a file: ``file``, ``line`` (where it starts) and
    ``lines[key]`` (the line of each key). Otherwise a plain dict."""

    file: str = "?"
    line: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}


class LocatedList(list[Any]):
    """A list from a file: ``file``, ``line`` and ``lines[i]`` for each item."""

    file: str = "?"
    line: int | None = None

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[int] = []


class _Loader(yaml.SafeLoader):
    file = "?"


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)  # "<<" merge keys
    out = LocatedDict()
    out.file, out.line = loader.file, node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a list or mapping cannot be a key", key_node.start_mark) from None
        if key in out:
            raise _Duplicate(key, out.lines[key], key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    out = LocatedList()
    out.file, out.line = loader.file, node.start_mark.line + 1
    for item in node.value:
        out.append(loader.construct_object(item, deep=True))
        out.lines.append(item.start_mark.line + 1)
    return out


class _Duplicate(yaml.YAMLError):
    def __init__(self, key: Any, first: int, mark: yaml.Mark) -> None:
        super().__init__()
        self.key, self.first, self.mark = key, first, mark


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


# --- loading ----------------------------------------------------------------

def load_yaml(path: str | os.PathLike[str], what: str, *, empty_ok: bool = False,
              top: type | None = None) -> Any:
    """Read and parse ``path``; ``what`` names the kind of file for messages
    ("kit", "scenario"); ``top`` (e.g. ``dict``) is the type the whole file must
    be. Raises :class:`ConfigError` (never a yaml or OS error)."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise ConfigFileError(name, "journal.config_missing", what=what) from None
    except IsADirectoryError:
        raise ConfigFileError(name, "journal.config_unreadable", what=what,
                              reason=voices.Line("os.is_folder")) from None
    except OSError as exc:
        raise ConfigFileError(name, "journal.config_unreadable", what=what,
                              reason=voices.os_reason(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigFileError(f"{name}:{line}", "journal.config_not_utf8", what=what) from None
    return load_yaml_text(text, name, what, empty_ok=empty_ok, top=top)


def load_yaml_text(text: str, file: str, what: str, *, empty_ok: bool = False,
                   top: type | None = None) -> Any:
    """Parse ``text`` as if read from ``file`` (for embedded defaults and tests)."""
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # the reader already rejects control characters here
        loader.file = file
        data = loader.get_single_data()
    except _Duplicate as exc:
        raise ConfigSyntaxError(f"{file}:{exc.mark.line + 1}", "journal.config_duplicate",
                                name=_show(exc.key), first=exc.first) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        detail = exc.problem or exc.context or "?"
        if exc.context and exc.context_mark and mark and exc.context_mark.line != mark.line:
            detail += f" ({exc.context} on line {exc.context_mark.line + 1})"
        at = f"{file}:{mark.line + 1}" if mark else file
        raise ConfigSyntaxError(at, "journal.config_syntax", detail=detail) from None
    except yaml.reader.ReaderError as exc:  # a control character: no mark, a position
        line = text[:exc.position].count("\n") + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise ConfigSyntaxError(f"{file}:{line}", "journal.config_syntax",
                                detail=f"character U+{code:04X} is not allowed") from None
    except yaml.YAMLError as exc:
        raise ConfigSyntaxError(file, "journal.config_syntax", detail=str(exc)) from None
    finally:
        if loader is not None:
            loader.dispose()
    if data is None and not empty_ok:
        raise ConfigSyntaxError(file, "journal.config_empty", what=what)
    if top is not None and data is not None and not _is(data, (top,)):
        raise ConfigError(where(data) if hasattr(data, "line") else f"{file}:1",
                          "journal.config_top_type", what=what, expected=_type_key(top),
                          actual=_type_key(type(data)))
    return data


# --- pointing at lines --------------------------------------------------------

def line_of(node: Any, *path: Any) -> tuple[str, int | None]:
    """(file, line) of ``node[path[0]][path[1]]...``: the line of the deepest
    key or item that exists on the path (a missing key points at its mapping)."""
    file = getattr(node, "file", "?")
    line = getattr(node, "line", None)
    current = node
    for step in path:
        if isinstance(current, LocatedDict) and step in current:
            line = current.lines[step]
        elif (isinstance(current, LocatedList) and isinstance(step, int)
              and not isinstance(step, bool) and -len(current) <= step < len(current)):
            line = current.lines[step]
        else:
            break
        current = current[step]
        file = getattr(current, "file", file)
    return file, line


def where(node: Any, *path: Any) -> str:
    """``"file.yaml:7"`` for ``node[path...]`` (see :func:`line_of`)."""
    file, line = line_of(node, *path)
    return f"{file}:{line}" if line is not None else file


def error_at(node: Any, path: Sequence[Any], problem: str, /, **params: Any) -> ConfigError:
    """A :class:`ConfigError` pointing at ``node[path...]``: ``raise error_at(...)``."""
    return ConfigError(where(node, *path), problem, **params)


# --- checking shapes ------------------------------------------------------------

_MISSING: Any = object()

_TYPE_KEYS: list[tuple[type | tuple[type, ...], str]] = [
    (bool, "journal.config_type.yes_no"),
    (int, "journal.config_type.whole_number"),
    (float, "journal.config_type.number"),
    (str, "journal.config_type.text"),
    (dict, "journal.config_type.mapping"),
    (list, "journal.config_type.list"),
    (type(None), "journal.config_type.nothing"),
]


def _type_key(kind: type) -> str:
    for t, key in _TYPE_KEYS:
        if kind is t:
            return key
    for t, key in _TYPE_KEYS:
        if isinstance(t, type) and issubclass(kind, t):
            return key
    return "journal.config_type.other"


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in kinds  # YAML's true is not a number here
    if isinstance(value, int) and float in kinds:
        return True
    return isinstance(value, kinds)


def get(node: Any, key: Any, kind: type | tuple[type, ...], /, *, default: Any = _MISSING) -> Any:
    """``node[key]``, checked to be of ``kind``; a missing key gives ``default``
    or, without one, an error at the mapping's line. ``node`` must be a mapping
    (checked too, with ``key`` named in the message)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(node, dict):
        raise ConfigError(where(node), "journal.config_not_mapping", actual=_type_key(type(node)))
    if key not in node:
        if default is not _MISSING:
            return default
        raise error_at(node, (), "journal.config_missing_key", name=_show(key))
    value = node[key]
    if not _is(value, kinds):
        expected = "journal.config_type.number" if float in kinds else _type_key(kinds[0])
        raise error_at(node, (key,), "journal.config_wrong_type", name=_show(key),
                       expected=expected, actual=_type_key(type(value)))
    return value


def check_keys(node: Any, allowed: Iterable[Any], required: Iterable[Any] = ()) -> None:
    """Every key of the mapping ``node`` is in ``allowed`` (a typo is caught at
    its line, with the closest allowed key suggested) and each of ``required``
    is present."""
    allowed = list(allowed)
    if not isinstance(node, dict):
        raise ConfigError(where(node), "journal.config_not_mapping", actual=_type_key(type(node)))
    for key in node:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), [str(a) for a in allowed], n=1)
            if close:
                raise error_at(node, (key,), "journal.config_unknown_key_hint",
                               name=_show(key), hint=_show(close[0]))
            raise error_at(node, (key,), "journal.config_unknown_key", name=_show(key),
                           allowed=", ".join(_show(a) for a in allowed))
    for key in required:
        if key not in node:
            raise error_at(node, (), "journal.config_missing_key", name=_show(key))


def _show(key: Any) -> str:
    return f"'{key}'" if isinstance(key, str) else repr(key)
