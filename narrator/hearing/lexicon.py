"""Pronunciations for pocketsphinx's US English acoustic model, in any
language espeak-ng speaks.

espeak-ng writes a word's phonemes (``-x``: its own mnemonics); each is
mapped onto the nearest of the model's 39 CMU phones. For a closed grammar
that is enough to tell a few dozen phrases apart, which is all a vote needs:
Dutch and German names, numbers and carrier words get a lexicon with no
download. English words keep the CMU dictionary's own entries; only words
missing there (unusual names) are derived.

Where a language's sounds fall between two English phones, the table for
that language (``LANGUAGE_PHONES``) says which one the model hears them as,
and ``LANGUAGE_ALTERNATIVES`` gives a word a pronunciation more for each
other phone that sound may be heard as (Dutch g: h, g or k). Both were
chosen on the tuning voices by ``bench/lexicon.py``.
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

#: per language, mnemonics the English model hears otherwise than the table
#: says (bench/lexicon.py, first-pass right of 120 tuning votes, nl):
#: ij as AY not EY +5; e (bed) as IY +4, ee as IY +5
LANGUAGE_PHONES: dict[str, dict[str, tuple[str, ...]]] = {
    "nl": {"EI": ("AY",), "E": ("IY",), "e:": ("IY",)},
}
#: per language, other phones a mnemonic may be heard as: a word gets one
#: pronunciation more for each (one sound changed at a time), up to
#: ``MAX_PRONUNCIATIONS``. Dutch g (espeak-ng's Q) as G or K too: +3
LANGUAGE_ALTERNATIVES: dict[str, dict[str, tuple[tuple[str, ...], ...]]] = {
    "nl": {"Q": (("G",), ("K",))},
}
#: more pronunciations a word make the words of a grammar more alike
MAX_PRONUNCIATIONS = 3

_STRESS = re.compile(r"[',!%=|]")


class LexiconError(RuntimeError):
    """espeak-ng is missing or cannot speak the language."""


def mnemonics(espeak_phonemes: str) -> list[str]:
    """One word's espeak-ng ``-x --sep=_`` output as the table's mnemonics
    (stress, length and tone marks it does not know are left out)."""
    found: list[str] = []
    for token in _STRESS.sub("", espeak_phonemes).replace(" ", "_").split("_"):
        while token:
            for cut in range(len(token), 0, -1):     # the longest mnemonic that is known
                if token[:cut] in ESPEAK_TO_CMU:
                    found.append(token[:cut])
                    token = token[cut:]
                    break
            else:                                    # unknown mark (length, tone): skip it
                token = token[1:]
    return found


def _joined(parts: Iterable[tuple[str, ...]]) -> list[str]:
    phones = [p for part in parts for p in part]
    # a doubled phone is one sound to the model
    return [p for i, p in enumerate(phones) if i == 0 or p != phones[i - 1]]


def to_cmu(espeak_phonemes: str, lang: str = "") -> list[str]:
    """One word's espeak-ng ``-x --sep=_`` output as CMU phones."""
    return variants(espeak_phonemes, lang)[0] if espeak_phonemes.strip() else []


def variants(espeak_phonemes: str, lang: str = "") -> list[list[str]]:
    """The word's pronunciations in CMU phones: the language's usual one
    first, then one for each other phone a sound of it may be heard as."""
    table = {**ESPEAK_TO_CMU, **LANGUAGE_PHONES.get(lang, {})}
    others = LANGUAGE_ALTERNATIVES.get(lang, {})
    marks = mnemonics(espeak_phonemes)
    usual = [table[m] for m in marks]
    found = [_joined(usual)]
    for i, mark in enumerate(marks):
        for other in others.get(mark, ()):
            phones = _joined([*usual[:i], other, *usual[i + 1:]])
            if phones not in found:
                found.append(phones)
    return [f for f in found if f][:MAX_PRONUNCIATIONS] or [[]]


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


def pronunciations(words: Iterable[str], voice: str, lang: str = "") -> dict[str, list[list[str]]]:
    """CMU phones for each word, its usual pronunciation first (a word
    espeak-ng makes silent is left out). ``lang`` picks the language's own
    phones (``LANGUAGE_PHONES``); none: the shared table only."""
    return {w: found for w, ph in espeak_phonemes(words, voice).items()
            if (found := [v for v in variants(ph, lang) if v])}
