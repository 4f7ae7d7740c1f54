"""De sprekende muur from the players' phones (the box kits' private way).

At the start of a wall game each player is given a code of their own in one
private round of fixed shape (the display or the console handed round, as the
kit shows private lines). At dusk the box opens the wall once for every
living player with one wait for all: each writes their line on the set-up
page (``/wall``) with their code, and may change it until the wall closes;
the wall closes when every living player has written, or the time is up.
The engine then takes the lines seat by seat at once, and reads them sorted
by their words (engine/variants/talking_wall.py).

What an attacker at the table gets (docs/variants.md):
- a code is 6 signs of 31 (about 30 bits, derived one-way from the deal's
  secret seed); wrong codes are limited per address and over the code space
  every seat's code lives in (:class:`Guesses`), so guessing one in a game
  is hopeless, and a guesser locks out nobody but himself;
- a code writes its own seat's line and nothing else; the page never shows a
  line, who wrote, who has not, or how many: every answer depends only on
  what the sender sent and on what the table knows (open, closed, alive);
- codes and lines never go to a log; a line goes to the 0600 journal before
  the phone is told it is on the wall, so a power cut loses nothing.
"""

from __future__ import annotations

import hmac
import ipaddress
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Iterable
from typing import Any

from engine.variants.talking_wall import MAX_CHARS, one_line
from narrator.seeds import derive
from ports import Answer, Input, Question

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a screen
CODE_LENGTH = 6
#: how long the wall stays open at dusk (the same for everyone)
WALL_SECONDS = 120.0
#: how long each player's code is shown in the round at the start
CODE_SHOWN_S = 10.0
#: wrong codes allowed in ``FAIL_WINDOW_S`` from one address; over the whole
#: code space, after which an address is heard only while it has been wrong
#: fewer than ``FAILS_UNDER_ATTACK`` times in the window: see :class:`Guesses`
FAILS_PER_ADDRESS = 5
FAILS_IN_ALL = 20
FAILS_UNDER_ATTACK = 2
FAIL_WINDOW_S = 60.0
#: an IPv6 phone may take any address of its /64 at will: that is one address here
IPV6_PREFIX = 64


def wall_codes(secret: int, players: Iterable[str]) -> dict[str, str]:
    """Each player's code, derived one-way from ``secret`` (the deal's seed:
    a resumed game gives the same codes); no two alike."""
    codes: dict[str, str] = {}
    for player in players:
        n = 0
        while (code := _code(derive(secret, f"wall:{player}:{n}"))) in codes.values():
            n += 1
        codes[player] = code
    return codes


def _code(number: int) -> str:
    signs = []
    for _ in range(CODE_LENGTH):
        number, i = divmod(number, len(ALPHABET))
        signs.append(ALPHABET[i])
    return "".join(signs)


def shown(code: str) -> str:
    """A code as the player reads it: ``KX4-7PM``."""
    return f"{code[:3]}-{code[3:]}"


def typed(text: str) -> str:
    """A code as typed: any case, spaces and dashes ignored."""
    return "".join(c for c in text.upper() if c.isalnum())


def address_key(host: str) -> str:
    """Who sent a code, as far as the network tells: the IPv4 address (an
    IPv4-mapped IPv6 one as IPv4), or an IPv6 address's /64."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip)


class Guesses:
    """The wrong codes of the last ``window`` seconds, and whether a code from
    an address is still checked.

    - Each address may be wrong ``per_address`` times a window: a phone that
      mistypes is heard again soon, one that guesses is slowed to a crawl.
    - The code space, where every seat's code lives, takes ``in_all`` wrong
      codes a window from everyone together. Past that a guesser is at work:
      an address is heard only while it has been wrong fewer than
      ``under_attack`` times in the window. So the guessers' codes are
      bounded by ``in_all`` plus ``under_attack`` for each address they hold,
      and a player who types her code right, even after one slip, is never
      turned away because someone else guessed (the lock-out of issue 29).
    """

    def __init__(self, *, per_address: int = FAILS_PER_ADDRESS, in_all: int = FAILS_IN_ALL,
                 under_attack: int = FAILS_UNDER_ATTACK, window: float = FAIL_WINDOW_S) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self.under_attack = under_attack
        self.window = window
        self._fails: deque[tuple[float, str]] = deque()
        self._by_address: dict[str, int] = {}

    def _forget(self, now: float) -> None:
        while self._fails and self._fails[0][0] <= now - self.window:
            _, key = self._fails.popleft()
            left = self._by_address[key] - 1
            if left:
                self._by_address[key] = left
            else:
                del self._by_address[key]

    def allowed(self, address: str, now: float) -> bool:
        """Is a code from ``address`` checked now?"""
        self._forget(now)
        mine = self._by_address.get(address_key(address), 0)
        if mine >= self.per_address:
            return False
        return mine < self.under_attack or len(self._fails) < self.in_all

    def failed(self, address: str, now: float) -> None:
        key = address_key(address)
        self._fails.append((now, key))
        self._by_address[key] = self._by_address.get(key, 0) + 1


class WallBoard:
    """The wall between the page (any thread) and the game (its own thread).

    Every answer to the page is a voices key (``web.wall.*``) and its params."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._cond = threading.Condition()
        self._clock = clock
        self._codes: dict[str, str] = {}
        self._journal: Any = None
        #: the dusk under way ("day 2"), the seats that may write, their lines
        self._dusk: str | None = None
        self._writers: tuple[str, ...] = ()
        self._lines: dict[str, str] = {}
        self._open = False
        self._closes_at = 0.0
        self._kept: dict[str, dict[str, str]] = {}
        self._closed_dusks: set[str] = set()
        self.guesses = Guesses()

    # -- the game's side --------------------------------------------------------
    def begin(self, codes: dict[str, str], journal: Any, records: Iterable[dict[str, Any]] = ()) -> None:
        """A new game (or a resumed one: ``records`` are its journal's, whose
        lines written at a dusk cut short count as written)."""
        with self._cond:
            self._codes, self._journal = dict(codes), journal
            self._dusk, self._writers, self._lines, self._open = None, (), {}, False
            self._kept, self._closed_dusks = {}, set()
            for r in records:
                dusk = str(r.get("dusk"))
                if r.get("type") == "wall" and isinstance(r.get("seat"), str) and isinstance(r.get("line"), str):
                    self._kept.setdefault(dusk, {})[r["seat"]] = r["line"]
                elif r.get("type") == "wall_closed":
                    self._closed_dusks.add(dusk)

    def end(self) -> None:
        with self._cond:
            self._codes, self._journal, self._open, self._writers = {}, None, False, ()

    def gather(self, dusk: str, writers: tuple[str, ...], seconds: float,
               on_open: Callable[[], None] = lambda: None) -> None:
        """Open the wall for ``writers`` and wait until each has written or
        ``seconds`` are up (a dusk already closed before a restart: no wait)."""
        with self._cond:
            self._dusk, self._writers = dusk, writers
            self._lines = dict(self._kept.get(dusk, {}))
            if dusk in self._closed_dusks:
                return
            self._open = True
        try:
            on_open()  # the box says it is open: the time counts from then
            with self._cond:
                self._closes_at = self._clock() + seconds
                while not all(w in self._lines for w in self._writers):
                    left = self._closes_at - self._clock()
                    if left <= 0:
                        break
                    self._cond.wait(min(left, 0.5))
                self._open = False
                if self._journal is not None:
                    self._journal.append({"type": "wall_closed", "dusk": dusk})
        finally:
            self._open = False  # the box stopped: no phone writes to a wall nobody reads

    def take(self, seat: str) -> Answer:
        """The seat's line once the wall is closed: ``(line,)``, or ``()``."""
        with self._cond:
            line = self._lines.pop(seat, "")
            return (line,) if line else ()

    @property
    def is_open(self) -> bool:
        return self._open

    @property
    def in_use(self) -> bool:
        """A game under way writes its wall on the phones (the table knows)."""
        return bool(self._codes)

    @property
    def dusk(self) -> str | None:
        """The dusk whose wall is open or was opened last ("day 2")."""
        return self._dusk

    # -- the page's side ----------------------------------------------------------
    def submit(self, code: str, line: str, address: str) -> tuple[str, dict[str, Any]]:
        """A phone's line: the key and params of the one line it is answered."""
        with self._cond:
            now = self._clock()
            if not self.guesses.allowed(address, now):
                return "web.wall.too_many", {"seconds": int(FAIL_WINDOW_S)}
            if not self._open:
                return "web.wall.closed", {}
            seat = self._seat_of(typed(code))
            if seat is None:
                self.guesses.failed(address, now)
                return "web.wall.bad_code", {}
            if seat not in self._writers:
                return "web.wall.not_living", {}
            text = one_line(line)
            if len(text) > MAX_CHARS:
                return "web.wall.too_long", {"most": MAX_CHARS, "count": len(text)}
            if self._journal is not None:
                # Durable before the phone hears it is on the wall.
                self._journal.append({"type": "wall", "dusk": self._dusk, "seat": seat, "line": text})
            self._kept.setdefault(str(self._dusk), {})[seat] = text
            self._lines[seat] = text
            self._cond.notify_all()
            return ("web.wall.taken" if text else "web.wall.taken_empty"), {}

    def _seat_of(self, code: str) -> str | None:
        """Every code compared, in constant time: how long it takes tells
        nothing of which seat (or whether any) a code belongs to."""
        found = None
        for seat, real in self._codes.items():
            if hmac.compare_digest(real.encode(), code.encode()):
                found = seat
        return found


class PhoneWall:
    """An ``Input`` in front of the kit's: the talking wall's questions go
    to the phones (one gathering a dusk), every other question to ``inner``.

    ``say`` speaks a line of the pack by key (the moderator's voice, so the
    table hears and the transcript keeps it)."""

    def __init__(self, inner: Input, board: WallBoard, *, dusk: Callable[[], str],
                 living: Callable[[], tuple[str, ...]], seconds: float = WALL_SECONDS,
                 phones: Collection[str] | None = None) -> None:
        self.inner = inner
        self.board = board
        self.dusk = dusk
        self.living = living
        self.seconds = seconds
        #: the seats that write from a phone (None: all); ``inner`` writes the
        #: others' lines (``serve --bots --human-seat``: the bots')
        self.phones = phones
        self.say: Callable[..., None] = lambda key, **params: None
        self._left: set[str] = set()

    def gathers(self, question: Question) -> bool:
        """The moderator calls nobody by name for a gathered question."""
        return question.ask == "talking_wall"

    def ask(self, question: Question) -> Answer:
        seat = question.seats[0] if question.seats else ""
        if not self.gathers(question) or (self.phones is not None and seat not in self.phones):
            return self.inner.ask(question)
        if seat not in self._left:  # the first of this dusk's questions
            living = self.living()
            writers = living[living.index(seat):] if seat in living else (seat,)
            if self.phones is not None:
                writers = tuple(w for w in writers if w in self.phones)
            self._left = set(writers)
            self.board.gather(self.dusk(), writers, self.seconds,
                              on_open=lambda: self.say("wall.open", seconds=round(self.seconds)))
            self.say("wall.closed")
        self._left.discard(seat)
        return self.board.take(seat)
