"""Who has won: the rulebook's checks, in a fixed order.

Each check belongs to the rule it comes from (the pied piper's module holds
his win, cupid's the lovers'); the base checks are in ``engine.base``. The
game's rules list them with a rank, and :func:`outcome` reads them in rank
order like the rulebook: nobody 0, the pied piper 10, the lovers 20, the
village 30, the werewolves 40.
"""

from __future__ import annotations

from engine.state import State
from engine.vocab import Winner


def outcome(s: State) -> Winner | None:
    """The winner, or None while the game goes on. Checked after dawn, after
    the morning's card and after the day's vote."""
    for check in s.rules.win_checks:
        winner = check(s)
        if winner is not None:
            return winner
    return None
