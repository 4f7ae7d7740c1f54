"""Why a set-up cannot be played, in the table's language.

The engine says it as :class:`engine.SetupError`: a key of
``voices/<lang>/refusal.yaml`` and its parameters, ids among them; here the
ids become names of the pack. An error without a key (none is known today)
keeps its English text.
"""

from __future__ import annotations

from typing import Any

import voices
from engine import SetupError

#: parameters that carry ids, and the pack's key that names each id
NAMED = {"role": "role_bare.{}", "variant": "web.variant.{}", "other": "web.variant.{}",
         "card": "web.card.{}"}


def setup_line(exc: SetupError, pack: voices.Pack) -> str:
    """The error's line in ``pack``'s language."""
    if not exc.key or not pack.has(exc.key):
        return str(exc)
    params: dict[str, Any] = dict(exc.params)
    for name, template in NAMED.items():
        if name in params and pack.has(key := template.format(params[name])):
            params[name] = pack.line(key)
    return pack.line(exc.key, **params)


def error_line(exc: BaseException, pack: voices.Pack) -> str:
    """Any error a person caused, in the pack's language where it has one."""
    if isinstance(exc, SetupError):
        return setup_line(exc, pack)
    return voices.error_text(exc, pack)
