"""Rule options: where the seeds differ or offer a choice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.errors import SetupError


@dataclass(frozen=True, slots=True)
class Options:
    #: seed 000: werewolves also win "zodra het aantal burgers en wolven gelijk is";
    #: seed 001 (the default) only when the last villager is gone.
    wolves_win_at_parity: bool = False
    #: seed 000: "kan men haar kracht ... tot één toverdrankje van haar keuze beperken"
    witch_single_potion: bool = False
    #: seed 000 variant: the mayor elected later; None: no mayor at all.
    mayor_election_day: int | None = 1
    #: the options of the game's variants (``Variant.options``), by name
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @classmethod
    def from_dict(cls, raw: dict[str, Any] | None,
                  variant_options: Mapping[str, Any] | None = None) -> Options:
        """Rule options, and the options the game's variants declare
        (``variant_options``: name -> default; a value must have its type)."""
        raw = dict(raw or {})
        specs = dict(variant_options or {})
        known = {f.name for f in fields(cls)} - {"extra"}
        unknown = sorted(set(raw) - known - set(specs))
        if unknown:
            names = ", ".join(sorted(known | set(specs)))
            raise SetupError(f"unknown option {unknown[0]!r} (known: {names})", "refusal.unknown_option",
                             option=unknown[0], known=names)
        extra = {}
        for name, default in specs.items():
            if name in raw:
                value = raw.pop(name)
                # A list or mapping may come as the YAML loader's subclass.
                plain = type(default) in (list, dict) and isinstance(value, type(default))
                if type(value) is not type(default) and not plain:
                    raise SetupError(f"option {name} must be like {default!r}, not {value!r}", "refusal.option_type",
                                     option=name, like=repr(default), value=repr(value))
                extra[name] = type(default)(value) if plain else value
        for name in ("wolves_win_at_parity", "witch_single_potion"):
            if name in raw and not isinstance(raw[name], bool):
                raise SetupError(f"option {name} must be true or false, not {raw[name]!r}", "refusal.option_flag",
                                 option=name, value=repr(raw[name]))
        day = raw.get("mayor_election_day", 1)
        if day is not None and (isinstance(day, bool) or not isinstance(day, int) or day < 1):
            raise SetupError(f"option mayor_election_day must be a day number >= 1 or null, not {day!r}",
                             "refusal.option_mayor_day", value=repr(day))
        return cls(**raw, extra=extra)

    def __reduce__(self) -> tuple[type[Options], tuple[Any, ...]]:
        """Pickled (to a worker process) as its constructor's call: the
        compiled engine's frozen class refuses being filled field by field."""
        return (type(self), tuple(getattr(self, f.name) for f in fields(self)))

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        out.update(self.extra)
        return out
