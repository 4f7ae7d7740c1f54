"""A problem with the set-up form, said in the table's language next to
the field it is about (web/choices.py reads the form, web/forum.py the
forum edition's part of it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import voices
from engine import FORUM


@dataclass(frozen=True)
class Problem:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    #: parameters that are catalogue ids or fields, said by their names:
    #: param -> area ("variant", "card", "field", as in ``web.variant.<id>``)
    named: dict[str, str] = field(default_factory=dict)
    #: the id of the form's element it is about: the page says it there
    field: str = ""

    def text(self, pack: voices.Pack) -> str:
        params = dict(self.params)
        for param, area in self.named.items():
            if area == "forum_role":  # a role of the forum edition, by its name there
                params[param] = pack.edition(FORUM).role_bare(params[param])
            else:
                params[param] = pack.line(f"web.{area}.{params[param]}")
        return pack.line(self.key, **params)
