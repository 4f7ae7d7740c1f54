"""Who has won a forum game: the checks in rank order, then who shares it.

Seed 004 names no board-game win; its sides win as the last ones standing:
"Als hij daarmee de laatste vijand van zijn alliantie neerschiet, dan wint
hij" (the hunter). The good win when only good players live (a neutral who
chose good, or has not chosen, is good), the bad when only bad players
live, the corpse "alleen als hij als enige overblijft"; the lovers "enkel
... als ze samen overleven, dit betekent voor een goed-slecht koppel (of een
gekoppeld lijk) dat ze als enige twee spelers zullen moeten overblijven"
(cupid's module). Everyone of the winning side wins, the dead too, but a
lover who died ("enkel winnen als ze samen overleven"), and whoever a
role's text leaves out (``ForumRules.won``: the hunter who shot a good
player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.vocab import Side, Winner

if TYPE_CHECKING:
    from engine.forum.state import ForumState

WINNER_OF: Final = {Side.GOOD: Winner.VILLAGE, Side.BAD: Winner.WEREWOLVES, Side.CORPSE: Winner.CORPSE}


def sides_win(s: ForumState) -> tuple[Winner, tuple[str, ...]] | None:
    living = s.living_now
    teams = {s.team(p) for p in living}
    if len(teams) != 1:
        return None
    side = teams.pop()
    return WINNER_OF[side], tuple(p for p in s.players if s.team(p) is side)


def nobody_left(s: ForumState) -> tuple[Winner, tuple[str, ...]] | None:
    return (Winner.NOBODY, ()) if not s.living_now else None


def outcome(s: ForumState) -> Winner | None:
    """The winner, or None while the game goes on; sets ``s.winners``."""
    for check in s.rules.win_checks:
        found = check(s)
        if found is not None:
            winner, names = found
            for hook in s.rules.won:
                names = hook(s, winner, names)
            s.winners = names
            return winner
    return None


def decided(s: ForumState) -> bool:
    """Whether the game is won now (nothing more is asked: a new mayor does
    not name a successor in a game that is over)."""
    return any(check(s) is not None for check in s.rules.win_checks)
