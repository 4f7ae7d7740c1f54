"""``wakkerdam demo --variant villages_unite --villages 3``: three bot villages
of the real engine on a broker started for the run, each narrated (espeak-ng)
to its own WAV, each replayable from its own journal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import soundfile

from narrator.journal import Journal
from narrator.replay import summary
from tests.villages_rig import where
from villages import adapter
from villages.evening import NIGHT, step
from villages.moderator import rebuild

ROOT = Path(__file__).resolve().parent.parent
BOXES = ("noord", "zuid", "oost")


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    folder = tmp_path_factory.mktemp("evening")
    run = subprocess.run(
        [sys.executable, "-m", "narrator.cli", "demo", "--variant", "villages_unite", "--villages", "3",
         "--players", "8", "--fast", "--json", "--journal", str(folder), "--wav", str(folder / "wav")],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    return folder, run


def test_three_villages_play_to_the_end_and_print_one_summary_each(evening):
    folder, run = evening
    assert run.returncode == 0, run.stderr[-2000:]
    villages = json.loads(run.stdout)["villages"]
    assert len(villages) == 3
    for box, result in zip(BOXES, villages, strict=True):
        assert result["status"] == "finished" and result["winner"]
        journal, report = Journal.verify(folder / f"{box}.journal")
        assert report.ok and journal.finished
        # each village's game replays from its own journal
        game, _ = rebuild(journal)
        assert json.loads(json.dumps(summary(game, "nl"))) == result == journal.summary


def test_each_village_is_narrated_to_its_own_wav(evening):
    folder, run = evening
    for box in BOXES:
        data, rate = soundfile.read(folder / "wav" / f"{box}.wav")
        assert rate > 0 and len(data) > rate * 10 and abs(data).max() > 0.01
    assert (folder / "wav").stat().st_mode & 0o077 == 0  # the narration says who was who


def test_the_villages_passed_every_night_together(evening):
    folder, _ = evening
    for box in BOXES:
        journal, _ = Journal.verify(folder / f"{box}.journal")
        steps = [r["step"] for r in journal.records() if r.get("type") == "step"]
        nights = [r for r in journal.records() if r.get("type") == "decision"]
        assert nights and steps[0] == step(NIGHT, 1) and steps == sorted(steps)


def test_without_the_engine_s_leave_and_join_the_villages_play_in_step_and_say_so_once(evening):
    if adapter.ready():
        pytest.skip("the engine lets players move: see the next test")
    _, run = evening
    assert run.stderr.count("kent Dorpen, verenigt U nog niet") == 1


@pytest.mark.skipif(not adapter.ready(), reason="waits for the engine's game.leave / game.join")
def test_players_move_every_day_and_every_one_is_somewhere_once(evening):
    folder, _ = evening
    snap = {}
    for box in BOXES:
        journal, _ = Journal.verify(folder / f"{box}.journal")
        snap[box] = (journal.header, journal.records())
        days = {r["day"] for r in journal.records() if r.get("type") == "leave"}
        last_day = max((r["step"] - 1) // 3 + 1 for r in journal.records() if r.get("type") == "step")
        assert days >= set(range(1, last_day))  # somebody left on every day but perhaps the last
    w = where(snap)
    assert w.problems == [] and w.travelling == {}
    everyone = [n for v in w.villages.values() for n in v]
    assert len(everyone) == len(set(everyone)) == 24
