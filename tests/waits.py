"""Waiting in the tests: on an event, never for a window of time.

``until(holds)`` asks again until ``holds()`` is true. Its guard only ends
a test that would otherwise hang (a bug, never a slow machine): long enough
for a machine whose every core is busy with something else.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: seconds before a wait that never ends is called a hang
GUARD_S = 300.0


def until(holds: Callable[[], object], what: str = "", *, guard: float = GUARD_S, every: float = 0.02) -> None:
    """Return once ``holds()`` is true; AssertionError (naming ``what``)
    after ``guard`` seconds of waiting in vain."""
    deadline = time.monotonic() + guard
    while not holds():
        assert time.monotonic() < deadline, f"waited {guard:.0f} s in vain{': ' + what if what else ''}"
        time.sleep(every)
