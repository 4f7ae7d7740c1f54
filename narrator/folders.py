"""Folders for the files the box writes."""

from __future__ import annotations

import errno
from pathlib import Path


def make_parent(path: Path, mode: int = 0o777) -> None:
    """The folder ``path`` goes in, made when missing. A file in the way is
    said as what it is, part of the path that is not a folder (mkdir calls it
    "File exists", which would be wrong about the file the player named)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=mode)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(path.parent)) from None
