"""De Weerwolf (seed 004): "De weerwolf is de slechte tegenhanger van de
burger. Hij heeft geen extra krachten." The pack's board and its lunch
(the section's opening): "Zij hebben een eigen board ...; alle wolven
zitten hierop en ook sommige hulpjes." "'s Nachts duiden zij één persoon
aan die vermoord moet worden (de lunch). De lunch kan alleen opgegeven door
een speler die op dat moment weerwolf is. Hulpjes ... kunnen de lunch niet
plaatsen": everyone on the wolves' board wakes with the pack and learns
who sits on it; only the werewolves among them are asked the lunch (on a
kit, only their seats' buttons answer).
"""

from __future__ import annotations

from typing import Any

from engine.forum.answers import one_target
from engine.forum.botkit import ForumBotContext, hurt
from engine.forum.day import request
from engine.forum.fold import ORDER, Act, Fold, record
from engine.forum.registry import ForumRole, ForumStep, role
from engine.forum.state import ForumState
from engine.messages import Request
from engine.registry import AskSpec
from engine.vocab import Ask, Cause, Role, Side

BOARD = "wolves"


def awake(s: ForumState) -> tuple[str, ...]:
    """The living on the wolves' board, in seat order."""
    board = s.on_board(BOARD)
    return tuple(p for p in s.living() if p in board)


def inform(s: ForumState) -> None:
    board = awake(s)
    if board:
        s.emit("forum_wolves_know", frozenset(board), wolves=[p for p in board if s.is_wolf(p)],
               board=list(board))


def ask_lunch(s: ForumState) -> Request | None:
    pack = s.wolves_alive()
    if not pack:
        return None
    # "never one of their own": the pack does not lunch a werewolf
    choices = tuple(p for p in s.living() if not s.is_wolf(p))
    return request(s, Ask.WEREWOLVES, pack, choices)


def resolve(s: ForumState, fold: Fold, act: Act) -> None:
    """The lunch: its victim, and a guest in his house (the friend: "Alle
    acties van moordende rollen ... worden op beide spelers uitgevoerd")."""
    fold.memo["lunch_target"] = act.reached[0]
    died: list[str] = fold.memo.setdefault("lunch_dead", [])
    for victim in act.reached:
        if fold.kill(act, victim, Cause.WEREWOLVES):
            fold.memo.setdefault("lunch_died", victim)
            died.append(victim)


def apply(s: ForumState, victim: str | None) -> None:
    if victim is None:
        return  # "Als de wolven het oneens zijn": no lunch
    record(s, Act("werewolves", ORDER["kill"], s.wolves_alive(), Role.WEREWOLF, [victim], resolve,
                  data={"lunch": True}, kills=True, told=False))


def is_lunch(act: Act) -> bool:
    return bool(act.data.get("lunch"))


def tonight_lunch(s: ForumState) -> str | None:
    """The lunch the pack chose in its call tonight (its board saw it), for
    the calls after it; None before it, or without a lunch."""
    for act in s.store.get("_acts", ()):
        if is_lunch(act):
            found: str = act.targets[0]
            return found
    return None


def decide(ctx: ForumBotContext) -> Any:
    if not ctx.req.choices:
        return None
    if ctx.rng.random() < 0.03:  # now and then the pack does not agree
        return None
    return hurt(ctx, list(ctx.req.choices))


role(ForumRole(
    Role.WEREWOLF, Side.BAD, wolf=True, board=BOARD, acts=True,
    # called in every forum game: every deck has a wolf, not always a plain one
    steps=(ForumStep("werewolves", 600, Role.WEREWOLF, always=True, request=ask_lunch, apply=apply,
                     inform=inform, ask=Ask.WEREWOLVES),),
    asks=(AskSpec(Ask.WEREWOLVES, one_target("werewolves_own", "the werewolves lunch a living player "
                                                            "who is no werewolf"),
                  decide, secret=True),),
))
