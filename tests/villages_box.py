"""A box of the evening for the villages tests, run as its own process
(``python -m tests.villages_box CONFIG.json``) so that a test can SIGKILL it.

Until the engine's leave/join surface is there, the village is a stand-in: a
roster of players with their cards, a day loop, players moving every day. The
evening (sync, transfers, sealing, journal, resume) is the real one.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from narrator.journal import Journal
from villages.evening import DAY, DOORS, NIGHT, Evening, step
from villages.pairing import Pairing


def roster_of(journal: Journal, evening: Evening) -> dict[str, dict]:
    """Who is in the village, with his card: the header, then every move."""
    roster = {p["name"]: p for p in journal.header["players"]}
    ledger = evening.ledger
    for r in journal.records():
        if r["type"] == "leave":
            roster.pop(r["name"])
        elif r["type"] == "join":
            t = ledger.inn.get(r["id"]) or ledger.out[r["id"]]
            roster[t.name] = t.traveller
    return roster


def main(config_path: str) -> int:
    cfg = json.loads(Path(config_path).read_text())
    path = Path(cfg["journal"])
    if path.exists():
        journal, _ = Journal.open(path)
        if journal.finished:  # the power went just after the end: nothing left to do
            journal.close()
            return 0
    else:
        journal = Journal.create(path, {"village": cfg["box"], "players": cfg["players"]})
    pairing = Pairing.load(cfg["pairing"])
    evening = Evening(pairing, journal, wait_seconds=cfg["wait_seconds"],
                      resend_seconds=cfg["resend_seconds"], settle_seconds=cfg.get("settle_seconds"),
                      on_line=lambda text: print(text, flush=True))
    evening.start()
    roster = roster_of(journal, evening)
    done = evening.step
    for n in range(1, cfg["days"] + 1):
        for phase in (NIGHT, DAY, DOORS):
            if step(phase, n) < done:
                continue  # played before the power cut
            evening.reach(phase, n)
            if phase == DAY:
                # each leaver drawn from the seed, the day and how many left
                # before him: a resumed box (its roster read back from its
                # journal) draws the same
                while evening.may_leave(n) and cfg["movers"] > evening.ledger.left_on(n):
                    rng = random.Random(f"{cfg['seed']}-{n}-{evening.ledger.left_on(n)}")
                    places = evening.open_villages(n)
                    if not places or not roster:
                        break
                    name = sorted(roster)[rng.randrange(len(roster))]
                    evening.leave(name, places[rng.randrange(len(places))], n, roster.pop(name))
            elif phase == DOORS:
                for t in evening.at_door(n):
                    if t.src == evening.me or evening.has_room(n):
                        evening.admit(t, n)
                        roster[t.name] = t.traveller
    open_transfers = evening.finish()
    roster = roster_of(journal, evening)
    Path(cfg["stats"]).write_text(json.dumps(evening.stats_dict()))
    journal.mark_finished({"roster": sorted(roster), "open": [t.id for t in open_transfers]})
    journal.close()
    evening.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
