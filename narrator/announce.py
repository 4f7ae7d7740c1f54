"""Turning engine events into the lines of a language pack."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.messages import Event
from voices import Pack

_LIST_PARAMS = ("tied", "voters", "wolves", "lovers", "charmed", "cards", "names", "board")


def params(event: Event, pack: Pack) -> dict[str, Any]:
    """An event's data as words: role ids become role names, lists are joined."""
    out: dict[str, Any] = dict(event.data)
    if "role" in out:
        role_id = out["role"]
        out["role"] = pack.role(role_id)
        if out.get("qualifier"):  # the forum's "dronken ziener"
            out["role"] = pack.line(f"forum.qualified.{out['qualifier']}", role=out["role"],
                                    bare=pack.role_bare(role_id).lower())
    if "extras" in out:  # the forum's extra roles beside a card
        out["extras"] = pack.join([pack.role(r) for r in out["extras"]])
    if "side" in out:  # the forum's sides
        out["side"] = pack.line(f"forum.side_name.{out['side']}")
    if "roles" in out:  # several cards at once (the harvest festival's seer)
        out["roles"] = pack.join([pack.role(r) for r in out["roles"]])
    for key in _LIST_PARAMS:
        if key in out:
            out[key] = pack.join(list(out[key])) or pack.line("list.nobody")
    if "votes" in out:
        items = [pack.line("votes.item", name=n, count=c) for n, c in out["votes"].items()]
        out["votes"] = ", ".join(items) if items else pack.line("votes.none")
    if "card" in out:  # an event card: its name, and the text read aloud
        out["text"] = pack.line(f"card.{out['card']}.text")
        out["card"] = pack.line(f"card.{out['card']}")
    if "question" in out:  # spiritism: the words of the question asked
        out["question"] = pack.line(f"spiritism.{out['question']}")
    if "questions" in out:  # spiritism: the four questions read aloud
        out["questions"] = " ".join(pack.line(f"spiritism.{q}") for q in out["questions"])
    if event.kind in ("forum_death", "forum_death_veiled"):  # by day: how he died, in words
        out["how"] = pack.line(f"forum.died_by.{out['cause']}")
    if "winner" in out:
        out["winner"] = pack.line(f"winner.{out['winner']}")
    return out


def public_line(event: Event, pack: Pack) -> str:
    return pack.line(f"announce.{event.kind}", **params(event, pack))


def private_line(event: Event, pack: Pack) -> str:
    return pack.line(f"private.{event.kind}", **params(event, pack))


def public_lines(events: Iterable[Event], pack: Pack) -> list[str]:
    """What the moderator announces to everybody: public events, not cues."""
    return [public_line(e, pack) for e in events if e.public and not e.cue]
