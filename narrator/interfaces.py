"""Moved to :mod:`ports` (below both ``narrator`` and ``hardware``); kept so
old imports work while the move settles."""

from ports import Answer, Clock, Controls, Input, PrivateChannel, Question, QuestionKind, Speaker

__all__ = ["Answer", "Clock", "Controls", "Input", "PrivateChannel", "Question", "QuestionKind",
           "Speaker"]
