"""Who has won: the rulebook's checks, in a fixed order."""

from __future__ import annotations

from engine.state import State
from engine.vocab import Role, Winner


def outcome(s: State) -> Winner | None:
    """The winner, or None while the game goes on. Checked after dawn and
    after the day's vote."""
    living = s.living()
    if not living:
        return Winner.NOBODY
    piper = s.holder(Role.PIED_PIPER)
    if piper is not None and s.alive[piper] and all(p in s.charmed for p in living if p != piper):
        # "Op het moment dat er geen speler meer is die niet betoverd is wint de
        #  fluitspeler alleen (zelfs als dit gebeurt door eliminatie van de
        #  weerwolven of het stemmen van de burgers)."
        return Winner.PIED_PIPER
    mixed = s.mixed_lovers()
    if mixed and s.lovers is not None and set(living) == set(s.lovers):
        # "De geliefden ... winnen, als zij samen als laatste overblijven
        #  (als zij een burger en een weerwolf zijn)."
        return Winner.LOVERS
    wolves = [p for p in living if s.role[p] is Role.WEREWOLF]
    if not wolves:
        # "De burgers winnen, zodra ze de laatste weerwolf hebben uitgeschakeld."
        return Winner.VILLAGE
    # A werewolf in love with a villager no longer hunts with the pack.
    pack = [p for p in wolves if not (mixed and s.lovers is not None and p in s.lovers)]
    others = len(living) - len(pack)
    if pack and others == 0:
        # "De weerwolven winnen, zodra ze de laatste burger hebben verslonden."
        return Winner.WEREWOLVES
    if s.options.wolves_win_at_parity and pack and len(pack) >= others:
        # seed 000: "Of zodra het aantal burgers en wolven gelijk is."
        return Winner.WEREWOLVES
    return None
