"""What Ontevredenheid and Extase share: after the next elimination by the
village, a second vote at once, "direct en zonder voorafgaande discussies"."""

from __future__ import annotations

from typing import ClassVar

from engine import answers, registry
from engine.base import vote_policy
from engine.cards.base import Card
from engine.day import village_vote
from engine.registry import AskSpec
from engine.rules import Flow
from engine.state import State
from engine.vocab import Ask

EXTRA_VOTE = Ask.define("extra_vote")
registry.ask(AskSpec(EXTRA_VOTE, answers.ballot, vote_policy, form="ballot",
                     prompt="prompt.vote"))


class SecondVote(Card):
    """Temporary: holds until the village's next vote is over."""

    kind = "temporary"
    span = "vote"
    #: the second vote follows when the eliminated player is (not) a werewolf
    when_wolf: ClassVar[bool]

    def after_vote(self, s: State, eliminated: str | None) -> Flow:
        if eliminated is None or s.is_wolf(eliminated) is not self.when_wolf:
            return False
        if s.store.get(self.id) == s.day:
            return False  # the second vote itself sets off nothing more
        s.store[self.id] = s.day
        s.emit("event_second_vote", card=self.id)
        yield from village_vote(s, EXTRA_VOTE, discussion=False)
        return False
