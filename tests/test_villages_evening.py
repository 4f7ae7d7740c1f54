"""Dorpen, verenigt U: three villages on a real mosquitto play to the end with
players moving every day; at every moment every player is in exactly one
village or in one journaled transfer (read from the journals, at consistent
moments), and after broker crashes, SIGKILLed boxes and a proxy that doubles
and delays messages, nothing is lost or doubled.

The villages here are the test box's stand-in (tests/villages_box.py) until
the engine lets a player leave and join; the evening itself is the real one.
"""

from __future__ import annotations

import time

from narrator.journal import Journal
from tests.villages_rig import Rig, Where


def _ends_whole(rig: Rig, codes: dict[str, int]) -> Where:
    assert codes == dict.fromkeys(rig.boxes, 0), {b: rig.output(b)[-500:] for b in rig.boxes}
    snap = rig.snapshot()
    assert snap is not None
    w = rig.check(snap)
    assert rig.problems == [], rig.problems[:5]
    assert w.travelling == {}
    everyone = [n for v in w.villages.values() for n in v]
    assert sorted(everyone) == sorted(rig.everyone)  # nobody lost, nobody twice
    for box in rig.boxes:  # each box closed its journal with nothing left open
        journal, _ = Journal.verify(rig.tmp / box / "journal")
        assert journal.finished and journal.summary == {"roster": sorted(w.villages[box]), "open": []}
    return w


def _moves_by_day(rig: Rig, box: str) -> set[int]:
    snap = rig.journal(box)
    assert snap is not None
    return {r["day"] for r in snap[1] if r["type"] == "leave"}


def test_three_villages_play_to_the_end_with_players_moving_every_day(tmp_path):
    rig = Rig(tmp_path, days=4).start()
    try:
        w = _ends_whole(rig, rig.wait())
        assert rig.snapshots >= 10  # the check ran all along, not only at the end
        for box in rig.boxes:
            assert _moves_by_day(rig, box) >= {1, 2, 3, 4}
        assert len(w.joins) >= 12
        # every box saw every other at each common step (nobody was gone on without)
        assert all(rig.stats(b)["went_on_without"] == 0 for b in rig.boxes)
    finally:
        rig.close()


def test_the_broker_killed_and_restarted_several_times_mid_game(tmp_path):
    rig = Rig(tmp_path, days=6, wait=4.0).start()
    try:
        kills = 0
        for _ in range(3):
            # mid-game: once the villages have gone on by two steps
            reached = rig.lowest_step()
            deadline = time.monotonic() + 20
            while rig.lowest_step() < reached + 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            rig.broker.kill()
            kills += 1
            time.sleep(0.3)
            rig.broker.start()
        w = _ends_whole(rig, rig.wait(90))
        assert kills == 3
        assert max(rig.stats(b)["connects"] for b in rig.boxes) >= 2
        assert len(w.joins) >= 3 * 6
    finally:
        rig.close()


def test_a_box_killed_mid_transfer_resumes_and_nothing_is_lost_or_doubled(tmp_path):
    # The proxy holds back some messages, so a transfer stays open long enough.
    rig = Rig(tmp_path, days=5, wait=1.0, proxy={"delay_every": 6, "delay_seconds": 0.2}).start()
    try:
        sender = rig.kill_when(Rig.sending)
        assert sender is not None
        rig.spawn(sender)  # the power is back at once: the same box, the same journal
        receiver = rig.kill_when(Rig.at_a_door)
        assert receiver is not None
        time.sleep(2.0)  # longer than the others wait for a silent village
        rig.spawn(receiver)
        w = _ends_whole(rig, rig.wait(90))
        assert len(w.joins) >= 10  # moves went on around the power cuts (the clean run checks every day)
        # the others went on without the silent one; it caught up when back
        assert sum(rig.stats(b)["went_on_without"] for b in rig.boxes if b != receiver) >= 1
    finally:
        rig.close()


def test_messages_doubled_and_delayed_on_the_way_change_nothing(tmp_path):
    rig = Rig(tmp_path, days=4, proxy={"duplicate_every": 2, "delay_every": 5, "delay_seconds": 0.1}).start()
    try:
        _ends_whole(rig, rig.wait(90))
        assert rig.proxy is not None and rig.proxy.duplicated > 20 and rig.proxy.delayed > 5
        assert sum(rig.stats(b)["duplicates"] for b in rig.boxes) > 0
    finally:
        rig.close()
