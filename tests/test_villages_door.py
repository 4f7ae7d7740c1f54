"""The village moderator's door (who leaves, who is let in, what is said and
journaled), with two real engine games on a real broker."""

from __future__ import annotations

import threading

import config
from engine import Game, deal
from narrator.demo import run_bot_game
from narrator.journal import Journal
from narrator.session import new_journal
from tests.villages_rig import where
from villages.broker import Broker
from villages.evening import Evening
from villages.moderator import VillageModerator
from villages.pairing import pair


def _two_villages(tmp_path, names, *, limit: int = 1, movers: int = 2) -> list[BaseException]:
    """noord and zuid, real engine games of bots, on a real broker: the errors."""
    boxes = ("noord", "zuid")
    pairings = pair(boxes, tmp_path / "pairing", limit_in=limit, limit_out=limit)
    broker = Broker(tmp_path / "pairing").start()
    errors: list[BaseException] = []

    def village(i: int, box: str) -> None:
        try:
            setup = deal(names(box), config.demo_deck(8), 40 + i)
            journal = new_journal(tmp_path / f"{box}.journal", setup, mode="villages")
            evening = Evening(pairings[box].with_broker("127.0.0.1", broker.port), journal,
                              wait_seconds=10, resend_seconds=0.5)
            evening.start()
            run_bot_game(setup, fast=True, text_only=True, quiet_stdout=True, journal=journal,
                         game=Game(setup), moderator_class=VillageModerator,
                         moderator_kw={"evening": evening, "movers": movers}, label=box)
            evening.close()
            journal.close()
        except BaseException as exc:  # noqa: BLE001 - failed below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=village, args=(i, b)) for i, b in enumerate(boxes)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        broker.stop()
    return errors


def test_every_day_someone_leaves_and_the_other_village_lets_him_in(tmp_path, capsys):
    boxes = ("noord", "zuid")
    # the bots would send two a day: the limit lets one go
    errors = _two_villages(tmp_path, lambda box: [f"{box.capitalize()}{k}" for k in range(1, 9)])
    assert not errors, errors
    heard = capsys.readouterr().err.splitlines()
    snap = {}
    for box in boxes:
        j, _ = Journal.verify(tmp_path / f"{box}.journal")
        assert j.finished
        records = j.records()
        snap[box] = (j.header, records)
        leaves = [r for r in records if r["type"] == "leave"]
        doors = {(r["step"] - 1) // 3 + 1 for r in records if r["type"] == "step" and r["step"] % 3 == 0}
        assert len(leaves) == len({r["day"] for r in leaves})  # one a day: the limit
        assert {r["day"] for r in leaves} >= doors - {max(doors)} and leaves
        home = j.header["setup"]["roles"]
        for r in leaves:
            assert f"[{box}] {r['name']} verlaat het dorp met zijn kaart." in heard
            if r["name"] in home:  # his own card goes with him
                assert r["traveller"]["name"] == r["name"] and r["traveller"]["role"] == home[r["name"]]
        newcomers = {r["id"]: r["name"] for r in records if r["type"] == "arrived"}
        for r in records:
            if r["type"] == "join" and r["id"] in newcomers:
                assert f"[{box}] Er komt een nieuweling het dorp binnen: {newcomers[r['id']]}." in heard
        # both sides of a transfer are in this village's own journal
        kinds = [r["type"] for r in records]
        assert "arrived" in kinds and "join" in kinds
    w = where(snap)
    assert w.problems == [] and w.travelling == {}
    everyone = [n for v in w.villages.values() for n in v]
    assert len(everyone) == len(set(everyone)) == 16
    assert len(w.joins) >= 2


def test_a_newcomer_whose_name_lives_here_is_sent_home(tmp_path, capsys):
    """Two tables that both have an Anna: the village does not let in a
    second Anna; it says so, journals it, and she is let in at home again."""
    errors = _two_villages(tmp_path, lambda box: [f"Gast{k}" for k in range(1, 9)])
    assert not errors, errors
    heard = capsys.readouterr().err.splitlines()
    turned = 0
    for box, other in (("noord", "zuid"), ("zuid", "noord")):
        j, _ = Journal.verify(tmp_path / f"{box}.journal")
        records = j.records()
        assert j.finished and not [r for r in records if r["type"] == "join" and r["day"] and
                                   r["id"].startswith(other)]  # no stranger let in
        for r in records:
            if r["type"] == "sent_back":
                name = next(a["name"] for a in records if a["type"] == "arrived" and a["id"] == r["id"])
                assert (f"[{box}] {name} klopt aan, maar in dit dorp woont al iemand met die naam; "
                        f"hij gaat terug naar {other}.") in heard
                turned += 1
        # everyone who left came home: the village ends with its own players
        left = {r["id"] for r in records if r["type"] == "leave"}
        assert left and left == {r["id"] for r in records if r["type"] == "returned"}
        assert left <= {r["id"] for r in records if r["type"] == "join"}
    assert turned >= 2
