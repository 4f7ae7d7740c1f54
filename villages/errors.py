"""One clear line for each thing that can go wrong in an evening of villages."""

from __future__ import annotations

from typing import Any

import voices
from engine.errors import WakkerdamError


class VillagesError(WakkerdamError):
    """``key`` and ``params`` name the line in ``voices/<lang>/villages.yaml``;
    ``str()`` is the English text (logs), :meth:`message` the table's language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = voices.DEFAULT_LANGUAGE) -> str:
        return line(lang, self.key, **self.params)


class WrongKey(VillagesError, ValueError):
    """A message not sealed with this evening's key (or damaged on the way)."""


class PairingError(VillagesError, ValueError):
    """A pairing file that is not one of this evening's."""


class BrokerError(VillagesError, OSError):
    """The broker cannot be started, or refuses this box."""


class NotAllowed(VillagesError, ValueError):
    """A move the rules or the evening's limits do not allow now."""


def line(lang: str, key: str, /, **params: Any) -> str:
    return voices.load(lang).line(key, **params)
