"""Language packs: every line a person hears or reads.

A pack is the folder ``voices/<lang>/``; every ``*.yaml`` file in it is a flat
mapping of dotted keys to text (``announce.death: "{name} is dood."``), except
``voice.yaml`` (speech settings) which is kept apart. Keys are unique across a
pack's files, so each part of the program owns a file (``announce.yaml`` for the
engine's announcements, ``narration.yaml`` for the moderator, ``hardware.yaml``,
``speech.yaml`` ...). Code refers to keys only.

A role, variant or event card keeps its lines in a file of its own
(``roles/<id>.yaml``, ``variants/<id>.yaml``, ``cards/<id>.yaml``); the
forum edition's roles theirs under ``forum/`` (``forum/<id>.yaml``, and
``forum/edition.yaml`` for the edition's own). A variant changes base
lines only through its file's ``override:`` mapping, applied by
:meth:`Pack.playing` for a game with that variant; a forum file likewise,
applied by :meth:`Pack.edition` for a forum game.
"""

from __future__ import annotations

import errno
import string
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from engine.errors import SetupError

LANGUAGES = ("nl", "de", "en")
DEFAULT_LANGUAGE = "nl"


class MissingLine(KeyError):
    """A key that the pack does not have."""


@dataclass(frozen=True)
class Line:
    """A parameter that is a line itself (why a file cannot be written), said
    in the language of the line it fills: an error made before anyone knows
    the table's language keeps no English in it."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


#: what the operating system said, by errno, as a key of ``os.yaml``
_OS_REASONS = {
    errno.ENOENT: "missing", errno.EACCES: "denied", errno.EPERM: "denied", errno.ENOSPC: "full",
    errno.EDQUOT: "full", errno.EROFS: "read_only", errno.EISDIR: "is_folder",
    errno.ENOTDIR: "not_a_folder", errno.EEXIST: "exists", errno.EIO: "io", errno.EBUSY: "busy",
    errno.ENAMETOOLONG: "name_too_long", errno.ELOOP: "loop", errno.ENXIO: "no_device",
    errno.ENODEV: "no_device",
}


def os_reason(exc: OSError) -> Line:
    """What the operating system said (``Permission denied``) as a line of
    the packs: ``reason=voices.os_reason(exc)``."""
    name = _OS_REASONS.get(exc.errno or 0)
    if name is None:
        return Line("os.other", {"code": errno.errorcode.get(exc.errno or 0, str(exc.errno))})
    return Line(f"os.{name}")


def os_file_line(pack: Pack, exc: OSError) -> str:
    """The operating system's refusal as one line of ``pack`` naming the file."""
    return pack.line("os.file", file=exc.filename or "-", reason=os_reason(exc))


#: a refusal's parameters that carry ids, and the pack's key that names each id
NAMED_IDS = {"role": "role_bare.{}", "holds": "role_bare.{}", "variant": "web.variant.{}", "other": "web.variant.{}",
             "card": "web.card.{}"}


def refusal_text(exc: SetupError, pack: Pack) -> str:
    """Why a set-up cannot be played, in ``pack``'s language: the engine
    gives a key of ``refusal.yaml`` and its parameters, ids among them, and
    here the ids become the pack's names. Without a line, its English text."""
    if not exc.key or not pack.has(exc.key):
        return str(exc)
    params: dict[str, Any] = dict(exc.params)
    for name, template in NAMED_IDS.items():
        if name in params and pack.has(key := template.format(params[name])):
            params[name] = pack.line(key)
    return pack.line(exc.key, **params)


def error_text(exc: BaseException, pack: Pack) -> str:
    """An error a person caused, in ``pack``'s language where it has words:
    a set-up's refusal, its own (``message(lang)``), the operating system's
    refusal; else its text."""
    if isinstance(exc, SetupError):
        return refusal_text(exc, pack)
    message = getattr(exc, "message", None)
    if callable(message):
        return str(message(pack.lang))
    if isinstance(exc, OSError):
        return os_file_line(pack, exc)
    return str(exc)


@dataclass(frozen=True)
class Pack:
    lang: str
    lines: dict[str, str]
    voice: dict[str, Any] = field(default_factory=dict)
    #: variant id -> the base lines it says otherwise
    overrides: dict[str, dict[str, str]] = field(default_factory=dict)

    def playing(self, variants: tuple[str, ...] | list[str]) -> Pack:
        """This pack as a game with ``variants`` speaks (their overrides)."""
        changed = [self.overrides[v] for v in variants if v in self.overrides]
        if not changed:
            return self
        lines = dict(self.lines)
        for over in changed:
            lines.update(over)
        return Pack(self.lang, lines, self.voice, self.overrides)

    def edition(self, edition: str) -> Pack:
        """This pack as a game of ``edition`` speaks: the board game's lines,
        and the lines its files under ``forum/`` say otherwise."""
        over = self.overrides.get(f"edition:{edition}")
        if not over:
            return self
        return Pack(self.lang, {**self.lines, **over}, self.voice, self.overrides)

    def for_setup(self, setup: Any) -> Pack:
        """This pack as a game of ``setup`` speaks (its edition, its variants)."""
        return self.edition(setup.edition).playing(setup.variants)

    def line(self, key: str, /, **params: Any) -> str:
        """The text for ``key`` with ``{params}`` filled in.

        Role ids given as ``role=...`` are used as-is; call :meth:`role` to get
        a role's name first.
        """
        try:
            template = self.lines[key]
        except KeyError:
            raise MissingLine(f"{self.lang}: no line {key!r}") from None
        if not params:
            return template
        ready = {k: self.line(v.key, **v.params) if isinstance(v, Line) else v for k, v in params.items()}
        return template.format(**ready)

    def has(self, key: str) -> bool:
        return key in self.lines

    def role(self, role_id: str) -> str:
        """A role's name with its article ("de ziener")."""
        return self.line(f"role.{role_id}")

    def role_bare(self, role_id: str) -> str:
        """A role's name without article ("Ziener"), for screens and lists."""
        return self.line(f"role_bare.{role_id}")

    def number(self, n: int) -> str:
        return self.line(f"number.{n}")

    def join(self, names: list[str]) -> str:
        """'Anna, Bram en Cees' in the pack's language."""
        if not names:
            return ""
        if len(names) == 1:
            return names[0]
        return self.line("list.join", head=", ".join(names[:-1]), last=names[-1])

    def placeholders(self, key: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(self.lines[key]) if f}


def role_named(word: str) -> str | None:
    """The role id that ``word`` names: an id, or a role's name in any pack,
    with or without its article ("Heks", "de heks", "Hexe", "the witch"), in
    any case; None when it names none. Players type what is on their card,
    whatever the game's language."""
    return _role_names().get(" ".join(word.split()).lower())


@cache
def _role_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for lang in LANGUAGES:
        for key, text in load(lang).lines.items():
            kind, _, role = key.partition(".")
            if kind in ("role", "role_bare"):
                names.setdefault(role, role)
                names.setdefault(" ".join(text.split()).lower(), role)
    return names


def _read_yaml(text: str, where: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(f"{where}: not valid YAML: {exc}") from None


@cache
def load(lang: str = DEFAULT_LANGUAGE) -> Pack:
    """Load (once) the pack for ``lang``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    folder = resources.files(__name__).joinpath(lang)
    lines: dict[str, str] = {}
    voice: dict[str, Any] = {}
    overrides: dict[str, dict[str, str]] = {}
    entries = [(entry.name, entry) for entry in folder.iterdir()]
    for sub in ("roles", "variants", "cards", "forum"):
        part = folder.joinpath(sub)
        if part.is_dir():
            entries += [(f"{sub}/{e.name}", e) for e in part.iterdir()]
    for name, entry in sorted(entries, key=lambda e: e[0]):
        if not name.endswith((".yaml", ".yml")):
            continue
        where = f"voices/{lang}/{name}"
        data = _read_yaml(entry.read_text(encoding="utf-8"), where) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a mapping of keys to lines")
        if name.startswith("voice."):
            voice = data
            continue
        over = data.pop("override", None)
        if over is not None:
            if name.startswith("forum/") and isinstance(over, dict):
                # the forum edition's own text for a line of the board game
                overrides.setdefault("edition:forum", {}).update(_texts(over, where))
            elif not name.startswith("variants/") or not isinstance(over, dict):
                raise ValueError(f"{where}: 'override' is a variant or forum file's mapping of base keys")
            else:
                overrides[name.split("/")[1].rsplit(".", 1)[0]] = _texts(over, where)
        for key, text in _texts(data, where).items():
            if key in lines:
                raise ValueError(f"{where}: key {key!r} is defined twice in pack {lang}")
            lines[key] = text
    return Pack(lang, lines, voice, overrides)


def _texts(data: dict[Any, Any], where: str) -> dict[str, str]:
    for key, text in data.items():
        if not isinstance(text, str):
            raise ValueError(f"{where}: key {key!r} must be text, not {type(text).__name__}")
    return {str(k): v for k, v in data.items()}
