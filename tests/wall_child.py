"""A kit game of the talking wall killed mid-dusk (tests/test_wall.py):
``python -m tests.wall_child JOURNAL open|taking`` SIGKILLs itself right
after the journal holds two lines with the wall still open ("open"), or
after the box has taken two of the lines ("taking")."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

from narrator.journal import Journal
from tests import wall_rig


def main(path: str, cut: str) -> None:
    append = Journal.append
    counts = {"wall": 0, "taken": 0}

    def append_then_maybe_die(self: Journal, record: dict[str, Any]) -> int:
        n = append(self, record)  # durable (fsync) before the cut
        if record.get("type") == "wall":
            counts["wall"] += 1
        if record.get("type") == "decision" and record.get("ask") == "talking_wall":
            counts["taken"] += 1
        if (cut == "open" and counts["wall"] == 2) or (cut == "taking" and counts["taken"] == 2):
            os.kill(os.getpid(), signal.SIGKILL)
        return n

    Journal.append = append_then_maybe_die  # type: ignore[method-assign]

    def writes(dusk: str, living: tuple[str, ...]) -> list[tuple[str, str]]:
        mine = [(p, f"{p} was hier") for p in ("Anna", "Bram") if p in living]
        if cut == "open":
            return mine  # the others have not written yet when the power goes
        return mine + [(p, f"{p} schreef ook") for p in living if p not in ("Anna", "Bram")]

    wall_rig.play(Path(path), writes, wall_seconds=30.0)
    sys.exit("the game ended before the cut")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
