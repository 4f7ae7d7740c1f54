"""``wakkerdam replay FILE``: play a scenario through the real engine and print
one JSON object (``docs/scenario-format.md``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import voices
from engine import FORUM, IllegalAnswer, MalformedAnswer, UnknownName, new_game
from engine.variants import variants_of
from narrator import announce, scenario
from voices.args import Parser

EXIT_OK, EXIT_INVALID, EXIT_WRONG_ASK, EXIT_ILLEGAL, EXIT_AFTER_END = 0, 2, 3, 4, 5


def summary(game: Any, lang: str) -> dict[str, Any]:
    """The replay output: also the demo's ``--json`` summary."""
    if game.setup.edition == FORUM:
        return forum_summary(game, lang)
    s = game.state
    pack = voices.load(lang).playing(game.setup.variants)
    out = {
        "status": "finished" if game.over else "waiting",
        "winner": game.winner.value if game.winner else None,
        "next_ask": game.request.ask.value if game.request else None,
        "alive": s.living(),
        "dead": [
            {"name": d.name, "role": d.role.value, "cause": d.cause.value, "when": d.when}
            for d in s.deaths
        ],
        "mayor": s.mayor,
        "lovers": list(s.lovers) if s.lovers else [],
        "charmed": [p for p in s.charmed if s.alive[p]],
        "public": announce.public_lines(game.events, pack),
    }
    for v in variants_of(game.setup.variants):
        out.update(v.report(s))
    return out


def forum_summary(game: Any, lang: str) -> dict[str, Any]:
    """The replay output of a forum game: the board game's keys, and
    ``edition``, ``extra`` (each living player's extra roles now),
    ``winners`` (who shares the win), ``sides`` (each player's side now:
    ``good``, ``bad``, ``neutral`` until chosen, ``corpse``) and ``roles``
    (each player's card now)."""
    s = game.state
    pack = voices.load(lang).edition(FORUM)
    lovers = [p for pair in s.couples() for p in pair]
    return {
        "status": "finished" if game.over else "waiting",
        "winner": game.winner.value if game.winner else None,
        "next_ask": game.request.ask.value if game.request else None,
        "alive": list(s.living()),
        "dead": [{"name": d.name, "role": d.role.value, "cause": d.cause.value, "when": d.when}
                 for d in s.deaths],
        "mayor": s.store.get("mayor"),
        "lovers": lovers,
        "charmed": [],
        "public": announce.public_lines(game.events, pack),
        "edition": FORUM,
        "extra": {p: sorted(r.value for r in s.extra[p]) for p in s.players if s.extra[p]},
        "winners": list(s.winners) if game.over else [],
        "sides": {p: (s.chosen[p] or s.side[p]).value for p in s.players},
        "roles": {p: s.card[p].value for p in s.players},
        "private": told(game, pack),
    }


def told(game: Any, pack: voices.Pack) -> dict[str, list[str]]:
    """What each player was told privately, in order (the forum's results
    come in the player's turn: a scenario checks them here)."""
    found: dict[str, list[str]] = {}
    for e in game.events:
        if e.to is None or e.cue:
            continue
        line = announce.private_line(e, pack)
        for p in game.state.players:
            if p in e.to:
                found.setdefault(p, []).append(line)
    return found


def replay_file(path: str | Path) -> tuple[int, str, str]:
    """Run a scenario: (exit code, stdout, stderr), never raising."""
    try:
        scen = scenario.load(path)
    except scenario.ScenarioError as exc:
        return EXIT_INVALID, "", f"{exc}\n"
    game = new_game(scen.setup, validate=False)
    for i, step in enumerate(scen.steps, 1):
        at = scenario.step_line(scen, i)
        if game.request is None:
            return EXIT_AFTER_END, "", f"{at}: step {i}: the game is over, {len(scen.steps) - i + 1} step(s) left\n"
        if step.ask is not game.request.ask:
            return EXIT_WRONG_ASK, "", f"{at}: expected ask {step.ask.value}, engine asks {game.request.ask.value}\n"
        try:
            game.apply(step.answer)
        except (UnknownName, MalformedAnswer) as exc:
            return EXIT_INVALID, "", f"{scenario.step_line(scen, i)}: step {i} ({step.ask.value}): {exc}\n"
        except IllegalAnswer as exc:
            return EXIT_ILLEGAL, "", f"{scenario.step_line(scen, i)}: step {i} ({step.ask.value}): {exc}\n"
    out = json.dumps(summary(game, scen.language), ensure_ascii=False, indent=2)
    return EXIT_OK, out + "\n", ""


def replay_main(argv: list[str]) -> int:
    parser = Parser(prog="wakkerdam replay",
                    description="Play a scenario file through the engine, print one JSON object.")
    parser.add_argument("file")
    args = parser.parse_args(argv)
    code, out, err = replay_file(args.file)
    sys.stdout.write(out)
    sys.stderr.write(err)
    return code
