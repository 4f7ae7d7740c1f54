"""``wakkerdam roles [--edition E] [--json]``: every role of an edition,
with its id, its names in every language, its side, its kind (a card, or an
extra role beside one), the seed it comes from, and whether the box plays it.

The board game's roles are its registry's (``engine.registry``); the forum
edition's are seed 004's catalogue (``engine.forum.catalog``), each marked
playable when its module is registered (``engine.forum.registry``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import voices
from engine import BOARD, EDITIONS, FORUM
from voices.args import Parser

#: the board game's teams as the listing's sides
SIDE_OF_TEAM = {"village": "good", "werewolves": "bad", "pied_piper": "neutral"}


def names(role_id: str) -> dict[str, str]:
    return {lang: voices.load(lang).role_bare(role_id) for lang in voices.LANGUAGES}


def board_roles() -> list[dict[str, Any]]:
    import engine.game  # noqa: F401  (registers every role)
    from engine.registry import ROLES, role_ids

    return [{"id": r, "names": names(r), "side": SIDE_OF_TEAM.get(ROLES[c].team.value, "neutral"),
             "kind": "role", "seed": ROLES[c].seed, "playable": True}
            for r in role_ids() for c in [next(k for k in ROLES if k.value == r)]]


def forum_roles() -> list[dict[str, Any]]:
    import engine.forum.game  # noqa: F401  (registers every forum role)
    from engine.forum.catalog import ALL_IDS, EXTRA, side_of
    from engine.forum.registry import FORUM_ROLES
    from engine.vocab import Role

    found = []
    for rid in ALL_IDS:
        card = FORUM_ROLES.get(Role(rid)) if rid in Role else None
        found.append({"id": rid, "names": names(rid),
                      "side": side_of(rid) if rid not in EXTRA else "extra",
                      "kind": "extra" if rid in EXTRA else "role", "seed": "004",
                      "playable": card is not None})
    return found


def main(argv: list[str]) -> int:
    parser = Parser(prog="wakkerdam roles", description="Every role of an edition, and which the box plays.")
    parser.add_argument("--edition", choices=EDITIONS, default=BOARD)
    parser.add_argument("--lang", choices=voices.LANGUAGES, default="nl")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    roles = forum_roles() if args.edition == FORUM else board_roles()
    if args.json:
        print(json.dumps({"edition": args.edition, "roles": roles}, ensure_ascii=False, indent=2))
        return 0
    pack = voices.load(args.lang)
    for r in roles:
        mark = pack.line("cli.roles.playable" if r["playable"] else "cli.roles.not_yet")
        side = pack.line(f"cli.roles.side.{r['side']}")
        print(f"  {r['id']:24} {r['names'][args.lang]:26} {side:10} {mark}")
    playable = sum(r["playable"] for r in roles)
    print(pack.line("cli.roles.count", playable=playable, total=len(roles)), file=sys.stdout)
    return 0
