"""Names too alike for the box's ears ("Anna" and "Hanna", "Ellen" and
"Helen"): found at set-up, said once, and asked by seat number instead.

Two names are too alike when espeak-ng pronounces them (its phonemes, the
stress marks and a leading h left out: an h is the first sound lost in a
room) the same, or with at most one sound in four changed. The held-out
clips' errors that were left were such pairs ("Hanna"/"Anna"), heard as each
other in a quiet room as often as not (docs/hearing.md).
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from collections.abc import Iterable
from functools import cache

from rapidfuzz.distance import Levenshtein

#: at most this share of the sounds may differ for two names to be too alike
TOO_ALIKE = 0.25


@cache
def sounds(name: str, lang: str) -> str:
    """``name`` as espeak-ng says it in ``lang``: its phonemes, without
    stress and syllable marks or a leading h; the letters where espeak-ng
    is not installed."""
    exe = shutil.which("espeak-ng")
    text = name.lower()
    if exe is not None:
        done = subprocess.run([exe, "-q", "-x", "-v", lang, name], capture_output=True,
                              text=True, timeout=10, check=False)
        if done.returncode == 0 and done.stdout.strip():
            text = done.stdout
    return re.sub(r"^[h_!]+", "", re.sub(r"['\s,_!]", "", text))


def too_alike(a: str, b: str, lang: str) -> bool:
    sa, sb = sounds(a, lang), sounds(b, lang)
    return sa == sb or Levenshtein.normalized_distance(sa, sb) <= TOO_ALIKE


def lookalikes(names: Iterable[str], lang: str) -> list[tuple[str, str]]:
    """Every pair of ``names`` too alike to tell apart by ear, in seat order."""
    return [(a, b) for a, b in itertools.combinations(list(names), 2) if too_alike(a, b, lang)]
