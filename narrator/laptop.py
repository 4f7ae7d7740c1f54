"""``wakkerdam play``: the laptop kit, a real group around one laptop and
nobody leading.

The laptop deals the cards by being passed round, then runs the game with the
:class:`~narrator.moderator.Moderator`. Night questions are answered at the
laptop by whoever was woken: the screen first says whom it is for, shows the
question only after that person pressed Enter, and is wiped after the answer
(and after every private line), so the next person sees nothing. Day questions
are typed openly. Every question has its time-out (the moderator's): the line
reader uses ``select()`` and never waits forever. The lovers and the charmed,
who are told while they sleep, read their news in a morning round in which
everybody takes the laptop (see :class:`LaptopSession`).

Keys at any prompt (each followed by Enter): ``u`` undo (day questions; a
night choice is taken back at its confirmation instead, see
:class:`LaptopInput`), ``r`` repeat the last line, ``p`` pause, ``+``/``-``
louder/softer, ``n`` ends the discussion (read by :class:`LaptopControls`).
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import config
import voices
from engine import Game, Role, Setup, SetupError, deal
from engine.deck import table_deck, validate_table_deck
from narrator.bot_table import TextSpeaker
from narrator.clock import RealClock
from narrator.laptop_io import Keyboard, Screen
from narrator.moderator import UNDO, Moderator, Timing
from ports import Answer, Question

#: the one-letter keys that are commands, never answers or names
KEYS = ("u", "r", "p", "n", "+", "-")
#: part of a night call kept free after its question, for the private result
#: that may follow (the seer's look, the thief's new card)
RESULT_RESERVE_S = 5.0
RESULT_RESERVE_SHARE = 0.25
#: how long a private line may stay up in the day before it hides itself
DAY_SHOW_SECONDS = 60.0
#: a --roles list with one of these is the whole deck, not characters to add
FULL_DECK_ROLES = frozenset({Role.WEREWOLF, Role.SEER, Role.VILLAGER})


class Refused(Exception):
    """An answer that cannot be taken: a pack key and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


# -- the laptop shared by the input, the private channel and the controls -------
class LaptopSession:
    """The laptop: its keyboard, its screen, who holds it now.

    The morning round: the lovers and the charmed are told while they sleep,
    and nobody can wake them at a laptop, so their lines are kept and, when
    day breaks, the laptop goes round the whole table: everybody takes it,
    sees their news or "nothing new", hides it. The round happens on every
    morning the deck could bring such news (cupid's first night, every night
    with the pied piper in the deck), news or not, so it gives nothing away.
    """

    def __init__(self, pack: voices.Pack, speaker: Any, keyboard: Keyboard, screen: Screen,
                 call_left: Callable[[], float | None] = lambda: None) -> None:
        self.pack = pack
        self.speaker = speaker
        self.keyboard = keyboard
        self.screen = screen
        #: seconds left of the night call under way, None outside calls
        self.call_left = call_left
        #: the game as it stands (set by run_laptop_game; None: no morning round)
        self.game: Callable[[], Game] | None = None
        #: who has the laptop for a secret step (None: it is on the table)
        self.holder: tuple[str, ...] | None = None
        self.last_line: str | None = None
        #: lines kept for the morning round, by player
        self.for_the_morning: dict[str, list[str]] = {}
        self._discussion = line_pattern(pack, "narration.discussion_start")
        self._day_breaks = pack.line("announce.day_breaks")

    def public(self, text: str) -> None:
        """A line for everybody (the moderator's on_line): the laptop is back
        on the table."""
        self.holder = None
        if text == self._day_breaks and self._round_due():
            self.morning_round()
        self.last_line = text
        self.screen.show(text)
        if self._discussion.fullmatch(text):
            self.screen.show(self.pack.line("laptop.discussion_keys"))

    def _round_due(self) -> bool:
        if self.game is None:
            return False
        s = self.game().state
        return Role.PIED_PIPER in s.deck or (Role.CUPID in s.deck and s.night == 1)

    def morning_round(self) -> None:
        """Every player in seat order takes the laptop and reads their news."""
        assert self.game is not None
        intro = self.pack.line("laptop.morning_round")
        self.screen.clear()
        self.screen.show(intro)
        self.speaker.say(intro)
        for name in self.game().setup.players:
            deadline = time.monotonic() + DAY_SHOW_SECONDS
            if self.hand_over((name,), deadline):
                # news not taken in time waits for the next round
                for line in self.for_the_morning.pop(name, None) or [self.pack.line("laptop.nothing_new")]:
                    self.screen.show(line)
                self.screen.ask(self.pack.line("laptop.hide"))
                self.wait_for_enter(deadline)
            self.screen.clear()
            self.holder = None

    def names(self, seats: Sequence[str]) -> str:
        return self.pack.join(list(seats))

    def hand_over(self, seats: tuple[str, ...], deadline: float | None) -> bool:
        """Make sure ``seats`` have the laptop before anything private shows.
        False when nobody took it in time."""
        if deadline is not None and deadline <= time.monotonic():
            return False  # the call is over: nobody is asked to come for nothing
        if self.holder != seats:
            self.screen.clear()
            self.screen.ask(self.pack.line("laptop.pass_to", names=self.names(seats)))
            while True:
                got = self.keyboard.readline(deadline)
                if got is None:
                    return False
                if not self.table_key(got):
                    break
            self.holder = seats
        self.screen.show(self.pack.line("laptop.only_for", names=self.names(seats)))
        return True

    def table_key(self, text: str) -> bool:
        """Repeat, louder, softer: act on them wherever they are typed."""
        key = text.strip().lower()
        if key == "r":
            if self.last_line:
                self.screen.show(self.pack.line("laptop.repeat", line=self.last_line))
            self.speaker.repeat_last()
        elif key == "+":
            self.speaker.louder()
            self.screen.show(self.pack.line("laptop.louder"))
        elif key == "-":
            self.speaker.softer()
            self.screen.show(self.pack.line("laptop.softer"))
        else:
            return False
        return True

    def wait_for_enter(self, deadline: float | None) -> None:
        """Until Enter (table keys still act) or the deadline."""
        while (got := self.keyboard.readline(deadline)) is not None:
            if not self.table_key(got):
                return


def line_pattern(pack: voices.Pack, key: str) -> re.Pattern[str]:
    """A pack line as a regex, any text in place of its ``{params}``."""
    parts = re.split(r"\{\w+\}", pack.lines[key])
    return re.compile(".+?".join(re.escape(part) for part in parts))


# -- answers ----------------------------------------------------------------------
def option_labels(question: Question, pack: voices.Pack) -> list[str]:
    """What the menu shows: names, or the thief's cards by their names."""
    if question.ask == "thief":
        return [pack.role_bare(o) for o in question.options]
    return list(question.options)


def parse_pick(text: str, question: Question, labels: Sequence[str]) -> tuple[str, ...]:
    """The options chosen by ``text`` (numbers from the menu, or names);
    raises :class:`Refused` with the reason."""
    options = question.options
    text = text.strip()
    if text in ("", "0"):
        if question.allow_none:
            return ()
        raise Refused("laptop.err_required")
    by_name = {o.lower(): o for o in options} | {lab.lower(): o for o, lab in zip(options, labels, strict=True)}
    if text.lower() in by_name:
        tokens = [text]
    else:
        tokens = [t for t in re.split(r"[,\s]+" if "," not in text else r"\s*,\s*", text) if t]
    first = 0 if question.allow_none else 1
    chosen: list[str] = []
    for token in tokens:
        if token.isdigit():
            n = int(token)
            if not 1 <= n <= len(options):
                raise Refused("laptop.err_number", number=n, first=first, last=len(options))
            chosen.append(options[n - 1])
        elif token.lower() in by_name:
            chosen.append(by_name[token.lower()])
        else:
            raise Refused("laptop.err_unknown", text=token)
    if len(set(chosen)) != len(chosen):
        raise Refused("laptop.err_twice")
    if question.exact and len(chosen) != question.count:
        raise Refused("laptop.err_count", count=question.count)
    if len(chosen) > question.count:
        raise Refused("laptop.err_too_many", count=question.count)
    return tuple(chosen)


def parse_yes_no(text: str, pack: voices.Pack) -> bool:
    word = text.strip().lower()
    if word in _words(pack.line("laptop.yes_words")):
        return True
    if word in _words(pack.line("laptop.no_words")):
        return False
    raise Refused("laptop.err_yes_no")


def _words(line: str) -> set[str]:
    return {w.strip().lower() for w in line.split(",") if w.strip()}


class _Redo(Exception):
    """The night player took the choice back at its confirmation."""


class LaptopInput:
    """``Input``: questions typed at the laptop.

    Secret (night) questions: "pass the laptop to ...", Enter, the question,
    the answer, a confirmation (Enter, or ``u`` to choose again: at night this
    is the undo, because taking back an earlier decision at the moderator's
    level would hand the laptop to someone else in front of whoever holds it),
    then the screen is wiped. A part of the call is kept back for a private
    result. Open (day) questions are answered in front of everyone; ``u``
    there returns :data:`~narrator.moderator.UNDO`.
    """

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def ask(self, question: Question) -> Answer:
        s = self.s
        start = time.monotonic()
        s.keyboard.discard_typeahead()
        if not question.secret:
            s.holder = None
            return self._answer(question, start + question.timeout_s)
        reserve = min(RESULT_RESERVE_S, question.timeout_s * RESULT_RESERVE_SHARE)
        deadline = start + max(0.0, question.timeout_s - reserve)
        try:
            if not s.hand_over(question.seats, deadline):
                return None
            return self._answer(question, deadline)
        finally:
            s.screen.clear()

    # -- inside ----------------------------------------------------------------
    def _answer(self, q: Question, deadline: float) -> Answer:
        s = self.s
        labels = option_labels(q, s.pack)
        while True:
            self._show(q, labels)
            try:
                return self._read(q, labels, deadline)
            except _Redo:
                continue
            except _Paused as paused:
                deadline += paused.seconds

    def _show(self, q: Question, labels: list[str]) -> None:
        s, pack = self.s, self.s.pack
        if q.prompt and q.secret:
            # Open questions are put aloud by the moderator (its ask line is
            # on the screen already); secret ones only here.
            s.screen.show(pack.line(q.prompt, **q.params))
        if q.kind == "pick":
            for i, label in enumerate(labels, 1):
                s.screen.show(f"  {i:2}  {label}")
            if q.allow_none:
                none = pack.line("laptop.keep_card") if q.ask == "thief" else pack.line("laptop.nobody")
                s.screen.show(f"  {0:2}  {none}")
        self._prompt(q)

    def _prompt(self, q: Question) -> None:
        pack = self.s.pack
        if q.kind == "yes_no":
            self.s.screen.ask(pack.line("laptop.yes_no"))
        elif q.count == 1:
            self.s.screen.ask(pack.line("laptop.choose_one"))
        elif q.exact:
            self.s.screen.ask(pack.line("laptop.choose_many", count=q.count))
        else:
            self.s.screen.ask(pack.line("laptop.choose_up_to", count=q.count))

    def _read(self, q: Question, labels: list[str], deadline: float) -> Answer:
        s, pack = self.s, self.s.pack
        while True:
            text = s.keyboard.readline(deadline)
            if text is None:
                s.screen.show("")
                s.screen.show(pack.line("laptop.timeout"))
                return None
            key = text.strip().lower()
            if key == "u":
                if not q.secret:
                    return UNDO  # type: ignore[return-value]  # the moderator's sentinel rides as an answer
                s.screen.show(pack.line("laptop.no_undo_secret"))
            elif key == "p":
                if q.secret:
                    s.screen.show(pack.line("laptop.no_pause_secret"))
                else:
                    raise _Paused(self._pause())
            elif s.table_key(key):
                pass
            elif key == "n" and q.kind == "pick":
                s.screen.show(pack.line("laptop.next_only_discussion"))
            else:
                try:
                    answer: Answer = (parse_yes_no(text, pack) if q.kind == "yes_no"
                                      else parse_pick(text, q, labels))
                except Refused as no:
                    s.screen.show(pack.line(no.key, **no.params))
                else:
                    if q.secret:
                        self._confirm(q, answer, labels, deadline)
                    return answer
            self._prompt(q)

    def _confirm(self, q: Question, answer: Answer, labels: list[str], deadline: float) -> None:
        """Enter keeps the choice (so does the time-out: it was made); ``u``
        raises _Redo."""
        s, pack = self.s, self.s.pack
        s.screen.ask(pack.line("laptop.confirm", choice=self._describe(q, answer, labels)))
        while (text := s.keyboard.readline(deadline)) is not None:
            key = text.strip().lower()
            if key == "":
                return
            if key == "u":
                s.screen.show("")
                raise _Redo
            if not s.table_key(key):
                s.screen.show(pack.line("laptop.err_confirm"))
            s.screen.ask(pack.line("laptop.confirm", choice=self._describe(q, answer, labels)))

    def _describe(self, q: Question, answer: Answer, labels: list[str]) -> str:
        pack = self.s.pack
        if isinstance(answer, bool):
            return pack.line("laptop.yes") if answer else pack.line("laptop.no")
        if not answer:
            return pack.line("laptop.keep_card") if q.ask == "thief" else pack.line("laptop.nobody")
        label = dict(zip(q.options, labels, strict=True))
        return pack.join([label[a] for a in answer])

    def _pause(self) -> float:
        """Pause until Enter; the seconds paused (the time-out waits too)."""
        s = self.s
        began = time.monotonic()
        pause, resume = getattr(s.speaker, "pause", None), getattr(s.speaker, "resume", None)
        if pause is not None:
            pause()
        s.screen.ask(s.pack.line("laptop.paused"))
        try:
            s.keyboard.readline(None)
        finally:
            if resume is not None:
                resume()
        return time.monotonic() - began


class _Paused(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class LaptopPrivate:
    """``PrivateChannel``: "pass the laptop to ...", Enter, the line, Enter,
    wiped. At night it lasts at most what is left of the call (a call must not
    grow because someone read something); in the day at most a minute. Lines
    for sleepers wait for the morning round (:class:`LaptopSession`)."""

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def show(self, seats: tuple[str, ...], key: str, params: dict[str, Any], *,
             sleeper: bool = False) -> None:
        s = self.s
        if sleeper and s.game is not None:
            # A box taps sleepers awake; a laptop cannot, so their news waits
            # for the morning round.
            for seat in seats:
                s.for_the_morning.setdefault(seat, []).append(s.pack.line(key, **params))
            return
        left = s.call_left()
        deadline = time.monotonic() + (DAY_SHOW_SECONDS if left is None else left)
        try:
            if not s.hand_over(seats, deadline):
                return
            s.screen.show(s.pack.line(key, **params))
            s.screen.ask(s.pack.line("laptop.hide"))
            s.wait_for_enter(deadline)
        finally:
            s.screen.clear()
            if left is None:
                s.holder = None


class LaptopControls:
    """``Controls``: keys typed during the discussion (never waits)."""

    COMMANDS = {"n": "next", "r": "repeat", "p": "pause", "": "resume", "+": "louder", "-": "softer"}

    def __init__(self, session: LaptopSession) -> None:
        self.s = session

    def poll(self) -> list[str]:
        out = []
        for line in self.s.keyboard.pending():
            key = line.strip().lower()
            command = self.COMMANDS.get(key)
            if command is None:
                self.s.screen.show(self.s.pack.line("laptop.unknown_key"))
                continue
            if command == "repeat" and self.s.last_line:
                self.s.screen.show(self.s.pack.line("laptop.repeat", line=self.s.last_line))
            out.append(command)
        return out


# -- set-up ---------------------------------------------------------------------------
def player_range() -> tuple[int, int]:
    rows = config.deck_table()
    return min(r.players for r in rows), max(r.players for r in rows)


def check_name(name: str, taken: Sequence[str]) -> str:
    """A player's name as entered; raises Refused."""
    name = " ".join(name.split())
    if not name:
        raise Refused("laptop.err_name_empty")
    if name.isdigit() or name.lower() in KEYS:
        raise Refused("laptop.err_name_reserved", name=name)
    if name.lower() in (t.lower() for t in taken):
        raise Refused("laptop.err_name_twice", name=name)
    return name


def names_from_arg(arg: str) -> list[str]:
    names: list[str] = []
    for raw in arg.split(","):
        names.append(check_name(raw, names))
    lo, hi = player_range()
    if not lo <= len(names) <= hi:
        raise Refused("laptop.err_players", lo=lo, hi=hi, count=len(names))
    return names


def ask_names(session: LaptopSession, count: int | None) -> list[str]:
    """Names typed in seat order: ``count`` of them, or until an empty line."""
    s, pack = session, session.pack
    lo, hi = player_range()
    names: list[str] = []
    while len(names) < (count or hi):
        n = len(names) + 1
        s.screen.ask(pack.line("laptop.ask_name_of", n=n, count=count) if count
                     else pack.line("laptop.ask_name", n=n))
        text = s.keyboard.readline(None)
        assert text is not None
        if not text.strip() and count is None:
            if len(names) >= lo:
                break
            s.screen.show(pack.line("laptop.err_players", lo=lo, hi=hi, count=len(names)))
            continue
        try:
            names.append(check_name(text, names))
        except Refused as no:
            s.screen.show(pack.line(no.key, **no.params))
    return names


def parse_roles(arg: str, pack: voices.Pack) -> list[Role]:
    """Role ids or their names in the pack's language, comma-separated."""
    known: dict[str, Role] = {}
    for role in Role:
        known[role.value] = role
        known[pack.role_bare(role.value).lower()] = role
    roles = []
    for raw in arg.split(","):
        word = raw.strip().lower()
        if not word:
            continue
        if word not in known:
            raise Refused("laptop.err_role", role=raw.strip(),
                          known=", ".join(pack.role_bare(r.value) for r in Role))
        roles.append(known[word])
    return roles


def deck(players: int, roles: Sequence[Role] | None) -> list[Role]:
    """The cards: the table's (seed 001) with the standard characters in place
    of villagers; or the characters given in place of villagers; or, when the
    list has werewolves, seers or villagers in it, exactly those cards."""
    table = config.deck_table()
    try:
        if roles is None:
            return config.demo_deck(players, config.standard_specials())
        if FULL_DECK_ROLES & set(roles):
            cards = list(roles)
            validate_table_deck(cards, players, table)
            return cards
        return table_deck(players, table, roles)
    except SetupError as exc:
        raise Refused("laptop.err_deck", reason=str(exc)) from None


def describe_deck(cards: Sequence[Role], pack: voices.Pack) -> str:
    counts = Counter(cards)
    parts = []
    for role in Role:
        if counts[role] == 1:
            parts.append(pack.role_bare(role.value))
        elif counts[role] > 1:
            parts.append(pack.line("laptop.card_count", count=counts[role], role=pack.role_bare(role.value)))
    return pack.join(parts)


def hand_out_cards(session: LaptopSession, setup: Setup) -> None:
    """Each player in seat order takes the laptop, sees their card, hides it."""
    s, pack = session, session.pack
    s.screen.show(pack.line("laptop.deal_start"))
    for name in setup.players:
        s.hand_over((name,), None)
        s.screen.show(pack.line("private.your_role", role=pack.role(setup.roles[name].value)))
        s.screen.ask(pack.line("laptop.hide"))
        s.wait_for_enter(None)
        s.screen.clear()
        s.holder = None


# -- the command ----------------------------------------------------------------------
def _call_seconds(text: str) -> tuple[float, float]:
    try:
        lo, hi = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected LO,HI in seconds, e.g. 20,30") from None
    if not 0 < lo <= hi:
        raise argparse.ArgumentTypeError("expected 0 < LO <= HI")
    return lo, hi


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("seconds cannot be negative")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wakkerdam play",
                                description="A real game around one laptop: it deals, narrates and asks.")
    p.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    who = p.add_mutually_exclusive_group()
    who.add_argument("--names", help="the players in seat order, comma-separated")
    who.add_argument("--players", type=int, help="how many players (their names are asked)")
    p.add_argument("--roles", help="characters in place of villagers (ids or names, comma-separated), "
                                   "or every card when the list has werewolves/seer/villagers")
    p.add_argument("--seed", type=int, help="the shuffle (default: random)")
    sound = p.add_mutually_exclusive_group()
    sound.add_argument("--wav", help="also record everything the narrator says into this WAV file")
    sound.add_argument("--text-only", action="store_true", help="no speech: lines on the screen only")
    p.add_argument("--no-cues", action="store_true", help="no sound cues")
    p.add_argument("--discussion", type=_seconds, default=180.0,
                   help="seconds of discussion before each vote (0: none; default 180)")
    p.add_argument("--call-seconds", type=_call_seconds, default=(20.0, 30.0), metavar="LO,HI",
                   help="every night call lasts a time drawn from LO..HI seconds (default 20,30)")
    p.add_argument("--answer-seconds", type=_seconds, default=60.0,
                   help="time for a day question before its default applies (default 60)")
    p.add_argument("--journal", help="write the game to this journal (to go on after a restart)")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    pack = voices.load(args.lang)
    screen = Screen()

    def fail(no: Refused) -> int:
        print(f"wakkerdam play: {pack.line(no.key, **no.params)}", file=sys.stderr)
        return 2

    if args.players is not None:
        lo, hi = player_range()
        if not lo <= args.players <= hi:
            return fail(Refused("laptop.err_players", lo=lo, hi=hi, count=args.players))
    try:
        names = names_from_arg(args.names) if args.names else None
        roles = parse_roles(args.roles, pack) if args.roles else None
        if names is not None or args.players is not None:
            deck(len(names) if names else args.players, roles)  # a bad deck fails before anyone types
    except Refused as no:
        return fail(no)

    session = LaptopSession(pack, TextSpeaker(), Keyboard(), screen)
    journal = None
    try:
        screen.show(pack.line("laptop.title"))
        if names is None:
            names = ask_names(session, args.players)
        try:
            cards = deck(len(names), roles)
        except Refused as no:
            return fail(no)
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        setup = deal(names, cards, seed)
        if args.journal:
            from narrator.journal import JournalError
            from narrator.session import new_journal

            try:
                journal = new_journal(args.journal, setup, mode="play", lang=args.lang,
                                      text_only=args.text_only, kit="laptop")
            except JournalError as exc:
                print(f"wakkerdam play: {exc}", file=sys.stderr)
                return 2
        screen.show(pack.line("laptop.deck", cards=describe_deck(cards, pack)))
        hand_out_cards(session, setup)
        screen.show(pack.line("laptop.keys_help"))
        screen.ask(pack.line("laptop.ready"))
        session.wait_for_enter(None)
        game = run_laptop_game(session, Game(setup), timing_from(args), text_only=args.text_only,
                               wav=args.wav, cues=not args.no_cues, journal=journal)
    except EOFError:
        return _cut_short(screen, pack, "laptop.eof", 1)
    except KeyboardInterrupt:
        return _cut_short(screen, pack, "laptop.stopped", 130)
    finally:
        if journal is not None:
            journal.close()
    show_all_cards(session, game)
    return 0


def timing_from(args: argparse.Namespace) -> Timing:
    discussion = args.discussion
    return Timing(call_seconds=args.call_seconds, discussion=discussion > 0,
                  discussion_seconds=discussion, discussion_warning=min(20.0, discussion / 4),
                  answer_seconds=args.answer_seconds)


def run_laptop_game(session: LaptopSession, game: Game, timing: Timing, *, text_only: bool,
                    wav: str | None = None, cues: bool = True, journal: Any = None,
                    start_at: int = 0, resumed: bool = False) -> Game:
    """Run ``game`` with the moderator, the laptop as its table; with a
    journal, every decision is written before its effect (``start_at`` and
    ``resumed`` go on with a game rebuilt from its journal)."""
    pack = session.pack
    if not text_only:
        from narrator.voice import make_speaker

        session.speaker = make_speaker(pack, wav_path=wav, cues=cues, echo=False)
    speaker = session.speaker
    setup = game.setup
    moderator = Moderator(
        game, pack, speaker, LaptopInput(session), LaptopPrivate(session), RealClock(),
        narration_seed=setup.seed, timing=timing, controls=LaptopControls(session), journal=journal,
        on_line=session.public, realtime=not text_only, start_at=start_at,
    )
    session.call_left = lambda: call_left(moderator)
    session.game = lambda: moderator.game
    try:
        if resumed:
            moderator.resume_notice()
        else:
            welcome = pack.line("narration.welcome", count=len(setup.players))
            session.public(welcome)
            speaker.say(welcome)
        game = moderator.run()
        if journal is not None:
            from narrator.replay import summary

            journal.mark_finished(summary(game, pack.lang))
        return game
    finally:
        speaker.close()


def _cut_short(screen: Screen, pack: voices.Pack, key: str, code: int) -> int:
    """End on a fresh line with the pack's word for why (Ctrl-D or Ctrl-C)."""
    screen.show("")
    screen.show(pack.line(key))
    return code


def resume_game(game: Game, start_at: int, *, lang: str, text_only: bool, journal: Any = None,
                wav: str | None = None, timing: Timing | None = None) -> int:
    """Go on with a laptop game rebuilt from its journal (for ``wakkerdam
    resume`` when the journal's mode is "play"). Returns the exit code."""
    pack = voices.load(lang)
    screen = Screen()
    session = LaptopSession(pack, TextSpeaker(), Keyboard(), screen)
    try:
        game = run_laptop_game(session, game, timing or timing_from(parser().parse_args([])),
                               text_only=text_only, wav=wav, journal=journal, start_at=start_at,
                               resumed=True)
    except EOFError:
        return _cut_short(screen, pack, "laptop.eof", 1)
    except KeyboardInterrupt:
        return _cut_short(screen, pack, "laptop.stopped", 130)
    show_all_cards(session, game)
    return 0


def show_all_cards(session: LaptopSession, game: Game) -> None:
    """The game is over: every card is turned over (the rules make them public)."""
    pack = session.pack
    session.screen.show(pack.line("laptop.cards_header"))
    for name in game.setup.players:
        session.screen.show(pack.line("laptop.card_line", name=name,
                                      role=pack.role_bare(game.state.role[name].value)))


def call_left(moderator: Moderator) -> float | None:
    """Seconds left of the night call under way, None outside a call.

    Uses ``Moderator.call_left()`` where it exists; until then it reads the
    moderator's call state (asked of the lead)."""
    public = getattr(moderator, "call_left", None)
    if public is not None:
        left: float | None = public()
        return left
    if getattr(moderator, "_call", None) is None:
        return None
    return float(moderator._remaining())
