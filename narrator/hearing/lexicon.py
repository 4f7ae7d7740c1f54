"""Pronunciations for pocketsphinx's US English acoustic model, in any
language espeak-ng speaks.

espeak-ng writes a word's phonemes (``-x``: its own mnemonics); each is
mapped onto the nearest of the model's 39 CMU phones. For a closed grammar
that is enough to tell a few dozen phrases apart, which is all a vote needs:
Dutch and German names, numbers and carrier words get a lexicon with no
download. English words keep the CMU dictionary's own entries; only words
missing there (unusual names) are derived.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable

#: the acoustic model's phone set
CMU_PHONES = ("AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T "
              "TH UH UW V W Y Z ZH").split()

#: espeak-ng mnemonic -> CMU phones (nl, de and en voices); longest match first
ESPEAK_TO_CMU: dict[str, tuple[str, ...]] = {
    # vowels and diphthongs
    "a:": ("AA",), "a": ("AA",), "A:": ("AA",), "A": ("AA",), "a#": ("AA",), "0": ("AA",),
    "aa": ("AA",), "&": ("AE",), "a2": ("AH",),
    "e:": ("EY",), "e": ("EY",), "eI": ("EY",), "E:": ("EH",), "E": ("EH",), "E2": ("EH",),
    "EI": ("EY",), "e@": ("EH", "R"), "E@": ("EH", "R"),
    "i:": ("IY",), "i": ("IY",), "I": ("IH",), "I2": ("IH",), "I#": ("IH",), "i@": ("IY", "R"),
    "o:": ("OW",), "o": ("OW",), "oU": ("OW",), "O:": ("AO",), "O": ("AO",), "O@": ("AO", "R"),
    "o@": ("AO", "R"), "OI": ("OY",), "OY": ("OY",),
    "u:": ("UW",), "u": ("UW",), "U": ("UH",), "U@": ("UH", "R"), "u@": ("UW", "R"),
    "y:": ("UW",), "y": ("UW",), "Y:": ("UW",), "Y": ("UH",),
    "2:": ("ER",), "2": ("ER",), "9": ("ER",), "W": ("ER",), "Wy": ("AW",),
    "8": ("AH",), "@": ("AH",), "@-": ("AH",), "@2": ("AH",), "@5": ("AH",), "V": ("AH",),
    "3:": ("ER",), "3": ("ER",), "@L": ("AH", "L"), "a@": ("AA", "R"), "A@": ("AA", "R"),
    "aI": ("AY",), "aI@": ("AY", "ER"), "aU": ("AW",), "Au": ("AW",), "aU@": ("AW", "ER"),
    "ai": ("AY",), "au": ("AW",), "Vu": ("AW",), "Ei": ("EY",), "Ui": ("UW", "IY"),
    # consonants
    "p": ("P",), "b": ("B",), "t": ("T",), "d": ("D",), "k": ("K",), "g": ("G",),
    "f": ("F",), "v": ("V",), "v#": ("W",), "w": ("W",), "s": ("S",), "z": ("Z",),
    "S": ("SH",), "Z": ("ZH",), "T": ("TH",), "D": ("DH",), "h": ("HH",), "x": ("HH",),
    "X": ("HH",), "C": ("HH",), "Q": ("HH",), "G": ("G",), "j": ("Y",), "J": ("Y",),
    "l": ("L",), "l/": ("L",), "L": ("L",), "m": ("M",), "n": ("N",), "N": ("NG",),
    "n-": ("N",), "l-": ("L",), "m-": ("M",), "r": ("R",), "R": ("R",), "r-": ("R",),
    "*": ("R",), "R2": ("R",), "tS": ("CH",), "dZ": ("JH",), "ts": ("T", "S"),
    "pf": ("P", "F"), "?": (), "t#": ("T",), "d#": ("D",), "z#": ("Z",), "s#": ("S",),
}

_STRESS = re.compile(r"[',!%=|]")


class LexiconError(RuntimeError):
    """espeak-ng is missing or cannot speak the language."""


def to_cmu(espeak_phonemes: str) -> list[str]:
    """One word's espeak-ng ``-x --sep=_`` output as CMU phones."""
    phones: list[str] = []
    for token in _STRESS.sub("", espeak_phonemes).replace(" ", "_").split("_"):
        while token:
            for cut in range(len(token), 0, -1):     # the longest mnemonic that is known
                mapped = ESPEAK_TO_CMU.get(token[:cut])
                if mapped is not None:
                    phones.extend(mapped)
                    token = token[cut:]
                    break
            else:                                    # unknown mark (length, tone): skip it
                token = token[1:]
    # a doubled phone is one sound to the model
    return [p for i, p in enumerate(phones) if i == 0 or p != phones[i - 1]]


def espeak_phonemes(words: Iterable[str], voice: str) -> dict[str, str]:
    """espeak-ng's phonemes of each word, in one call (a line per word)."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise LexiconError("espeak-ng is not installed")
    todo = list(dict.fromkeys(w for w in words if w.strip()))
    if not todo:
        return {}
    done = subprocess.run([exe, "-v", voice, "-q", "-x", "--sep=_"], input="\n".join(todo) + "\n",
                          capture_output=True, text=True, check=False)
    lines = [ln.strip() for ln in done.stdout.splitlines() if ln.strip()]
    if done.returncode != 0 or len(lines) != len(todo):
        raise LexiconError(f"espeak-ng cannot give phonemes for voice {voice!r}")
    return dict(zip(todo, lines, strict=True))


def pronunciations(words: Iterable[str], voice: str) -> dict[str, list[str]]:
    """CMU phones for each word (a word espeak-ng makes silent is left out)."""
    return {w: phones for w, ph in espeak_phonemes(words, voice).items()
            if (phones := to_cmu(ph))}
