"""Hearing: spoken day votes, recognised offline.

    microphone (hardware.microphone) -> Listener (end-pointing or
    push-to-talk) -> Recognizer (vosk or pocketsphinx, closed Grammar built
    per question) -> VoteDialogue (ask, repeat, accept a correction, fall
    back to the seat button, abstain at the time-out) -> SpokenInput (an
    ``Input`` for the moderator).

``models`` installs the vosk model of a language pack (``wakkerdam models``)
and tells the moderator at start-up whether one is there (``model_for``).
"""

from .adapter import SpokenInput
from .dialogue import Ballot, DialogueSettings, VoteDialogue, YesNo, voting_order
from .grammar import Grammar, Meaning, Vocabulary, pick_grammar, yes_no_grammar
from .listen import LevelReport, Listener, Utterance
from .recognizer import Heard, Recognizer, Word
from .setup import Hearing, spoken_input
from .vad import VadSettings

__all__ = [
    "Ballot", "DialogueSettings", "Grammar", "Hearing", "Heard", "LevelReport", "Listener",
    "Meaning", "Recognizer", "SpokenInput", "Utterance", "VadSettings", "Vocabulary",
    "VoteDialogue", "Word", "YesNo", "pick_grammar", "spoken_input", "voting_order",
    "yes_no_grammar",
]
