"""One exception root; each leaf also subclasses the matching builtin."""

from __future__ import annotations


class WakkerdamError(Exception):
    """Root of every error the project raises on purpose."""


class SetupError(WakkerdamError, ValueError):
    """The deal or the options are not a game the box can play.

    ``str()`` is English, for logs and ``replay``'s stderr; ``key`` names
    the line in ``voices/<lang>/refusal.yaml`` that says it at the table, and
    ``params`` fill it in (``role`` is a role id, ``variant``/``other`` a
    variant id, ``card`` an event card id: said by their names). A key left
    empty has no line yet: the English text stands.
    """

    def __init__(self, message: str, key: str = "", /, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class UnknownName(WakkerdamError, ValueError):
    """An answer names somebody (or a role) that is not in the game."""


class MalformedAnswer(WakkerdamError, ValueError):
    """An answer of the wrong shape for its ask (a list where a name belongs)."""


class IllegalAnswer(WakkerdamError, ValueError):
    """An answer that breaks a rule.

    ``rule`` is a short key (``"healer_same_twice"``) for language packs;
    the message names the rule in English for logs and ``replay``'s stderr.
    ``public_safe`` is False when saying why in public would leak a secret
    (a lover refused a vote against a lover).
    """

    def __init__(self, rule: str, message: str, *, public_safe: bool = True) -> None:
        super().__init__(message)
        self.rule = rule
        self.public_safe = public_safe


class GameOver(WakkerdamError, RuntimeError):
    """A decision was given after the game ended."""
