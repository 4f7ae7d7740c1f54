"""The story of a finished game: every night and day in order, who was who,
every choice, and what each player was told in secret.

A story is written once, when the game is over, as plain data in the game's
language (JSON) beside its picture (``web.timeline``), into the box's stories
directory; files are private to the box's user, since a story holds every
role. Earlier stories stay there for later evenings.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import FORUM, Game, Request, game_class, role_ids
from engine.forms import Part
from narrator import announce
from voices import Pack

STORY_ID = re.compile(r"\d{8}-\d{6}(-\d+)?")


def stories_dir() -> Path:
    """Beside the box's journals (systemd's StateDirectory): ``stories/``."""
    from narrator.session import default_journal_dir

    return default_journal_dir().parent / "stories"


def _when(pack: Pack, when: str) -> str:
    part, _, n = when.partition(" ")
    return pack.line(f"web.phase.{part}", n=n) if part in ("night", "day") and n else when


def _answer(pack: Pack, answer: Any) -> str:
    """A decision in words (names stay names, role ids become role names)."""
    nobody = pack.line("list.nobody")
    if answer is None:
        return nobody
    if isinstance(answer, bool):
        return pack.line("web.yes" if answer else "web.no")
    if isinstance(answer, str):
        return pack.role_bare(answer) if answer in role_ids() else answer
    if isinstance(answer, dict) and set(answer) <= {"save", "poison"}:
        return pack.line("web.story.witch", save=_answer(pack, bool(answer.get("save"))),
                         poison=_answer(pack, answer.get("poison")))
    if isinstance(answer, dict):  # a ballot: voter -> target
        return ", ".join(pack.line("web.story.vote", voter=v, target=_answer(pack, t))
                         for v, t in answer.items()) or nobody
    if isinstance(answer, list | tuple):
        return pack.join([_answer(pack, a) for a in answer]) or nobody
    return str(answer)


def _item(pack: Pack, part: Part, value: Any) -> str:
    """One answer of a form's part: a name, or an item by its pack line
    (``Part.label``: a role, a day action, an amount)."""
    if value is None:  # no one, or (a part of items) nothing
        return pack.line("web.story.nothing" if part.label else "list.nobody")
    if isinstance(value, bool):
        return pack.line("web.yes" if value else "web.no")
    if isinstance(value, list | tuple):
        return pack.join([_item(pack, part, v) for v in value]) or pack.line("list.nobody")
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_item(pack, part, v)}" for k, v in value.items()) or pack.line("list.nobody")
    if part.label and pack.has(key := part.label.format(value)):
        return pack.line(key)
    return str(value)


def _form_answer(pack: Pack, req: Request, answer: Any) -> str:
    """An answer of the forum's forms in words, part by part (``engine.forms``):
    each part its own words (``web.part.<key>``) where it has them; a part
    answered for each item of another says it for both."""
    parts = req.form.parts
    if req.form.single or not isinstance(answer, dict):
        return _item(pack, parts[0], answer)
    covered = {p.each for p in parts if p.each and p.key in answer}
    said = []
    for part in parts:
        if part.key not in answer or part.key in covered:
            continue
        value = _item(pack, part, answer[part.key])
        label = f"web.part.{part.key}"
        said.append(pack.line("web.story.part", part=pack.line(label), answer=value) if pack.has(label) else value)
    return "; ".join(said) or pack.line("list.nobody")


def _choice_line(pack: Pack, req: Request, answer: Any, forum: bool = False) -> dict[str, Any]:
    ask = pack.line(f"web.ask.{req.ask.value}")
    said = _form_answer(pack, req, answer) if forum and not req.ballot else _answer(pack, answer)
    if req.ballot:  # every voter: the votes name them ("De stemming: Anna → Bram, ...")
        return {"kind": "choice", "text": pack.line("web.story.ballot", ask=ask[:1].upper() + ask[1:],
                                                    answer=said)}
    return {"kind": "choice", "text": pack.line(
        "web.story.choice", who=pack.join(list(req.actors)), ask=ask, answer=said)}


def build(game: Game, pack: Pack, *, started: float, settings: dict[str, Any]) -> dict[str, Any]:
    """The story as data: chapters of lines and choices, who was who."""
    forum = game.setup.edition == FORUM
    replay = game_class(game.setup)(game.setup, validate=False)
    made_at: dict[int, list[dict[str, Any]]] = {}
    for answer in game.decisions:
        req = replay.request
        assert req is not None
        if req.form.name != "text":  # the wall's lines: read out by the box, nobody's (seed 000)
            made_at.setdefault(len(replay.events), []).append(_choice_line(pack, req, answer, forum))
        replay.apply(answer)
    chapters: list[dict[str, Any]] = []
    chapter: dict[str, Any] | None = None
    #: deaths dated by the chapter that tells them: a hunter's shot at dawn
    #: and what follows it (a lover's grief) happen in the open, in the day,
    #: though the engine's clock still says the night; the night's victims
    #: found at dawn keep their night
    told_in: dict[str, str] = {}
    shot_in: dict[str, Any] | None = None
    for i, e in enumerate([*game.events, None]):
        for item in made_at.get(i, ()):
            if chapter is not None:
                chapter["items"].append(item)
        if e is None:
            break
        if e.kind in ("night_falls", "day_breaks", "forum_first_day"):  # (the forum begins with a day)
            kind = "night" if e.kind == "night_falls" else "day"
            n = e.data.get("night" if kind == "night" else "day", 1)
            chapter = {"kind": kind, "n": n, "title": pack.line(f"web.phase.{kind}", n=n), "items": []}
            chapters.append(chapter)
        if chapter is None or e.cue:
            continue
        if e.kind == "death_hunter":
            shot_in = chapter
        if e.kind.startswith("death_") and "name" in e.data and shot_in is chapter:
            told_in.setdefault(e.data["name"], f"{chapter['kind']} {chapter['n']}")
        if e.kind == "forum_became":  # a role change, told to nobody: the story's chain
            chapter["items"].append({"kind": "change", "text": _became(pack, e.data)})
        elif e.public:
            chapter["items"].append({"kind": "public", "text": announce.public_line(e, pack)})
        else:
            assert e.to is not None
            who = pack.join([p for p in game.setup.players if p in e.to])
            chapter["items"].append({"kind": "secret", "text": pack.line(
                "web.story.secret", who=who, line=announce.private_line(e, pack))})
    s = game.state
    deaths = {d.name: d for d in s.deaths}
    people = []
    for seat, name in enumerate(game.setup.players, 1):
        d = deaths.get(name)
        died_at = (told_in.get(name) or d.when) if d else None
        people.append({
            "seat": seat, "name": name, "role": pack.role_bare(game.setup.roles[name].value),
            "role_id": game.setup.roles[name].value,
            "ended_as": pack.role_bare((s.card if forum else s.role)[name].value),
            "team": s.team(name).value,
            "died": _when(pack, died_at) if died_at else None, "died_at": died_at,
            "cause": pack.line(f"web.cause.{d.cause.value}") if d else None,
            "cause_id": d.cause.value if d else None,
            **(_forum_person(s, name, pack) if forum else {}),
        })
    return {
        "started": time.strftime("%Y-%m-%d %H:%M", time.localtime(started)),
        "lang": pack.lang,
        "winner": pack.line(f"winner.{game.winner.value}") if game.winner else "",
        "middle": [pack.role_bare(r.value) for r in game.setup.middle],
        "people": people,
        "chapters": chapters,
        "settings": settings,
    }


def _became(pack: Pack, data: dict[str, Any]) -> str:
    """Who became what, from what, by whom and by which power (seed 004's
    conversions, switches, burnt houses, robbed graves...)."""
    how = data["how"]
    power = pack.line("web.story.grown") if how == "grown" else pack.role_bare(how)
    key = "web.story.became_by" if data.get("by") and data["by"] != data["name"] else "web.story.became"
    return pack.line(key, name=data["name"], role=pack.role_bare(data["role"]),
                     was=pack.role_bare(data["was"]), by=data.get("by") or "", power=power)


def _forum_person(s: Any, name: str, pack: Pack) -> dict[str, Any]:
    """What the forum edition adds of a player: his extra roles at the end
    (those dealt and those that arose: the mayor, a lover) and, for a
    neutral, the side he chose."""
    extras = sorted(pack.role_bare(r.value) for r in s.extra[name])
    chosen = s.chosen.get(name)
    return {"extras": extras,
            "side": pack.line("web.story.side", side=pack.line(f"forum.side_name.{chosen.value}"))
            if chosen is not None and pack.has(f"forum.side_name.{chosen.value}") else None}


@dataclass
class Shelf:
    """The stories directory: one JSON and one PNG per game, 0600."""

    folder: Path

    def _private_folder(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        return self.folder

    def _write(self, path: Path, data: bytes) -> None:
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(path)

    def keep(self, story: dict[str, Any], picture: bytes) -> str:
        folder = self._private_folder()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        story_id, n = stamp, 1
        while (folder / f"{story_id}.json").exists():
            n += 1
            story_id = f"{stamp}-{n}"
        self._write(folder / f"{story_id}.png", picture)
        self._write(folder / f"{story_id}.json", json.dumps(story, ensure_ascii=False).encode())
        return story_id

    def ids(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        found = [p.stem for p in self.folder.glob("*.json") if STORY_ID.fullmatch(p.stem)]
        return sorted(found, reverse=True)

    def load(self, story_id: str) -> dict[str, Any] | None:
        if not STORY_ID.fullmatch(story_id):
            return None
        try:
            data: dict[str, Any] = json.loads((self.folder / f"{story_id}.json").read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return data

    def picture(self, story_id: str) -> bytes | None:
        if not STORY_ID.fullmatch(story_id):
            return None
        try:
            return (self.folder / f"{story_id}.png").read_bytes()
        except OSError:
            return None
