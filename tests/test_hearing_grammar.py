"""Grammars per question and the speech lines of every language pack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import voices
from narrator.hearing.grammar import (
    MAX_SEAT,
    NO,
    NOBODY,
    YES,
    Grammar,
    Meaning,
    Vocabulary,
    normalise,
    pick_grammar,
    yes_no_grammar,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Bram", "Cees", "Daan", "Eva"]
SEATS = {p: i + 1 for i, p in enumerate(PLAYERS)}


def speech_keys_used_in_code() -> set[str]:
    keys = set()
    for path in [*(ROOT / "narrator" / "hearing").glob("*.py"), ROOT / "hardware" / "microphone.py"]:
        keys |= set(re.findall(r'"(speech\.[a-z_.]+[a-z_])"', path.read_text()))
    return keys


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_every_speech_key_used_exists_in_every_pack(lang):
    pack = voices.load(lang)
    used = speech_keys_used_in_code()
    assert "speech.confirm.none" in used          # the scan finds keys at all
    missing = sorted(k for k in used if not pack.has(k))
    assert not missing


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_packs_have_the_same_speech_keys_and_placeholders(lang):
    nl, other = voices.load("nl"), voices.load(lang)
    nl_keys = {k for k in nl.lines if k.startswith("speech.")}
    assert nl_keys == {k for k in other.lines if k.startswith("speech.")}
    for key in nl_keys:
        assert nl.placeholders(key) == other.placeholders(key), key


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_vocabulary_is_complete_and_unambiguous(lang):
    vocab = Vocabulary(voices.load(lang))
    numbers = [w for n in range(1, MAX_SEAT + 1) for w in vocab.seat(n)]
    assert len(numbers) == len(set(numbers)) >= MAX_SEAT
    small = set(vocab.words("yes")) | set(vocab.words("no")) | set(vocab.words("nobody"))
    assert len(small) == len(vocab.words("yes")) + len(vocab.words("no")) + len(vocab.words("nobody"))
    assert not small & set(numbers)
    assert all(w == normalise(w) for w in numbers + sorted(small))


def test_pick_grammar_is_closed_over_what_may_be_said_now():
    vocab = Vocabulary(voices.load("nl"))
    # Eva is dead and Anna votes: neither may be chosen
    g = pick_grammar(vocab, ["Bram", "Cees", "Daan"], SEATS, allow_none=True)
    assert g.meaning("Bram") == Meaning("player", "Bram")
    assert g.meaning("drie") == Meaning("player", "Cees")        # Cees sits on seat 3
    assert g.meaning("niemand") == NOBODY and g.meaning("blanco") == NOBODY
    assert g.meaning("eva") is None and g.meaning("vijf") is None
    assert g.meaning("anna") is None and g.meaning("een") is None
    assert g.meaning("ja") is None
    names = {"bram", "cees", "daan", "twee", "drie", "vier", "niemand", "blanco"}
    assert names <= set(g.words) and not {"anna", "eva", "een", "vijf"} & set(g.words)
    assert pick_grammar(vocab, ["Bram"], SEATS, allow_none=False).meaning("niemand") is None


def test_a_phrase_that_could_mean_two_players_is_left_out():
    vocab = Vocabulary(voices.load("en"))
    seats = {"One": 2, "Bob": 1}
    g = pick_grammar(vocab, ["One", "Bob"], seats, allow_none=False)
    assert g.meaning("one") is None                 # a player called One and seat one
    assert g.meaning("two") == Meaning("player", "One")
    assert g.meaning("bob") == Meaning("player", "Bob")


def test_names_are_normalised_as_lexicons_spell_them():
    assert normalise("  Zoë-Anne ") == "zoe anne"
    assert normalise("ÉÉN") == "een"
    assert normalise("하나") == "하나"               # Hangul syllables stay whole
    vocab = Vocabulary(voices.load("nl"))
    g = pick_grammar(vocab, ["Zoë"], {"Zoë": 1}, allow_none=False)
    assert g.meaning("zoe") == Meaning("player", "Zoë")


def test_yes_no_grammar_and_jsgf():
    g = yes_no_grammar(Vocabulary(voices.load("nl")))
    assert g.meaning("ja") == YES and g.meaning("nee") == NO
    jsgf = g.to_jsgf()
    assert jsgf.startswith("#JSGF V1.0;") and "public <answer> = " in jsgf
    assert "ja" in jsgf and "nee" in jsgf


def test_grammar_without_unsayable_words():
    g = Grammar({"bram": Meaning("player", "Bram"), "twee": Meaning("player", "Bram"),
                 "cees jansen": Meaning("player", "Cees")})
    kept = g.keep_only({"twee", "cees"})
    assert set(kept.phrases) == {"twee"}
    assert Grammar({}).to_jsgf().endswith("<VOID>;\n")


def test_carrier_phrases_people_say():
    vocab = Vocabulary(voices.load("nl"))
    g = pick_grammar(vocab, ["Anna", "Bram"], {"Anna": 1, "Bram": 3}, allow_none=True)
    anna, bram = Meaning("player", "Anna"), Meaning("player", "Bram")
    for said in ("ik stem op Anna", "Anna graag", "ik kies anna", "op nummer een", "stoel een"):
        assert g.meaning(said) == anna, said
    assert g.meaning("op nummer drie") == bram and g.meaning("ik stem op stoel drie") == bram
    assert g.meaning("ik stem op niemand") == NOBODY
    assert g.meaning("ik stem op") is None and g.meaning("graag") is None
    # the JSGF is factored: each target once, however many carriers
    jsgf = g.to_jsgf()
    assert jsgf.count("anna") == 1 and "[<before>] <target> [<after>]" in jsgf
    bare = pick_grammar(vocab, ["Anna"], {"Anna": 1}, allow_none=True, carriers=False)
    assert set(bare.phrases) == {"anna", "een", "niemand", "blanco"}


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_yes_can_not_be_heard_in_a_cut_off_no(lang):
    """A lost last word must not turn "nee, dat klopt niet" into a yes: no
    yes phrase is the start or the end of a no phrase."""
    g = yes_no_grammar(Vocabulary(voices.load(lang)))
    yes = [p for p, m in g.phrases.items() if m == YES]
    no = [p for p, m in g.phrases.items() if m == NO]
    assert len(yes) >= 3 and len(no) >= 3
    for y in yes:
        for n in no:
            assert not (n + " ").startswith(y + " ") and not (" " + n).endswith(" " + y), (y, n)
