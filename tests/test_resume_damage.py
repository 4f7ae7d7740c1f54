"""Journals as people and accidents leave them (issue 10): cut at a record's
end, CRLF line endings, a header edited and re-signed, a demo through a kit;
and a fuzz over re-signed headers and records: one clear line in the table's
language, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator import journal as jr
from narrator.journal import Journal
from narrator.resume import resume_main

ROOT = Path(__file__).resolve().parents[1]


def wakkerdam(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "narrator.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("j") / "game.journal"
    r = wakkerdam("demo", "--fast", "--text-only", "--seed", "12", "--journal", str(path))
    assert r.returncode == 0, r.stderr
    return path


def resign(data: bytes, change: Callable[[list[dict[str, Any]]], None]) -> bytes:
    """The journal with its payloads changed and every checksum made good
    again (what someone editing the file with the module at hand can do)."""
    lines = data.rstrip(b"\n").split(b"\n")
    payloads = [json.loads(line[65:]) for line in lines[1:]]
    change(payloads)
    out, prev = [jr.MAGIC], jr._GENESIS
    for n, payload in enumerate(payloads):
        payload = {k: v for k, v in payload.items() if k != "prev"}
        payload["n"] = n
        line, prev = jr._line(prev, payload)
        out.append(line.rstrip(b"\n"))
    return b"\n".join(out) + b"\n"


def resume_in_process(path: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = resume_main([str(path), "--fast", "--text-only", "--json"])
    return code, err.getvalue()


def unfinished(played: Path, tmp_path: Path, keep: int) -> Path:
    lines = played.read_bytes().split(b"\n")
    cut = tmp_path / "cut.journal"
    cut.write_bytes(b"\n".join(lines[: 2 + keep]) + b"\n")
    cut.chmod(0o600)
    return cut


def test_a_journal_cut_at_a_records_end_says_how_far_it_got(played: Path, tmp_path: Path) -> None:
    r = wakkerdam("resume", str(unfinished(played, tmp_path, 3)), "--fast", "--text-only", "--json")
    assert r.returncode == 0, r.stderr
    assert "Het logboek telt 3 besluiten; het spel gaat verder" in r.stderr


def test_a_journal_with_crlf_endings_is_called_that_not_another_version(played: Path, tmp_path: Path) -> None:
    path = unfinished(played, tmp_path, 3)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    r = wakkerdam("resume", str(path), "--fast", "--text-only")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1
    assert "regeleinden" in r.stderr and "versie" not in r.stderr


@pytest.mark.parametrize("edit", [
    lambda h: h["setup"].update(roles=5),
    lambda h: h["setup"].update(players="Anna"),
    lambda h: h["setup"].update(seed=None),
    lambda h: h["setup"]["roles"].update(Anna="dragon"),
    lambda h: h.update(setup=[]),
    lambda h: h.update(seeds={"narration": "x"}),
], ids=["roles a number", "players a text", "no seed", "unknown role", "setup a list", "seeds not numbers"])
def test_a_resigned_header_is_one_clear_line(played: Path, tmp_path: Path, edit) -> None:
    path = unfinished(played, tmp_path, 3)
    path.write_bytes(resign(path.read_bytes(), lambda p: edit(p[0]["header"])))
    r = wakkerdam("resume", str(path), "--fast", "--text-only")
    assert r.returncode == 2, r.stdout
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "kan niet worden hervat" in r.stderr


def test_a_demo_through_a_kit_writes_its_journal_and_finishes_it(tmp_path: Path) -> None:
    path = tmp_path / "kit.journal"
    r = wakkerdam("demo", "--fast", "--text-only", "--kit", "minimal", "--seed", "3", "--journal", str(path))
    assert r.returncode == 0, r.stderr
    journal, report = Journal.verify(path)
    assert report.ok and journal.finished and len(journal) > 3


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**12), st.text(max_size=6),
                 st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _resigned(played: Path, tmp: Path, where: str, key: str, value: Any, keep: int) -> Path:
    path = unfinished(played, tmp, keep)

    def change(payloads: list[dict[str, Any]]) -> None:
        header = payloads[0]["header"]
        records = [p["record"] for p in payloads[1:]]
        target = {"header": header, "setup": header["setup"], "roles": header["setup"]["roles"],
                  "options": header["setup"]["options"]}.get(where)
        if target is None:
            if not records:
                return
            target = records[-1]
            if where == "answer":
                target["answer"] = value
                return
        target[key] = value
    path.write_bytes(resign(path.read_bytes(), change))
    return path


CHANGES = dict(
    where=st.sampled_from(["header", "setup", "roles", "options", "record", "answer"]),
    key=st.sampled_from(["players", "roles", "middle", "options", "seed", "seeds", "lang", "mode",
                         "bots", "Anna", "type", "answer", "n", "ask", "kit", "x"]),
    value=JUNK, keep=st.integers(0, 6))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(**CHANGES)
def test_any_resigned_change_is_a_game_to_resume_or_one_clear_line(played: Path, tmp_path_factory,
                                                                   where, key, value, keep) -> None:
    from narrator.journal import JournalError
    from narrator.session import prepare

    path = _resigned(played, tmp_path_factory.mktemp("f"), where, key, value, keep)
    journal, _ = Journal.verify(path)
    try:
        game, start_at = prepare(journal)
    except JournalError as exc:
        message = exc.message("nl")
        assert "\n" not in message and "hervat" in message
    else:
        assert 0 <= start_at <= len(game.events)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(**CHANGES)
def test_any_resigned_change_resumes_to_the_end_or_says_one_line(played: Path, tmp_path_factory, where,
                                                                 key, value, keep) -> None:
    path = _resigned(played, tmp_path_factory.mktemp("f"), where, key, value, keep)
    code, err = resume_in_process(path)
    assert code in (0, 2)
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and err.startswith("wakkerdam: ")
