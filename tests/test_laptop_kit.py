"""The laptop kit as a group meets it (issues 10 and 11): each point a short
scripted laptop game in a pseudo-terminal (pexpect), or the real command on
a real (tiny) file system."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

import voices

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
WAKKERDAM = [sys.executable, "-m", "narrator.cli"]
NL = voices.load("nl")


def env_for(state: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "STATE_DIRECTORY": str(state)}


def spawn(args: list[str], state: Path, timeout: float = 20) -> pexpect.spawn:
    child = pexpect.spawn(WAKKERDAM[0], [*WAKKERDAM[1:], *args], cwd=str(ROOT), encoding="utf-8",
                          timeout=timeout, env=env_for(state))
    child.delaybeforesend = 0
    return child


def journals(state: Path) -> list[Path]:
    folder = state / "journals"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_laptop_game_journals_by_default_and_a_bare_resume_goes_on_with_its_settings(tmp_path: Path) -> None:
    # Issue 11: without --journal no journal was written and a bare `resume`
    # found nothing. Issue 10: a game started with short calls was resumed
    # with the default 20-30 s calls.
    state = tmp_path / "state"
    cut = subprocess.run([*WAKKERDAM, "play", "--text-only", "--names", ",".join(NAMES), "--seed", "4",
                          "--call-seconds", "0.3,0.4", "--discussion", "0", "--answer-seconds", "7"],
                         input=b"\n" * 18, capture_output=True, cwd=ROOT, env=env_for(state), timeout=60)
    assert cut.returncode == 1 and b"Traceback" not in cut.stderr
    [journal] = journals(state)
    assert journal.name.startswith("laptop-")
    resumed = spawn(["resume", "--text-only"], state)
    resumed.expect_exact(NL.line("narration.resume_night", n=1))
    began = time.monotonic()
    # Nobody answers: with the journaled 0.3-0.4 s calls the night is over in
    # seconds (with the defaults it would take minutes).
    resumed.expect([re.escape(NL.line("laptop.morning_round")), re.escape(NL.line("announce.day_breaks"))])
    assert time.monotonic() - began < 12
    resumed.sendeof()
    resumed.expect(pexpect.EOF)


def test_a_full_disk_is_one_line_in_the_games_language_and_leaves_no_temp_journal(tmp_path: Path) -> None:
    # Issue 10: `play` on a full disk ended in a traceback, in English, and
    # left a temp journal behind. A real full file system: a one-page tmpfs,
    # filled, in a mount namespace of the test's own.
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare (util-linux) for a private tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    play = " ".join([*WAKKERDAM, "play", "--text-only", "--names", ",".join(NAMES), "--seed", "1"])
    script = (f"mount -t tmpfs -o size=4k tmpfs {disk} || exit 99; "
              f"head -c 8192 /dev/zero > {disk}/filler 2>/dev/null; "
              f"STATE_DIRECTORY={disk}/state {play} </dev/null; echo rc=$?; "
              f"ls -A {disk}/state/journals")
    ran = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    if ran.returncode == 99 or b"unshare:" in ran.stderr:
        pytest.skip(f"no private tmpfs here: {ran.stderr.decode()[:200]}")
    out, err = ran.stdout.decode(), ran.stderr.decode()
    assert "rc=2" in out
    assert out.split("rc=2", 1)[1].strip() == ""  # no journal, no temp journal
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1
    full = re.escape(NL.lines["journal.disk_full"]).replace(re.escape("{file}"), r"\S+")
    assert re.search(full, lines[0]), lines[0]


def menu_numbers(text: str) -> list[str]:
    return [n for n in re.findall(r"^\s*(\d+)\s{2}\S", text.replace("\r", ""), re.M) if n != "0"]


def test_a_plain_game_shows_its_deck_until_seen_counts_the_discussion_down_and_never_takes_an_empty_enter(
        tmp_path: Path) -> None:
    # Issue 11: the deck was wiped before anyone could read it and plain
    # `play` added four characters; the discussion timer was spoken only
    # ("Jullie hebben 1 minuten"); an empty Enter picked "niemand"; an answer
    # typed on ahead was dropped without a word.
    child = spawn(["play", "--text-only", "--names", ",".join(NAMES), "--seed", "5",
                   "--call-seconds", "1.5,2", "--discussion", "3", "--answer-seconds", "20"], tmp_path)
    child.expect_exact(NL.lines["laptop.deck_seen"])
    deck = re.search(re.escape(NL.lines["laptop.deck"]).replace(re.escape("{cards}"), "(.+)"), child.before)
    assert deck is not None
    assert deck.group(1) == NL.join([NL.line("laptop.card_count", count=2, role=NL.role_bare("werewolf")),
                                     NL.line("laptop.card_count", count=5, role=NL.role_bare("villager")),
                                     NL.role_bare("seer")])  # the table's deck, nothing added
    with pytest.raises(pexpect.TIMEOUT):  # the deck stays on screen until Enter
        child.expect_exact("\x1b[2J", timeout=1)
    child.sendline("")
    # Anna takes the laptop and types a number where only Enter hides her card:
    # it is said not to count (issue 11: it was swallowed unseen).
    child.expect_exact(NL.lines["laptop.pass_to"].split("{names}")[-1])
    child.sendline("")
    child.expect_exact(NL.lines["laptop.hide"])
    child.sendline("3")
    child.expect_exact(NL.lines["laptop.typed_not_counted"])
    prompts = {
        "hand_over": re.escape(NL.lines["laptop.pass_to"].split("{names}")[-1]) + "|"
                     + re.escape(NL.lines["laptop.pass_to_called"]),
        "enter": "|".join(re.escape(NL.lines[k]) for k in ("laptop.hide", "laptop.ready")),
        "confirm": re.escape(NL.lines["laptop.confirm"].split("{choice}")[-1]),
        "one": re.escape(NL.lines["laptop.choose_one"]),
        "discussion": re.escape(NL.line("narration.discussion_start_one", minutes=1)),
    }
    kinds = list(prompts)
    said_empty = discussed = False
    for _ in range(200):
        kind = kinds[child.expect(list(prompts.values()))]
        if kind in ("hand_over", "enter", "confirm"):
            child.sendline("")
        elif kind == "discussion":
            discussed = True
            # the countdown, every second of the last five (3, 2, 1 here)
            for left in ("0:03", "0:02", "0:01"):
                child.expect_exact(NL.line("laptop.time_left", time=left), timeout=3)
            child.expect_exact(NL.line("narration.discussion_end"), timeout=3)
        elif kind == "one":
            numbers = menu_numbers(child.before)
            secret = NL.lines["laptop.only_for_called"] in child.before
            if discussed and not secret and not said_empty:
                child.sendline("")  # an empty Enter at an open question with "0 niemand"
                child.expect_exact(NL.line("laptop.err_empty_none"))
                child.expect_exact(NL.lines["laptop.choose_one"])
                said_empty = True
                # An answer and, typed on before the next voter is asked, one more:
                # it must not answer the next question, and the screen says so.
                child.send(f"{numbers[0]}\n{numbers[-1]}\n")
                child.expect_exact(NL.lines["laptop.typed_too_early"])
                child.expect_exact(NL.lines["laptop.choose_one"])
                break
            child.sendline(numbers[0])
    assert said_empty
    child.sendeof()
    child.expect(pexpect.EOF)


def test_role_names_in_every_language_are_accepted_everywhere(tmp_path: Path) -> None:
    # Issue 11: `demo --roles Heks` was refused where `play` accepted it.
    mixed = "Weerwolf,werewolf,Seherin,heks,the hunter,Gewone burger,villager,Einfacher Dorfbewohner"
    demo = subprocess.run([*WAKKERDAM, "demo", "--fast", "--text-only", "--players", "8", "--roles", mixed,
                           "--json"], capture_output=True, cwd=ROOT, env=env_for(tmp_path), timeout=60)
    assert demo.returncode == 0, demo.stderr.decode()
    en = voices.load("en")
    child = spawn(["play", "--lang", "en", "--text-only", "--names", ",".join(NAMES), "--roles", "Heks,Jäger"],
                  tmp_path)
    child.expect_exact(en.lines["laptop.deck_seen"])
    assert en.role_bare("witch") in child.before and en.role_bare("hunter") in child.before
    child.sendeof()
    child.expect(pexpect.EOF)


def test_each_run_gets_a_wav_of_its_own(tmp_path: Path) -> None:
    # Issue 11: every run overwrote the one narration.wav. The real fallback
    # (no sound card) of two runs, one after the other.
    run = ("from narrator.voice import _fallback_sink; sink, path = _fallback_sink(16000); "
           "sink.close(); print(path)")
    paths = [subprocess.run([sys.executable, "-c", run], capture_output=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
                            check=True).stdout.decode().strip() for _ in range(2)]
    assert paths[0] != paths[1]
    assert all(Path(p).exists() and Path(p).name.startswith("narration-") for p in paths)


def test_a_game_cut_during_the_deal_is_dealt_again_from_its_journal(tmp_path: Path) -> None:
    # Issue 11: a game cut during the deal resumed past the deal, so the
    # players who had not seen their card never did.
    state = tmp_path / "state"
    cut = spawn(["play", "--text-only", "--names", ",".join(NAMES), "--seed", "8"], state)
    cut.expect_exact(NL.lines["laptop.deck_seen"])
    cut.sendline("")
    card = re.compile(re.escape(NL.lines["private.your_role"]).replace(re.escape("{role}"), r"([^\r\n]+)"))
    first = []
    for _ in range(2):  # Anna and Bram see their cards, then the power goes
        cut.expect_exact(NL.lines["laptop.pass_to"].split("{names}")[-1])
        cut.sendline("")
        cut.expect_exact(NL.lines["laptop.hide"])
        first.append(card.search(cut.before).group(1))
        cut.sendline("")
    cut.sendeof()
    cut.expect(pexpect.EOF)
    again = spawn(["resume", "--text-only"], state)
    again.expect_exact(NL.lines["narration.resume_deal"])
    seen = []
    for name in NAMES:
        again.expect_exact(NL.line("laptop.pass_to", names=name))
        again.sendline("")
        again.expect_exact(NL.lines["laptop.hide"])
        seen.append(card.search(again.before).group(1))
        again.sendline("")
    again.expect_exact(NL.lines["laptop.ready"])
    again.sendeof()
    again.expect(pexpect.EOF)
    from narrator.journal import Journal

    [path] = journals(state)
    journal, _ = Journal.open(path)
    try:
        roles = journal.header["setup"]["roles"]
        assert any(r.get("type") == "dealt" for r in journal.records())
    finally:
        journal.close()
    assert seen == [NL.role(roles[name]) for name in NAMES]
    assert seen[:2] == first


def test_a_night_choice_taken_back_late_still_stands_and_the_end_is_said_before_the_screen_clears(
        tmp_path: Path) -> None:
    # Issue 11: Cupid typed `4 5`, then `u` late in the call: no lovers, and
    # "De tijd is om." was wiped the same instant.
    state = tmp_path / "state"
    child = spawn(["play", "--text-only", "--names", ",".join(NAMES), "--seed", "2", "--roles", "cupid",
                   "--call-seconds", "8,8.2"], state)
    child.expect_exact(NL.lines["laptop.deck_seen"])
    child.sendline("")
    for _ in NAMES:
        for prompt in ("laptop.pass_to", "laptop.hide"):
            child.expect_exact(NL.lines[prompt].split("{names}")[-1])
            child.sendline("")
    child.expect_exact(NL.lines["laptop.ready"])
    child.sendline("")
    child.expect_exact(NL.line("call.cupid.wake"))
    asked = time.monotonic()
    child.expect_exact(NL.lines["laptop.pass_to_called"])
    child.sendline("")
    child.expect_exact(NL.line("laptop.choose_many", count=2))
    pair = menu_numbers(child.before)[:2]
    child.sendline(" ".join(pair))
    child.expect_exact(NL.lines["laptop.confirm"].split("{choice}")[-1])
    time.sleep(max(0.0, asked + 5.5 - time.monotonic()))  # late: past the first answer's time
    child.sendline("u")
    child.expect_exact(NL.line("laptop.choose_many", count=2))
    child.expect(re.escape(NL.lines["laptop.timeout_kept"].split("{choice}")[0]), timeout=4)
    shown = time.monotonic()
    child.expect_exact("\x1b[2J", timeout=4)  # the wipe comes, but not at once
    assert time.monotonic() - shown > 0.8
    child.expect_exact(NL.line("call.cupid.sleep"))  # the decision is in the journal by now
    child.terminate(force=True)
    from narrator.journal import Journal
    from narrator.session import decisions

    [path] = journals(state)
    journal, _ = Journal.open(path)
    try:
        cupid = decisions(journal.records())[0]
    finally:
        journal.close()
    assert sorted(cupid) == sorted(NAMES[int(n) - 1] for n in pair)  # the lovers, as first chosen


def test_a_journal_that_fills_the_disk_mid_game_ends_it_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # The same ending as at the start (above), when the disk fills later: the
    # moderator's append raises before the decision takes effect.
    from narrator.bot_table import TextSpeaker
    from narrator.journal import JournalIOError
    from narrator.laptop.game import to_the_end
    from narrator.laptop.session import LaptopSession
    from narrator.laptop.terminal import Keyboard, Screen

    def game_on_a_full_disk():
        raise JournalIOError("journal.disk_full", file="spel.journal", reason="No space left on device")

    r, w = os.pipe()
    try:
        session = LaptopSession(NL, TextSpeaker(), Keyboard(r), Screen(io.StringIO()))
        assert to_the_end(session, game_on_a_full_disk) == 2
    finally:
        os.close(r)
        os.close(w)
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"wakkerdam play: {NL.line('journal.disk_full', file='spel.journal')}"]


#: run a laptop command with the moderator's narration seed said on stderr
#: (``narration-seed N`` for every moderator made), then the command's exit code
_SEED_SPY = (
    "import sys, narrator.moderator as m\n"
    "made = m.Moderator.__init__\n"
    "def spy(self, *a, **kw):\n"
    "    print('narration-seed', kw['narration_seed'], file=sys.stderr, flush=True)\n"
    "    made(self, *a, **kw)\n"
    "m.Moderator.__init__ = spy\n"
    "from narrator.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def test_the_journal_keeps_the_seeds_the_deal_and_the_game_used_and_a_resume_plays_with_them(
        tmp_path: Path) -> None:
    """Issue 29, 7: the header's seeds were derived again from the game's
    seed, not those the deal and the game used. Now the deal is made again
    from the journaled seeds, and the new game and its resume time their
    night calls from the same journaled narration seed."""
    import engine
    from narrator.journal import Journal
    from narrator.laptop.setup import deck
    from narrator.seeds import Seeds
    from narrator.session import setup_from_dict

    state, path = tmp_path / "state", tmp_path / "g.journal"
    cut = subprocess.run([sys.executable, "-c", _SEED_SPY, "play", "--text-only", "--names", ",".join(NAMES),
                          "--seed", "4", "--call-seconds", "0.2,0.3", "--discussion", "0", "--journal", str(path)],
                         input=b"\n" * 18, capture_output=True, cwd=ROOT, env=env_for(state), timeout=60)
    assert cut.returncode == 1, cut.stderr.decode()[-800:]
    journal, _ = Journal.open(path)
    header = journal.header
    journal.close()
    drawn = Seeds.derived(4)
    assert header["seeds"] == drawn.to_dict()
    setup = setup_from_dict(header["setup"])
    again = engine.deal(list(NAMES), deck(len(NAMES), None), drawn.deal, seed=drawn.game)
    assert (again.roles, again.middle, again.seed) == (setup.roles, setup.middle, setup.seed)
    resumed = subprocess.run([sys.executable, "-c", _SEED_SPY, "resume", str(path), "--text-only"],
                             input=b"", capture_output=True, cwd=ROOT, env=env_for(state), timeout=60)
    assert resumed.returncode == 1, resumed.stderr.decode()[-800:]
    seeds = [int(line.split()[1]) for out in (cut, resumed) for line in out.stderr.decode().splitlines()
             if line.startswith("narration-seed")]
    assert seeds == [drawn.narration, drawn.narration]
