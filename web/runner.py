"""One game at a time: waits for a set-up (the page, or the previous one by
the console's button), plays it through the real moderator, keeps its story.

The page's requests come from the web server's threads; the game runs in the
runner's own thread. ``submit`` is the only way in, and it refuses a second
game while one is under way: once a game starts nothing but pause changes it.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import voices
from engine import Game, Setup, deal, events_data
from narrator.moderator import Moderator
from narrator.seeds import Seeds
from web.choices import Choice, Problem
from web.public import public_state, starting_state
from web.story import Shelf, build
from web.timeline import picture

#: how long a paused poll rests (the moderator polls in a loop while paused)
PAUSED_POLL_S = 0.05


class Play(Protocol):
    """How a set-up is played: a kit on the box, or bots."""

    def play(self, choice: Choice, setup: Setup, controls: PageControls,
             watch: Callable[[Moderator], None], *, seeds: Seeds | None = None) -> Game: ...


class PageControls:
    """The page's one control, pause, given to the moderator as controls (with
    the kit's own, when there are any). One command per poll: the moderator
    waits for the next after a pause."""

    def __init__(self, inner: Any = None) -> None:
        self.inner = inner
        self.paused = False
        self._queue: queue.SimpleQueue[str] = queue.SimpleQueue()

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        self._queue.put("pause" if self.paused else "resume")
        return self.paused

    def poll(self) -> list[str]:
        commands = list(self.inner.poll()) if self.inner is not None else []
        try:
            commands.append(self._queue.get_nowait())
        except queue.Empty:
            if self.paused and not commands:
                time.sleep(PAUSED_POLL_S)
        if "pause" in commands and self.inner is not None and not self.paused:
            self.paused = True  # paused on the console: the page shows it
        return commands


class Runner:
    def __init__(self, play: Play, shelf: Shelf, *, state_dir: Path | None = None,
                 deal_seed: Callable[[], int] | None = None) -> None:
        """``deal_seed`` (tests): derive the game's seeds from it; by default
        every seed comes from the OS's cryptographic source (a real game)."""
        self.play = play
        self.shelf = shelf
        self.state_dir = state_dir or shelf.folder.parent
        self.deal_seed = deal_seed
        self.phase = "setup"  # setup -> running -> finished -> setup ...
        self.moderator: Moderator | None = None
        self.controls: PageControls | None = None
        self.choice: Choice | None = None
        self.story_id: str | None = None
        self.error: str | None = None
        #: who won the game that finished last, in its language's words
        self.winner: str | None = None
        self._lock = threading.Lock()
        self._next: queue.SimpleQueue[Choice] = queue.SimpleQueue()

    # -- from the page --------------------------------------------------------
    def submit(self, choice: Choice) -> Problem | None:
        """Queue a game; refused while one is under way."""
        with self._lock:
            if self.phase == "running":
                return Problem("web.error.busy")
            self.phase, self.choice, self.moderator, self.story_id, self.error, self.winner = (
                "running", choice, None, None, None, None)
            self.controls = None
        self._remember(choice)
        self._next.put(choice)
        return None

    def pause(self) -> bool | None:
        """Pause or go on; None when no game is under way."""
        controls = self.controls
        if self.phase != "running" or controls is None:
            return None
        return controls.toggle_pause()

    def new_game(self) -> bool:
        with self._lock:
            if self.phase != "finished":
                return False
            self.phase = "setup"
            return True

    def public(self) -> dict[str, Any]:
        m, choice = self.moderator, self.choice
        if self.phase == "running" and (m is None or choice is None):
            return starting_state(paused=bool(self.controls and self.controls.paused))
        if self.phase != "running" or m is None or choice is None:
            return {"state": self.phase, "story": self.story_id, "error": self.error,
                    "winner": self.winner}
        state = public_state(m, voices.load(choice.lang).edition(choice.edition),
                             paused=bool(self.controls and self.controls.paused))
        state["state"] = "running"
        return state

    # -- the previous set-up (the console's button) ----------------------------
    @property
    def _last_path(self) -> Path:
        return self.state_dir / "last-setup.json"

    def _remember(self, choice: Choice) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._last_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(choice.to_dict(), f, ensure_ascii=False)

    def previous(self) -> Choice | None:
        try:
            return Choice.from_dict(json.loads(self._last_path.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return None

    # -- the game's thread ------------------------------------------------------
    def wait(self, timeout: float) -> Choice | None:
        try:
            return self._next.get(timeout=timeout)
        except queue.Empty:
            return None

    def run(self, choice: Choice) -> str | None:
        """Deal and play one game; returns its story's id."""
        controls = PageControls()
        self.controls = controls
        seeds = Seeds.secret() if self.deal_seed is None else Seeds.derived(self.deal_seed())
        setup = deal_choice(choice, seeds)
        started = time.time()

        def watch(moderator: Moderator) -> None:
            self.moderator = moderator

        try:
            game = self.play.play(choice, setup, controls, watch, seeds=seeds)
        except Exception:  # the page says the game stopped; the service's log has why
            traceback.print_exc()
            pack = voices.load(choice.lang)
            with self._lock:
                self.phase, self.error = "finished", pack.line("web.error.stopped")
            return None
        return self.finish(game, choice, started)

    def finish(self, game: Game, choice: Choice, started: float) -> str | None:
        story_id = winner = None
        if game.over:
            pack = voices.load(choice.lang).for_setup(game.setup)
            story = build(game, pack, started=started, settings=choice.to_dict())
            story_id = self.shelf.keep(story, picture(story, title=pack.line("web.story.title")))
            winner = story["winner"] or None
        with self._lock:
            self.phase, self.story_id, self.moderator, self.winner = "finished", story_id, None, winner
        return story_id

    def loop(self, stop: threading.Event) -> None:
        """Play every set-up that comes, until ``stop``."""
        while not stop.is_set():
            choice = self.wait(0.2)
            if choice is not None:
                self.run(choice)


def deal_choice(choice: Choice, seeds: Seeds) -> Setup:
    """The game of ``choice``, dealt with the game's seeds (its edition's deal)."""
    from engine import FORUM, Role

    if choice.edition == FORUM:
        from web.forum import deal as deal_forum

        return deal_forum(choice, seeds.deal, seeds.game)
    return deal(choice.names, [Role(c) for c in choice.cards], seeds.deal, seed=seeds.game,
                options=choice.engine_options(), variants=choice.variants,
                variant_data=events_data(choice.event_deck(seeds.game)))
