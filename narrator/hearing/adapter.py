"""``SpokenInput``: the vote dialogue as an ``Input`` for the moderator.

Public questions with one answering player (a vote, the mayor's election,
tiebreak and successor, a public yes/no) are asked by voice; everything else,
and every secret question, goes to the wrapped input untouched.
"""

from __future__ import annotations

from ports import Answer, Input, Question

from .dialogue import VoteDialogue


class SpokenInput:
    def __init__(self, dialogue: VoteDialogue, fallback: Input) -> None:
        self.dialogue = dialogue
        self.fallback = fallback
        if dialogue.fallback is None:     # after two failures: the same seat button
            dialogue.fallback = fallback.ask

    def by_voice(self, question: Question) -> bool:
        if question.secret or len(question.seats) != 1:
            return False
        if question.kind == "yes_no":
            return True
        return question.kind == "pick" and question.count == 1 and bool(question.options)

    def ask(self, question: Question) -> Answer:
        if not self.by_voice(question):
            return self.fallback.ask(question)
        voter = question.seats[0]
        if question.kind == "yes_no":
            return self.dialogue.yes_no(voter, ask=question.ask, params=question.params,
                                        timeout_s=question.timeout_s).answer
        ballot = self.dialogue.pick(voter, question.options, ask=question.ask,
                                    allow_none=question.allow_none, timeout_s=question.timeout_s)
        if ballot.via == "timeout":
            return None
        return (ballot.choice,) if ballot.choice is not None else ()
