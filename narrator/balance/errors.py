"""The advisor's one error: a question it cannot answer, as a line of the pack."""

from __future__ import annotations

from typing import Any

from engine import WakkerdamError


class BalanceInputError(WakkerdamError, ValueError):
    """``key`` (in ``voices/<lang>/balance.yaml``) and ``params`` are its line."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params
