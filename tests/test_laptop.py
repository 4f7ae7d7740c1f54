"""``wakkerdam play``, the laptop kit: a whole game typed at a real terminal
(a pty, through pexpect), and the laptop's input, private channel and
controls on a pipe.

The game test reads everything the laptop printed and cuts it at every screen
wipe: a piece with a hand-over or an "only for" header is a private display
and must be wiped after; every other piece is what the table sees, and no
private line, secret question or role of a living player may be in it.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

import voices
from engine import Role, deal
from narrator.laptop.controls import LaptopControls
from narrator.laptop.input import LaptopInput
from narrator.laptop.private import LaptopPrivate
from narrator.laptop.session import LaptopSession
from narrator.laptop.setup import deck, parse_roles
from narrator.laptop.terminal import CLEAR, Keyboard, Screen
from narrator.moderator import UNDO
from ports import Question

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
#: the real command line: ``wakkerdam play`` is ``narrator.cli play``
PLAY = ["-m", "narrator.cli", "play"]


def template(pack: voices.Pack, key: str, **holes: str) -> str:
    """A pack line as a regex: its text literal, each ``{param}`` a hole."""
    out, pos, text = "", 0, pack.lines[key]
    for m in re.finditer(r"\{(\w+)\}", text):
        out += re.escape(text[pos:m.start()]) + holes.get(m.group(1), r"[^\n]+?")
        pos = m.end()
    return out + re.escape(text[pos:])


def tail(pack: voices.Pack, key: str) -> str:
    """The literal end of a line after its last ``{param}``."""
    return re.escape(re.split(r"\{\w+\}", pack.lines[key])[-1])


def head(pack: voices.Pack, key: str) -> str:
    return re.escape(re.split(r"\{\w+\}", pack.lines[key])[0])


class Table:
    """Plays the laptop's prompts like a quick, simple-minded group."""

    def __init__(self, lang: str, seed: int, journal: Path, *, roles: str = "witch,hunter,cupid,little_girl",
                 call_seconds: str = "2.5,3", extra: tuple[str, ...] = ()) -> None:
        self.pack = p = voices.load(lang)
        args = [*PLAY, "--text-only", "--lang", lang, "--names", ",".join(NAMES), "--roles", roles,
                "--seed", str(seed), "--call-seconds", call_seconds, "--discussion", "30",
                "--answer-seconds", "30", "--journal", str(journal), *extra]
        self.child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), encoding="utf-8",
                                   timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.child.delaybeforesend = 0
        self.log = io.StringIO()
        self.child.logfile_read = self.log
        self.patterns = {
            "hand_over": tail(p, "laptop.pass_to") + "|" + re.escape(p.lines["laptop.pass_to_called"]),
            "hide": re.escape(p.lines["laptop.hide"]),
            "ready": re.escape(p.lines["laptop.ready"]),
            "deck_seen": re.escape(p.lines["laptop.deck_seen"]),
            "one": re.escape(p.lines["laptop.choose_one"]),
            "many": template(p, "laptop.choose_many", count=r"\d+"),
            "yes_no": re.escape(p.lines["laptop.yes_no"]),
            "confirm": tail(p, "laptop.confirm"),
            "discussion": head(p, "narration.discussion_start"),
            "refused": "|".join(head(p, k) for k in ("narration.refused", "narration.refused_private",
                                                     "narration.not_understood")),
        }
        self.kinds = list(self.patterns)
        self.menus: list[dict[str, str]] = []

    def next(self) -> str | None:
        """Wait for the next prompt; its kind, or None at the end."""
        i = self.child.expect([*self.patterns.values(), pexpect.EOF])
        return None if i == len(self.kinds) else self.kinds[i]

    def menu(self) -> dict[str, str]:
        """The numbered options printed before the last prompt."""
        return dict(re.findall(r"^\s*(\d+)\s{2}(.+?)\s*$", self.child.before.replace("\r", ""), re.M))

    def send(self, text: str) -> None:
        self.child.sendline(text)

    def choices(self, limit: int = 2000) -> Iterator[tuple[dict[str, str], list[int]]]:
        """Play to the end like a quick table (Enter, next, no, the first two),
        yielding each "choose one" menu (its options, its numbers but 0) for the
        test to answer; :meth:`pick` answers as the table would."""
        self.refused = 0
        for _ in range(limit):
            kind = self.next()
            if kind is None:
                return
            if kind in ("hand_over", "hide", "ready", "deck_seen", "confirm"):
                self.send("")
            elif kind == "discussion":
                self.send("n")
            elif kind == "refused":
                self.refused += 1
            elif kind == "yes_no":
                self.send(self.pack.line("laptop.no_words").split(",")[0])
            elif kind == "many":
                self.send("1 2")
            elif kind == "one":
                menu = self.menu()
                yield menu, sorted(int(k) for k in menu if k != "0")

    def pick(self, numbers: list[int]) -> None:
        """The first option, or the next one after each refusal."""
        self.send(str(numbers[min(self.refused + 1, len(numbers)) - 1]))
        self.refused = 0

    def output(self) -> str:
        return self.log.getvalue().replace("\r", "")


def pieces(output: str) -> Iterator[tuple[str, bool]]:
    """(text, wiped after?) for each stretch of output between screen wipes."""
    parts = output.split(CLEAR)
    for i, part in enumerate(parts):
        yield part, i < len(parts) - 1


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One whole 8-player game at the laptop, in Dutch, with the scripted
    mistakes: a night choice taken back at its confirmation, a wrong number
    and an undo in the day."""
    journal = tmp_path_factory.mktemp("laptop") / "game.journal"
    t = Table("nl", seed=3, journal=journal)
    p = t.pack
    seen: dict = {"seer_choice": None, "bad_number_done": False, "undo_done": False, "menus": []}
    day_prompts = 0
    for menu, numbers in t.choices():
        seen["menus"].append(menu)
        before = t.child.before
        if seen["seer_choice"] is None and p.line("prompt.seer") in before:
            # Choose one, take it back at the confirmation, choose another.
            t.send(str(numbers[0]))
            assert t.next() == "confirm"
            t.send("u")
            assert t.next() == "one"
            t.send(str(numbers[1]))
            assert t.next() == "confirm"
            t.send("")
            seen["seer_choice"] = menu[str(numbers[1])]
            continue
        if p.lines["laptop.only_for"].split("{")[0] not in before:
            day_prompts += 1
            if day_prompts == 2 and not seen["bad_number_done"]:
                t.send("99")
                assert t.next() == "one"
                seen["bad_number_done"] = True
                seen["bad_number_menu"] = numbers[-1]
                t.send("u")
                seen["undo_done"] = True
                t.refused = 0
                continue
        t.pick(numbers)
    t.child.expect(pexpect.EOF)
    t.child.close()
    seen["status"] = t.child.exitstatus
    seen["output"] = t.output()
    seen["pack"] = p
    seen["journal"] = journal
    return seen


def test_the_game_is_played_to_the_end(game: dict) -> None:
    p = game["pack"]
    assert game["status"] == 0
    out = game["output"]
    assert re.search(template(p, "announce.game_over"), out)
    assert "Traceback" not in out
    assert p.line("laptop.cards_header") in out
    assert p.line("laptop.discussion_keys") in out


def test_the_game_is_in_its_journal(game: dict) -> None:
    from narrator.journal import Journal
    from narrator.session import rebuild

    journal, report = Journal.open(game["journal"])
    try:
        assert report.ok and journal.finished
        assert journal.header["mode"] == "play" and journal.header["setup"]["players"] == list(NAMES)
        rebuilt, _ = rebuild(journal)
        assert rebuilt.winner is not None and rebuilt.winner.value == journal.summary["winner"]
    finally:
        journal.close()


def private_display(p: voices.Pack) -> re.Pattern[str]:
    """What starts a private display: a hand-over or an "only for" header."""
    return re.compile("|".join([template(p, "laptop.pass_to"), template(p, "laptop.only_for"),
                                re.escape(p.lines["laptop.pass_to_called"]),
                                re.escape(p.lines["laptop.only_for_called"])]))


def test_every_private_display_is_wiped_after(game: dict) -> None:
    p = game["pack"]
    display = private_display(p)
    # what the moderator says to everybody: it never shares a screen with a
    # private display (the wipe comes first)
    public = [re.compile(template(p, key)) for key in p.lines
              if key.split(".")[0] in ("call", "announce", "narration", "ask")]
    private = 0
    for text, wiped in pieces(game["output"]):
        if display.search(text):
            private += 1
            assert wiped, f"not wiped after: {text[-300:]!r}"
            for line in text.splitlines():
                assert not any(m.fullmatch(line.strip()) for m in public), f"public line in a private display: {line!r}"
    # 8 cards dealt, then the night's hand-overs and results
    assert private > 8 + 5


def test_nothing_secret_is_on_the_shared_screen(game: dict) -> None:
    p = game["pack"]
    out = game["output"]
    names = "|".join(NAMES)
    roles = "|".join(re.escape(p.role(r.value)) for r in Role)
    secret = [re.compile(template(p, key, name=f"(?:{names})", partner=f"(?:{names})", role=f"(?:{roles})"))
              for key in p.lines if key.startswith("private.")]
    secret += [re.compile(re.escape(p.line(key))) for key in
               ("prompt.seer", "prompt.werewolves", "prompt.cupid", "prompt.witch_poison", "prompt.thief")]
    secret += [re.compile(template(p, key)) for key in ("laptop.confirm", "laptop.only_for", "prompt.witch_save",
                                                        "laptop.only_for_called")]
    # The dead hunter's card is public (announced), so is his question.
    allowed = [re.compile(template(p, key)) for key in p.lines
               if key.startswith("announce.") or key == "ask.hunter"]
    role_of_someone = re.compile(rf"(?:{names})\b.*(?:{roles})", re.I)
    end = out.index(p.line("laptop.cards_header"))
    display = private_display(p)
    public_text = ""
    for text, _ in pieces(out[:end]):
        if display.search(text):
            continue
        public_text += text
        for pattern in secret:
            assert not pattern.search(text), f"secret on the shared screen: {pattern.pattern}"
        for line in text.splitlines():
            if role_of_someone.search(line):
                assert any(a.fullmatch(line.strip()) for a in allowed), f"role shown: {line!r}"
    # the game's public side is there
    assert p.line("announce.night_falls") in public_text


def test_the_night_screen_names_nobody(game: dict) -> None:
    # Issue 10: "Geef de laptop aan Eva en Gijs" named the holders of a role
    # on an open screen. At night the hand-over says only "whoever is called".
    p = game["pack"]
    out = game["output"]
    nights = re.findall(re.escape(p.line("announce.night_falls")) + "(.*?)" + re.escape(p.line("announce.day_breaks")),
                        out, re.S)
    assert nights
    called = re.escape(p.lines["laptop.only_for_called"])
    handed = 0
    for night in nights:
        someone = f"(?:{'|'.join(NAMES)})[^\\n]*?"
        assert not re.search(template(p, "laptop.pass_to", names=someone), night)
        assert not re.search(template(p, "laptop.only_for", names=someone), night)
        for text, _ in pieces(night):
            open_part = re.split(called, text)[0]  # up to the Enter of whoever took it
            assert not any(re.search(rf"\b{n}\b", open_part) for n in NAMES), open_part[-200:]
            handed += p.lines["laptop.pass_to_called"] in text
    assert handed >= 3 * len(nights)


def test_sleepers_get_their_news_in_the_morning_round_and_everybody_takes_a_turn(game: dict) -> None:
    p = game["pack"]
    out = game["output"]
    # nobody is asked to come to the laptop while the lovers sleep
    lovers = out[out.index(p.line("call.lovers.wake")):out.index(p.line("call.lovers.sleep"))]
    assert not re.search(template(p, "laptop.pass_to"), lovers)
    # the first morning (cupid is in the deck), once the dawn's dead are
    # named: every player in seat order
    start = out.index(p.line("laptop.morning_round"))
    assert out.index(p.line("announce.day_breaks")) < start
    turns = [(text, wiped) for text, wiped in pieces(out[start:])
             if re.search(template(p, "laptop.pass_to"), text)][:len(NAMES)]
    assert [re.search(template(p, "laptop.pass_to", names=r"(\w+)"), t).group(1) for t, _ in turns] \
        == list(NAMES)
    in_love = re.compile(template(p, "private.in_love", partner=f"(?:{'|'.join(NAMES)})"))
    news = [t for t, _ in turns if in_love.search(t)]
    assert len(news) == 2
    assert all(wiped for _, wiped in turns)
    assert sum(p.line("laptop.nothing_new") in t for t, _ in turns) == 6


def test_a_night_choice_is_taken_back_before_it_is_confirmed(game: dict) -> None:
    p = game["pack"]
    chosen = game["seer_choice"]
    assert chosen is not None
    roles = "|".join(re.escape(p.role(r.value)) for r in Role)
    seen = re.findall(template(p, "private.seer_sees", name=r"(\w+)", role=f"(?:{roles})"), game["output"])
    assert seen and seen[0] == chosen


def test_menu_numbers_are_seat_numbers_in_every_question(game: dict) -> None:
    # Issue 11: the menu numbers changed from question to question.
    menus = [m for m in game["menus"] if set(m.values()) - {game["pack"].line("laptop.nobody")} <= set(NAMES)]
    assert len(menus) > 5 and any(len(m) < len(NAMES) for m in menus)
    for menu in menus:
        for number, name in menu.items():
            if number != "0":
                assert NAMES.index(name) + 1 == int(number), (number, name)


def test_a_wrong_number_is_refused_with_one_message_and_undo_reaches_the_moderator(game: dict) -> None:
    p = game["pack"]
    out = game["output"]
    assert game["bad_number_done"] and game["undo_done"]
    wrong = p.line("laptop.err_number", number=99, first=0, last=game["bad_number_menu"])
    assert out.count(wrong) == 1
    i = out.index(wrong)
    # one message, then the same question again
    assert out[i + len(wrong):].lstrip("\n").startswith(p.line("laptop.choose_one"))
    assert p.line("narration.undo_too_late") in out[i:] or p.line("narration.undone") in out[i:]


# -- the laptop's parts on a pipe --------------------------------------------------------
@pytest.fixture
def laptop() -> Iterator[tuple[LaptopSession, int, io.StringIO]]:
    from narrator.bot_table import TextSpeaker

    r, w = os.pipe()
    shown = io.StringIO()
    session = LaptopSession(voices.load("nl"), TextSpeaker(), Keyboard(r), Screen(shown))
    yield session, w, shown
    os.close(r)
    for fd in (w,):
        try:
            os.close(fd)
        except OSError:
            pass


def vote(timeout: float = 5.0, **kw) -> Question:
    return Question("pick", "vote", ("Anna",), ("Anna", "Bram", "Cees"), allow_none=kw.get("allow_none", True),
                    prompt="prompt.vote", params={"name": "Anna"}, timeout_s=timeout,
                    secret=kw.get("secret", False))


def test_a_time_out_returns_none_even_on_a_pipe(laptop) -> None:
    session, _w, shown = laptop
    assert LaptopInput(session).ask(vote(timeout=0.2)) is None
    assert session.pack.line("laptop.timeout") in shown.getvalue()


def test_a_secret_question_timed_out_is_wiped(laptop) -> None:
    session, w, shown = laptop
    os.write(w, b"\n")  # takes the laptop, then nobody answers
    assert LaptopInput(session).ask(vote(timeout=0.3, secret=True)) is None
    assert shown.getvalue().endswith(CLEAR)


def test_bad_answers_get_one_message_each_then_the_question_again(laptop) -> None:
    session, w, shown = laptop
    p = session.pack
    os.write(w, b"7\nXander\n\n1 2\n+\nbram\n")
    got = LaptopInput(session).ask(vote(allow_none=False))
    assert got == ("Bram",)
    text = shown.getvalue()
    for message in (p.line("laptop.err_number", number=7, first=1, last=3),
                    p.line("laptop.err_unknown", text="Xander"),
                    p.line("laptop.err_required"),
                    p.line("laptop.err_count", count=1),
                    p.line("laptop.louder")):
        assert text.count(message) == 1, message
    assert text.count(p.line("laptop.choose_one")) == 6


def test_day_keys_undo_and_pause(laptop) -> None:
    session, w, shown = laptop
    os.write(w, b"p\n\n0\n")
    assert LaptopInput(session).ask(vote()) == ()
    assert session.pack.line("laptop.paused") in shown.getvalue()
    os.write(w, b"u\n")
    assert LaptopInput(session).ask(vote()) == UNDO


def test_night_keys_neither_pause_nor_undo_a_call(laptop) -> None:
    session, w, shown = laptop
    p = session.pack
    os.write(w, b"\np\nu\nn\nr\n1\n\n")
    assert LaptopInput(session).ask(vote(secret=True)) == ("Anna",)
    text = shown.getvalue()
    for key in ("laptop.no_pause_secret", "laptop.no_undo_secret", "laptop.next_only_discussion"):
        assert text.count(p.line(key)) == 1, key
    assert text.endswith(CLEAR)


def test_the_witch_answers_yes_or_no_and_confirms(laptop) -> None:
    session, w, shown = laptop
    q = Question("yes_no", "witch", ("Bram",), secret=True, prompt="prompt.witch_save",
                 params={"name": "Anna"}, timeout_s=5.0)
    os.write(w, b"\nmisschien\nja\nu\nn\n\n")
    assert LaptopInput(session).ask(q) is False
    text = shown.getvalue()
    asked = text.index(session.pack.line("prompt.witch_save", name="Anna"))
    assert text.index(session.pack.line("laptop.pass_to_called")) < asked
    assert "Bram" not in text[:asked]  # the open screen names nobody
    assert text.count(session.pack.line("laptop.err_yes_no")) == 1
    assert text.endswith(CLEAR)


def test_a_private_line_is_handed_over_shown_and_wiped(laptop) -> None:
    session, w, shown = laptop
    os.write(w, b"\n\n")
    LaptopPrivate(session).show(("Cees",), "private.in_love", {"partner": "Anna"})
    text = shown.getvalue()
    assert text.index(session.pack.line("laptop.pass_to", names="Cees")) \
        < text.index(session.pack.line("private.in_love", partner="Anna"))
    assert text.endswith(CLEAR)


def test_discussion_keys_are_polled_without_waiting(laptop) -> None:
    session, w, shown = laptop
    controls = LaptopControls(session)
    assert controls.poll() == []
    os.write(w, b"r\n+\n-\np\n\nx\nn\n")
    assert controls.poll() == ["repeat", "louder", "softer", "pause", "resume", "next"]
    assert session.pack.line("laptop.unknown_key") in shown.getvalue()
    os.close(w)
    with pytest.raises(EOFError):
        controls.poll()


def test_the_deck_from_the_table_or_chosen_and_a_seeded_deal() -> None:
    pack = voices.load("nl")
    cards = deck(8, None)
    assert len(cards) == 8 and cards.count(Role.WEREWOLF) == 2 and Role.SEER in cards
    chosen = deck(8, parse_roles("heks, Jager", pack))
    assert Role.WITCH in chosen and Role.HUNTER in chosen and len(chosen) == 8
    assert deal(NAMES, cards, 42) == deal(NAMES, cards, 42)
    thief = deal(NAMES, deck(8, [Role.THIEF]), 1)
    assert len(thief.middle) == 2


def _play(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *PLAY, *args], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=60)


def test_set_up_mistakes_are_one_clear_message() -> None:
    p = voices.load("nl")
    few = _play("--names", "Anna,Bram,Cees")
    assert few.returncode == 2
    assert p.line("laptop.err_players", lo=8, hi=18, count=3) in few.stderr.decode()
    unknown = _play("--names", ",".join(NAMES), "--roles", "heks,toverfee")
    assert unknown.returncode == 2 and "toverfee" in unknown.stderr.decode()
    bad = _play("--names", ",".join(NAMES), "--roles", "werewolf,seer,villager")
    assert bad.returncode == 2
    assert head(p, "laptop.err_deck").replace("\\", "") in bad.stderr.decode()
    twice = _play("--names", "Anna,anna,Cees,Dirk,Eva,Fleur,Gijs,Hanna")
    assert twice.returncode == 2 and "anna" in twice.stderr.decode()
    for run in (few, unknown, bad, twice):
        assert b"Traceback" not in run.stderr


def test_end_of_input_stops_with_a_message_not_a_traceback() -> None:
    p = voices.load("nl")
    # names typed, then the input ends while the cards are being dealt
    typed = _play("--text-only", "--players", "8", stdin="\n".join(NAMES).encode() + b"\n\n\n")
    assert typed.returncode == 1
    assert p.line("laptop.eof") in typed.stdout.decode()
    assert b"Traceback" not in typed.stderr


@pytest.mark.parametrize("lang", voices.LANGUAGES)
def test_the_deal_from_a_file_in_every_language(lang: str) -> None:
    """Stdin need not be a terminal: the whole deal read from a file, every
    card on its own wiped screen, then the input ends at the first night."""
    p = voices.load(lang)
    dealt = _play("--text-only", "--lang", lang, "--names", ",".join(NAMES), "--seed", "2",
                  "--call-seconds", "0.2,0.3", stdin=b"\n" * 18)  # the deck seen, 8 cards shown and hidden, ready
    out = dealt.stdout.decode()
    assert dealt.returncode == 1
    assert b"Traceback" not in dealt.stderr
    card = re.compile(template(p, "private.your_role"))
    assert len(card.findall(out)) == 8
    dealing = [(text, wiped) for text, wiped in pieces(out) if card.search(text)]
    assert len(dealing) == 8
    for (text, wiped), name in zip(dealing, NAMES, strict=True):
        assert wiped and len(card.findall(text)) == 1
        assert p.line("laptop.pass_to", names=name) in text
    assert out.index(p.line("announce.night_falls")) < out.index(p.line("laptop.eof"))


def test_a_journalled_game_cut_short_can_go_on(tmp_path: Path) -> None:
    p = voices.load("nl")
    path = tmp_path / "cut.journal"
    cut = _play("--text-only", "--names", ",".join(NAMES), "--seed", "4", "--call-seconds", "0.2,0.3",
                "--journal", str(path), stdin=b"\n" * 18)  # the deck seen, 8 cards shown and hidden, ready
    assert cut.returncode == 1 and path.exists()
    go_on = subprocess.run(
        [sys.executable, "-c",
         "import sys; from narrator.journal import Journal; from narrator.session import rebuild; "
         "from narrator.laptop.game import resume_game; j, _ = Journal.open(sys.argv[1]); g, at = rebuild(j); "
         "sys.exit(resume_game(g, at, lang='nl', text_only=True, journal=j))", str(path)],
        input=b"", capture_output=True, cwd=ROOT, timeout=60)
    out = go_on.stdout.decode()
    assert go_on.returncode == 1, go_on.stderr.decode()
    assert p.line("narration.resume_night", n=1) in out
    assert p.line("laptop.eof") in out
    assert b"Traceback" not in go_on.stderr


def test_a_seat_number_that_is_no_choice_now_is_refused_as_such() -> None:
    from narrator.laptop.answers import Refused, parse_pick

    q = Question("pick", "vote", ("Anna",), ("Bram", "Eva", "Gijs"), prompt="prompt.vote")
    seats = [2, 5, 7]
    assert parse_pick("5", q, list(q.options), seats) == ("Eva",)
    with pytest.raises(Refused) as dead:
        parse_pick("3", q, list(q.options), seats)
    assert dead.value.key == "laptop.err_not_listed"
    with pytest.raises(Refused) as beyond:
        parse_pick("9", q, list(q.options), seats)
    assert (beyond.value.key, beyond.value.params) == ("laptop.err_number", {"number": 9, "first": 2, "last": 7})


def test_a_line_for_the_talking_wall_is_typed_in_private_and_wiped(laptop) -> None:
    """seed 000, De sprekende muur: "schrijft een korte zin ... op een briefje" —
    the laptop is handed to the writer, the line is confirmed, then wiped."""
    session, w, shown = laptop
    q = Question("text", "talking_wall", ("Bram",), secret=True, prompt="prompt.talking_wall",
                 params={"name": "Bram"}, timeout_s=5.0)
    os.write(w, b"\nIk vertrouw   Gijs niet\n\n")
    assert LaptopInput(session).ask(q) == ("Ik vertrouw Gijs niet",)
    text = shown.getvalue()
    assert session.pack.line("prompt.talking_wall", name="Bram") in text
    assert session.pack.line("laptop.write_line") in text
    assert text.endswith(CLEAR)
    os.write(w, b"\n\n\n")  # takes it, writes nothing, confirms: no note
    assert LaptopInput(session).ask(q) == ()


def test_the_black_deaths_declaration_is_typed_never_shown(laptop) -> None:
    """seed 000, De zwarte dood: the survivors "moeten concreet aangeven dat
    het hier om de variant 'de zwarte dood' gaat" — typed as words, while no
    menu lists it (that would tell the table what game this is)."""
    session, w, shown = laptop
    q = Question("pick", "plague_vote", ("Anna",), ("Anna", "Bram", "Cees"), allow_none=True,
                 prompt="prompt.vote", params={"name": "Anna"}, timeout_s=5.0, hidden=("black_death",))
    os.write(w, b"Zwarte  Dood\n")
    assert LaptopInput(session).ask(q) == ("black_death",)
    assert "zwarte dood" not in shown.getvalue().lower()
