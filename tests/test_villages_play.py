"""``wakkerdam play --variant villages_unite``: a real table at the laptop (a
pty, through pexpect) as one village of an evening, against two bot villages
(``demo --village``, each its own process) on a real mosquitto over TLS,
played to the end — with a power cut of the table's box after its first move
(SIGKILL, then ``wakkerdam resume`` on the same terminal)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from narrator.cli import main as cli_main
from narrator.journal import Journal
from tests.test_laptop import NAMES, Table, head
from tests.villages_rig import where
from villages.broker import Broker, free_port
from villages.moderator import rebuild

ROOT = Path(__file__).resolve().parent.parent
BOXES = ("noord", "zuid", "oost")


def _bot_village(tmp: Path, box: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "narrator.cli", "demo", "--variant", "villages_unite", "--pairing",
         str(tmp / "p"), "--village", box, "--players", "8", "--fast", "--text-only", "--json",
         "--journal", str(tmp / "j"), "--wait", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _power_cut(t: Table, journal: Path) -> None:
    """SIGKILL the table's box; ``wakkerdam resume`` on the same terminal."""
    t.child.kill(signal.SIGKILL)
    t.child.close(force=True)
    t.child = pexpect.spawn(sys.executable, ["-m", "narrator.cli", "resume", str(journal)], cwd=str(ROOT),
                            encoding="utf-8", timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})
    t.child.delaybeforesend = 0
    t.child.logfile_read = t.log


def _play_the_table(t: Table, journal: Path) -> dict:
    """The laptop's prompts answered like a quick table; at the first door
    the first player in the menu leaves, to the first village offered; at
    the next question of that door the power goes."""
    p = t.pack
    door, where_to = head(p, "villages.door_open"), head(p, "villages.door_where")
    seen = {"left": None, "doors": 0, "cut": False}
    for menu, numbers in t.choices(3000):
        before = t.child.before
        if re.search(door, before):
            seen["doors"] += 1
            if seen["left"] is None:
                seen["left"] = menu[str(numbers[0])]
                t.send(str(numbers[0]))
            elif not seen["cut"]:
                seen["cut"] = True
                _power_cut(t, journal)
            else:
                t.send("0")
        elif re.search(where_to, before):
            t.send(str(numbers[0]))
        else:
            t.pick(numbers)
    t.child.expect(pexpect.EOF)
    t.child.close()
    return {**seen, "status": t.child.exitstatus, "output": t.output()}


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("villages-play")
    port = free_port()
    assert cli_main(["villages", "pair", *BOXES, "--out", str(tmp / "p"), "--port", str(port)]) == 0
    broker = Broker(tmp / "p", port=port).start()
    bots = {b: _bot_village(tmp, b) for b in BOXES[1:]}
    try:
        journal = tmp / "j" / "noord.journal"
        table = Table("nl", seed=5, journal=journal, roles="hunter", call_seconds="1,1.2",
                      extra=("--variant", "villages_unite", "--pairing", str(tmp / "p" / "noord.json")))
        played = _play_the_table(table, journal)
        outs = {b: p.communicate(timeout=120 if played["status"] == 0 else 1) for b, p in bots.items()}
    finally:
        for p in bots.values():
            if p.poll() is None:
                p.kill()
        broker.stop()
    return {**played, "tmp": tmp, "bots": {b: (p.returncode, outs[b]) for b, p in bots.items()},
            "pack": table.pack}


def test_the_table_plays_its_village_of_the_evening_to_the_end(evening: dict) -> None:
    p, out = evening["pack"], evening["output"]
    assert evening["cut"] and evening["status"] == 0, out[-2000:]
    assert p.line("narration.resume_day", n=1) in out  # back after the power cut, in the same day
    assert "Traceback" not in out and p.line("laptop.cards_header") in out
    for box, (code, (_, err)) in evening["bots"].items():
        assert code == 0, (box, err[-1500:])
    snap = {}
    for box in BOXES:
        journal, report = Journal.verify(evening["tmp"] / "j" / f"{box}.journal")
        assert report.ok and journal.finished, box
        snap[box] = (journal.header, journal.records())
    assert snap["noord"][0]["mode"] == "villages" and snap["noord"][0]["kit"] == "laptop"
    assert snap["noord"][0]["setup"]["players"] == list(NAMES)
    w = where(snap)
    assert w.problems == [] and w.travelling == {}
    everyone = [n for v in w.villages.values() for n in v]
    assert len(everyone) == len(set(everyone)) == 24
    # the table's village replays from its own journal
    journal, _ = Journal.verify(evening["tmp"] / "j" / "noord.journal")
    game, _ = rebuild(journal)
    assert game.over and game.winner is not None and game.winner.value == journal.summary["winner"]


def test_the_moves_are_asked_at_the_door_and_announced(evening: dict) -> None:
    p, out = evening["pack"], evening["output"]
    assert evening["doors"] >= 3 and evening["left"] in NAMES
    assert p.line("announce.player_left", name=evening["left"]) in out
    records = Journal.verify(evening["tmp"] / "j" / "noord.journal")[0].records()
    left = [r for r in records if r["type"] == "leave"]
    assert [r["name"] for r in left] == [evening["left"]]
    arrived = {r["id"]: r["name"] for r in records if r["type"] == "arrived"}
    joined = [arrived[r["id"]] for r in records if r["type"] == "join" and r["id"] in arrived]
    assert joined, "no newcomer came in"
    for name in joined:
        assert p.line("announce.newcomer", name=name) in out


def test_a_broker_of_another_evening_is_one_line_before_anyone_types_a_name(tmp_path, capsys) -> None:
    """The table's box reaches a broker whose certificate is not of its
    evening (another pairing's): one line in the game's language, exit 2."""
    port = free_port()
    for evening in ("ours", "theirs"):
        assert cli_main(["villages", "pair", "noord", "zuid", "--out", str(tmp_path / evening),
                         "--port", str(port)]) == 0
    capsys.readouterr()
    with Broker(tmp_path / "theirs", port=port):
        code = cli_main(["play", "--variant", "villages_unite", "--pairing", str(tmp_path / "ours" / "noord.json"),
                         "--names", ",".join(NAMES), "--text-only", "--lang", "de"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (f"wakkerdam play: Der Nachrichtendienst unter 127.0.0.1:{port} hat kein Zertifikat dieses "
                   "Abends: diese Box spricht nicht mit ihm. Koppeln Sie die Boxen neu.\n")
    assert cli_main(["play", "--variant", "villages_unite", "--names", ",".join(NAMES), "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("wakkerdam play: A village of an evening of boxes needs this box's")
