"""Fuzz (issue 10): an edited ``config/decks.yaml``, a kit file and the
command line, each 500 cases and more: the box answers with a game or with
one clear line (in the table's language where the problem has words in the
packs), never a traceback, never a hang."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import config
from narrator.cli import main as wakkerdam

ROOT = Path(__file__).resolve().parents[1]
DECKS = config.DECKS_PATH.read_text(encoding="utf-8")
FUZZ = settings(max_examples=500, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def run(argv: list[str]) -> tuple[int, str]:
    """The command in this process; SystemExit (argparse) counts as an answer."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = wakkerdam(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, err.getvalue()


@pytest.fixture
def decks_file(tmp_path_factory, monkeypatch):
    path = tmp_path_factory.mktemp("decks") / "decks.yaml"
    monkeypatch.setattr(config, "DECKS_PATH", path)
    config._decks.cache_clear()  # a game played before read the real table
    yield path
    config._decks.cache_clear()


def _mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    lines = text.splitlines(keepends=True)
    for kind, at, junk in edits:
        i = at % len(lines)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines[i] = lines[i].replace(":", junk, 1)
        elif kind == 2:
            lines.insert(i, junk + "\n")
        elif kind == 3:
            lines[i] = "".join(junk if c.isdigit() else c for c in lines[i])
        else:
            lines[i] = lines[i][: len(lines[i]) // 2]
    return "".join(lines)


JUNK = st.sampled_from(["", "x", "-", "1000000000000", "-1", "null", "[", "{", ": :", "\t", "werewolves: 2",
                        "  - {players: 8}", "true", "0x10", "é", "🙂", "'", "players", "&a", "*a"])
EDITS = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10**6), JUNK), min_size=1, max_size=4)


@FUZZ
@given(edits=EDITS, raw=st.binary(max_size=3))
def test_any_edited_deck_table_deals_or_is_one_clear_line(decks_file, edits, raw) -> None:
    data = _mutate(DECKS, edits).encode("utf-8") + raw
    decks_file.write_bytes(data)
    config._decks.cache_clear()
    code, err = run(["simulate", "--games", "1", "--players", "8", "--bots", "random"])
    assert code in (0, 2), err
    if code == 2:
        assert len(err.strip().splitlines()) == 1 and err.startswith("wakkerdam: "), err


def test_a_billion_werewolves_is_one_clear_line(decks_file) -> None:
    decks_file.write_text(DECKS.replace("werewolves: 2, seer: 1, villagers: 5",
                                        "werewolves: 1000000000000, seer: 1, villagers: 5"), encoding="utf-8")
    code, err = run(["demo", "--fast", "--text-only", "--players", "8"])
    assert code == 2 and "1000000000000 is geen geldige waarde voor werewolves" in err


KITS = {name: (ROOT / "config" / "kits" / f"{name}.yaml").read_text(encoding="utf-8")
        for name in ("minimal", "full", "maneschijn", "laptop")}


@FUZZ
@given(kit=st.sampled_from(sorted(KITS)), edits=EDITS, raw=st.binary(max_size=2))
def test_any_edited_kit_file_builds_a_kit_or_is_one_wiring_error(tmp_path, kit, edits, raw) -> None:
    from hardware.events import WiringError
    from hardware.kit import build_kit
    from hardware.kits import load_kit

    path = tmp_path / "kit.yaml"
    path.write_bytes(_mutate(KITS[kit], edits).encode("utf-8") + raw)
    try:
        load_kit(str(path))
        # A good file is built too, ten times (a kit with buttons takes 0.1 s
        # to close: gpiozero's hold threads).
        if BUILT.append(1) or len(BUILT) <= 10:
            build_kit(str(path), fake=True, players=["Anna", "Bram", "Cees"]).close()
    except WiringError as exc:
        # One line in the table's language, naming the file (and its line).
        said = {lang: exc.message(lang) for lang in ("nl", "de", "en")}
        assert all(line.strip() and "\n" not in line for line in said.values()), said
        assert said["nl"] != said["en"] and said["de"] != said["en"], said
        assert all(line.startswith(str(path)) for line in said.values()), said


BUILT: list[int] = []


def test_a_kit_files_mistake_on_the_command_line_is_one_line_in_the_games_language(tmp_path) -> None:
    path = tmp_path / "kit.yaml"
    path.write_text(KITS["minimal"].replace("gpio", "gpoi", 1), encoding="utf-8")
    code, err = run(["hw-test", "--kit", str(path), "--fake", "--lang", "de"])
    assert code == 2 and err.count("\n") == 1 and f"{path}, Zeile " in err and "ist kein Pin" in err


WORDS = st.sampled_from(["demo", "simulate", "replay", "resume", "play", "--fast", "--text-only", "--json",
                         "--players", "--seed", "--roles", "--bots", "--lang", "--games", "--kit", "--journal",
                         "--deal", "--call-seconds", "8", "0", "-1", "99", "1e9", "x", "nl", "de", "xx", "random",
                         "werewolf,seer", "thief", ",,", "minimal", "/nonexistent/j", "--help", "=", "",
                         "--variant", "lycanthropy", "nonsense", "--option", "x=1", "wolves_win_at_parity=true",
                         "--players=x", "--lang=de", "--jobs", "--no-such-flag"])
#: argparse's own English: never what a player reads
ARGPARSE = ("usage:", "error:", "invalid choice", "invalid int value", "unrecognized arguments",
            "expected one argument", "the following arguments are required", "not allowed with argument")


@FUZZ
@given(argv=st.lists(WORDS, max_size=6), first=st.sampled_from(["demo", "simulate", "replay", "resume", "zz"]))
def test_any_command_line_ends_with_an_answer(argv, first) -> None:
    # Never a real-time game: that would wait for people (the test would hang).
    words = [first, *argv]
    if first == "demo":
        words += ["--fast", "--text-only"]
    if first == "simulate":
        words = [w if w not in ("99", "1e9") else "3" for w in words]
        if "--games" not in words:
            words += ["--games", "2"]
    words = [w for w in words if w not in ("play", "--kit", "minimal") and "journal" not in w]
    # An empty state directory: a bare ``resume`` must not find a game another
    # test left unfinished (it would go on with it).
    with tempfile.TemporaryDirectory() as state, mock.patch.dict(os.environ, {"STATE_DIRECTORY": state}):
        code, err = run(words)
    assert code in (0, 2), err
    if code == 2:  # one line, the command's, never argparse's English nor a traceback
        # (replay names the scenario file first: docs/scenario-format.md)
        assert err.count("\n") == 1 and (err.startswith("wakkerdam") or words[0] == "replay"), err
        assert "Traceback" not in err and not any(phrase in err for phrase in ARGPARSE), err


def test_play_on_a_kit_with_nothing_to_answer_with_says_so_once_and_ends(tmp_path) -> None:
    # As under systemd: no devices on this machine (not even the tests' mock
    # pins), standard input at its end.
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    r = subprocess.run([sys.executable, "-m", "narrator.cli", "play", "--kit", "full", "--text-only", "--new",
                        "--journal", str(tmp_path / "g.journal")], capture_output=True, text=True, cwd=ROOT,
                       stdin=subprocess.DEVNULL, timeout=60, env=env)
    assert r.returncode == 2
    assert (r.stdout + r.stderr).count("Er is niets om mee te antwoorden") == 1


def test_play_on_a_kit_with_nothing_to_answer_with_and_a_game_to_resume_says_so_once_and_ends(tmp_path) -> None:
    """Issue 29: without ``--new`` the box goes on with the unfinished game in
    its state directory; with nothing to answer with it must not wait for
    ever at the first night call either."""
    import config
    import engine
    from narrator.seeds import Seeds
    from narrator.session import new_journal

    seeds = Seeds.derived(3)
    names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna"]
    setup = engine.deal(names, config.demo_deck(8), seeds.deal, seed=seeds.game)
    new_journal(tmp_path / "journals" / "box.journal", setup, mode="box", kit="full", lang="nl",
                seeds=seeds.to_dict()).close()
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    env["STATE_DIRECTORY"] = str(tmp_path)
    r = subprocess.run([sys.executable, "-m", "narrator.cli", "play", "--kit", "full", "--text-only"],
                       capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL, timeout=60, env=env)
    said = r.stdout.strip().splitlines()
    assert r.returncode == 2, r.stdout[-500:]
    assert said[-1] == "Er is niets om mee te antwoorden: geen knoppen, geen kaartlezer en geen toetsenbord. " \
                       "Sluit de apparaten aan en start de doos opnieuw."
    assert (r.stdout + r.stderr).count("Er is niets om mee te antwoorden") == 1 and "Traceback" not in r.stderr


def test_a_kit_whose_terminal_goes_away_mid_question_says_so_and_stops(monkeypatch) -> None:
    """The keyboard was the last way to answer and its terminal closed (the
    reading thread ended): the question ends with NoInput, not a wait for ever."""
    from hardware.events import NoInput
    from hardware.kit import build_kit
    from ports import Question

    kit = build_kit("minimal", fake=True, players=["Anna", "Bram"], lang="nl")
    try:
        kit.fake = False  # the instruments' kit, as a real one with every device gone
        for bank in [kit.console, kit.reader]:
            if bank is not None:
                bank.lost = True
        kit.keyboard.reading = True
        question = Question("pick", "seer", ("Anna",), ("Bram",), timeout_s=float("inf"))
        threading.Timer(0.3, lambda: setattr(kit.keyboard, "reading", False)).start()
        with pytest.raises(NoInput) as gone:
            kit.input.ask(question)
        assert gone.value.message("nl").startswith("Er is niets om mee te antwoorden")
    finally:
        kit.close()


PLAY_WORDS = st.sampled_from(["--kit", "minimal", "full", "maneschijn", "--fake", "--text-only", "--lang", "de",
                              "en", "xx", "--players", "8", "3", "x", "--deal", "cards", "--seed", "-1",
                              "--call-seconds", "5,6", "0,0", "--variant", "lycanthropy", "nonsense",
                              "--option", "x=1", "--names", "Anna,Bram", "--no-cues", "--wav", "--journal"])


class Hang(Exception):
    pass


def _hang(signum, frame):
    raise Hang


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.lists(PLAY_WORDS, max_size=6))
def test_play_with_any_command_line_and_no_input_starts_or_says_one_line(tmp_path, monkeypatch, argv) -> None:
    # Standard input at its end (as under systemd), fake devices only, and a
    # timer: the table is never left waiting in silence.
    import signal

    import voices
    from voices.args import language

    words = ["play", *argv]
    words = [str(tmp_path / "x") if w in ("--wav", "--journal") else w for w in words]
    words = [*words, "--journal", str(tmp_path / f"g{len(os.listdir(tmp_path))}.journal")]
    if "--kit" in words:
        words.append("--fake")
    monkeypatch.setattr(sys, "stdin", open(os.devnull, encoding="utf-8"))  # noqa: SIM115 - closed with the test
    old = signal.signal(signal.SIGALRM, _hang)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        out = io.StringIO()
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                code = wakkerdam(words)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        sys.stdin.close()
    said, lang = err.getvalue(), language(words)
    assert code in (0, 1, 2), (words, said)
    assert "Traceback" not in said and not any(phrase in said for phrase in ARGPARSE), (words, said)
    if code == 2:  # one line, the command's, last (a notice of the voice may come first)
        assert said.splitlines()[-1].startswith("wakkerdam"), (words, said)
    elif code == 1 and "--kit" not in words:  # the laptop started and heard the end of its input
        assert voices.load(lang).line("laptop.eof") in out.getvalue(), (words, out.getvalue()[-300:])
