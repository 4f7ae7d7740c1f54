"""The page itself (Starlette): set-up before a game, the public view during
it, the story after it. Every text comes from ``voices/<lang>/web.yaml``.

Nothing the page receives can change a game under way but pause: every
other request gets a clear message and the game goes on untouched. Errors
are pages in the table's language, never a traceback.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import voices
from engine import BOARD, EDITIONS, FORUM
from engine.catalog import CARD_IDS, VARIANT_IDS
from engine.variants.talking_wall import MAX_CHARS
from hardware.tokens import Registry
from narrator.wall import FAIL_WINDOW_S, WallBoard
from web import choices
from web import forum as forum_page
from web.advice import Advice, Job, verdict
from web.guard import Guard, GuardMiddleware
from web.problems import Problem
from web.runner import Runner
from web.words import deck_words

HERE = Path(__file__).resolve().parent
WALL_TAKEN = frozenset({"web.wall.taken", "web.wall.taken_empty"})
#: the status of each of the wall's answers (what the sender sent decides it)
WALL_STATUS = {"web.wall.bad_code": 403, "web.wall.too_long": 400, "web.wall.closed": 409,
               "web.wall.not_living": 409, "web.wall.too_many": 429}
#: the largest form a phone sends (names, a few options): more is not a set-up
MAX_FORM_BYTES = 20_000
#: name fields a phone shows at first (the table's smallest game); more at a tap
MIN_SEATS_SHOWN = 8


def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                              autoescape=True, trim_blocks=True, lstrip_blocks=True)


class Page:
    """The app's state: the runner, the tokens, the box's language."""

    def __init__(self, runner: Runner, *, lang: str = voices.DEFAULT_LANGUAGE,
                 registry: Registry | None = None, address: str = "",
                 observe: Callable[[str, str], None] | None = None,
                 advice: Advice | None = None, wall: WallBoard | None = None,
                 guard: Guard | None = None) -> None:
        self.runner = runner
        #: who may do what (web/guard.py): other sites, set-ups not just seen, the table code
        self.guard = guard or Guard()
        #: the talking wall of the kit's game, written from the phones
        self.wall = wall or WallBoard()
        #: the balance advisor (web/advice.py): answers at once or in the background
        self.advice = advice or Advice()
        self.lang = lang
        self.registry = registry or Registry()
        self.address = address
        #: sees every body served while a game is under way (tests check them)
        self.observe = observe
        self.env = _environment()

    # -- helpers -----------------------------------------------------------------
    def page_lang(self, request: Request, form: Any = None) -> str:
        if self.runner.phase in ("running", "finished") and self.runner.choice is not None:
            return self.runner.choice.lang  # the game's language, to its end page
        for source in (form or {}, request.query_params):
            lang = source.get("lang")
            if lang in voices.LANGUAGES:
                return str(lang)
        return self.lang

    def render(self, name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
        pack = voices.load(lang)
        html = self.env.get_template(name).render(t=pack.line, pack=pack, lang=lang,
                                                  wall_link=self.wall.in_use,
                                                  seen_field=self.guard.seen_field, **context)
        if self.runner.phase == "running" and self.observe is not None:
            self.observe(name, html)
        return HTMLResponse(html, status_code=status)

    def message(self, request: Request, key: str, status: int, **params: Any) -> HTMLResponse:
        lang = self.page_lang(request)
        return self.render("message.html", lang, status, text=voices.load(lang).line(key, **params))

    # -- before a game -------------------------------------------------------------
    @property
    def phones(self) -> bool:
        """Whether the players may write the talking wall on their phones
        (a kit's game, or ``serve --bots --human-seat``): the page offers it."""
        return bool(getattr(self.runner.play, "phones", False))

    def setup_context(self, form: Any, lang: str, deck: list[str] | None = None,
                      fitted: tuple[str, ...] = (), problems: Any = ()) -> dict[str, Any]:
        pack = voices.load(lang)
        names = [str(form.get(f"name_{s}", "")).strip() for s in range(1, choices.MAX_SEATS + 1)]
        filled = sum(1 for n in names if n)
        last = max((s for s, n in enumerate(names, 1) if n), default=0)
        tokens = {s: self.registry.token_of(s) for s in range(1, choices.MAX_SEATS + 1)}
        playable_variants = choices.playable("variants", VARIANT_IDS) or ()
        edition = form.get("edition") if form.get("edition") in EDITIONS else BOARD
        return {
            "edition": edition, "editions": EDITIONS,
            **forum_page.context(form, pack, filled, problems),
            "form": form, "submitted": bool(form), "seats": range(1, choices.MAX_SEATS + 1),
            # the seats a phone shows at first: the table's smallest game, or one past the last name
            "shown": min(choices.MAX_SEATS, max(MIN_SEATS_SHOWN, last + 1)),
            "tokens": tokens, "any_tokens": any(tokens.values()),
            "specials": choices.specials(), "filled": filled,
            "deck_text": deck_words(pack, deck or choices.table_cards(
                filled, [r for r in form.getlist("special") if r in choices.specials()]) or ()),
            "fitted": pack.join([pack.line(f"web.variant.{v}") for v in fitted]),
            "options": choices.RULE_OPTIONS, "mayor_days": choices.MAYOR_DAYS,
            "variants": VARIANT_IDS, "cards": CARD_IDS,
            "playable_variants": playable_variants,
            "playable_cards": choices.playable("cards", CARD_IDS) or (),
            "variant_options": {v: choices.page_specs([v]) for v in playable_variants},
            "option_kind": choices.PAGE_OPTIONS, "days_text": choices.days_text,
            "phones": self.phones, "every": choices.EVERY,
            "languages": voices.LANGUAGES, "address": self.address,
            "previous": self.runner.previous(), "stories": self.shelved(5),
            "sections": _open_sections(form, problems),
        }

    def shelved(self, most: int | None = None) -> list[tuple[str, dict[str, Any]]]:
        """The stories kept, newest first (each as its file has it)."""
        shelf = self.runner.shelf
        found = []
        for story_id in shelf.ids():
            story = shelf.load(story_id)
            if story is not None:
                found.append((story_id, story))
            if most is not None and len(found) >= most:
                break
        return found

    async def index(self, request: Request) -> Response:
        runner = self.runner
        lang = self.page_lang(request)
        if runner.phase == "running":
            return self.render("game.html", lang, live=runner.public())
        if runner.phase == "finished":
            return self.render("finished.html", lang, story=runner.story_id, error=runner.error,
                               winner=runner.winner)
        previous = runner.previous()
        form = _previous_form(previous) if previous and "fresh" not in request.query_params else {}
        if form and request.query_params.get("lang") in voices.LANGUAGES:
            form["lang"] = request.query_params["lang"]
        elif form:  # the form as the last game had it, in its language
            lang = str(form["lang"])
        return self.render("setup.html", lang, problems=[], warnings=[],
                           **self.setup_context(_Form(form), lang))

    async def start(self, request: Request) -> Response:
        if self.runner.phase == "running":
            return self.message(request, "web.error.busy", 409)
        if self.runner.phase == "finished":  # the finished page's "new game" first
            return self.message(request, "web.guard.new_first", 409)
        form = await _read_form(request)
        if form is None:
            return self.message(request, "web.error.form", 400)
        lang = self.page_lang(request, form)
        action = form.get("action")
        if action == "lang" and not form.get("judged"):
            # another language before anything was checked: the same form said again, nothing judged
            return self.render("setup.html", lang, problems=[], warnings=[], focus="lang",
                               **self.setup_context(form, lang))
        advising = action == "advise"
        reading = choices.read(form, default_lang=lang, confirmed=advising)
        checking = action in ("check", "lang")  # (a form checked before is checked again in its new language)
        if reading.choice is None or checking or advising:
            problems = [p for p in reading.problems
                        if not (checking and p.key == "web.error.confirm_odd")]
            job = self.advice.ask(reading.choice) if advising and reading.choice is not None else None
            # the phone shows where to look: the first problem, else the deck or the advice
            deck = "forum-deck-line" if form.get("edition") == FORUM else "deck"
            focus = f"error-{problems[0].field}" if problems else ("advice" if job else deck)
            if action == "lang":
                focus = "lang"
            return self.render("setup.html", lang, 400 if problems else 200, problems=problems, judged=True,
                               warnings=reading.warnings, advice=job, advice_lines=advice_lines,
                               focus=focus, **self.setup_context(form, lang, reading.cards or None,
                                                                 reading.fitted, problems))
        if not self.guard.just_seen(form.get("seen")):  # shown again, for a person to start
            unseen = [Problem("web.guard.not_seen")]
            return self.render("setup.html", lang, 409, problems=unseen, warnings=reading.warnings,
                               **self.setup_context(form, lang, reading.cards or None, reading.fitted, unseen))
        problem = self.runner.submit(reading.choice)
        if problem is not None:
            return self.message(request, problem.key, 409)
        self.guard.game_started()
        self.advice.stop()
        return RedirectResponse("/", status_code=303)

    async def advice_of(self, request: Request) -> Response:
        """A job's progress or answer (the part of the page its script swaps in), or its picture."""
        job_id = str(request.path_params["job"])
        picture = job_id.endswith(".png")
        job = self.advice.job(job_id.removesuffix(".png"))
        if job is None:
            return self.message(request, "web.advice.unknown", 404)
        if picture:
            data = await run_in_threadpool(job.picture)  # matplotlib: not on the event loop
            if data is None:
                return self.message(request, "web.advice.unknown", 404)
            return Response(data, media_type="image/png")
        return self.render("advice.html", job.lang, advice=job, advice_lines=advice_lines)

    # -- during a game ---------------------------------------------------------------
    async def live(self, request: Request) -> Response:
        if self.runner.phase != "running":
            return HTMLResponse("", status_code=204)
        return self.render("live.html", self.page_lang(request), live=self.runner.public())

    async def state(self, request: Request) -> Response:
        state = self.runner.public()
        response = JSONResponse(state)
        if self.runner.phase == "running" and self.observe is not None:
            self.observe("state.json", bytes(response.body).decode())
        return response

    async def pause(self, request: Request) -> Response:
        if self.runner.pause() is None:
            return self.message(request, "web.error.no_game", 409)
        return RedirectResponse("/", status_code=303)

    async def new(self, request: Request) -> Response:
        if not self.runner.new_game():
            key = "web.error.busy" if self.runner.phase == "running" else "web.error.no_game"
            return self.message(request, key, 409)
        return RedirectResponse("/", status_code=303)

    async def refuse(self, request: Request) -> Response:
        """Any other change asked for: during a game it is a game's change."""
        key = "web.error.busy" if self.runner.phase == "running" else "web.error.not_found"
        return self.message(request, key, 409 if self.runner.phase == "running" else 404)

    # -- the talking wall (narrator/wall.py) ------------------------------------------
    async def wall_page(self, request: Request) -> Response:
        return self._wall(request, None)

    async def wall_write(self, request: Request) -> Response:
        form = await _read_form(request)
        if form is None:
            return self.message(request, "web.error.form", 400)
        client = request.client.host if request.client is not None else ""
        # in a worker thread: a line is written to the journal (fsync) first
        key, params = await run_in_threadpool(self.wall.submit, str(form.get("code", "")),
                                              str(form.get("line", "")), client)
        return self._wall(request, (key, params))

    def _wall(self, request: Request, said: tuple[str, dict[str, Any]] | None) -> Response:
        """The wall's one page: its form while open; an answer to what this
        phone sent, never a word of anyone else's line or whether they wrote."""
        lang = self.page_lang(request)
        answer, ok, status = "", False, 200
        if said is not None:
            key, params = said
            answer, ok = voices.load(lang).line(key, **params), key in WALL_TAKEN
            status = WALL_STATUS.get(key, 200)
        return self.render("wall_form.html", lang, status, answer=answer, ok=ok, open=self.wall.is_open,
                           most=MAX_CHARS)

    # -- after a game --------------------------------------------------------------------
    async def stories(self, request: Request) -> Response:
        return self.render("stories.html", self.page_lang(request), stories=self.shelved())

    async def story(self, request: Request) -> Response:
        story_id = request.path_params["story"]
        shelf = self.runner.shelf
        if story_id.endswith(".png"):
            data = shelf.picture(story_id.removesuffix(".png"))
            if data is None:
                return self.message(request, "web.error.not_found", 404)
            return Response(data, media_type="image/png")
        story = shelf.load(story_id)
        if story is None:
            return self.message(request, "web.error.not_found", 404)
        lang = story.get("lang", self.lang)
        return self.render("story.html", lang if lang in voices.LANGUAGES else self.lang,
                           story=story, story_id=story_id)

    def code_form(self, request: Request, answer: str, status: int) -> HTMLResponse:
        """The table code's page (web/guard.py): its form, and the answer to what was sent."""
        lang = self.page_lang(request)
        said = voices.load(lang).line(answer, seconds=int(FAIL_WINDOW_S)) if answer else ""
        return self.render("table_code.html", lang, status, answer=said)

    async def qr(self, request: Request) -> Response:
        import segno

        out = io.BytesIO()
        segno.make(self.address or str(request.base_url), error="m").save(out, kind="svg", scale=6)
        return Response(out.getvalue(), media_type="image/svg+xml")


def advice_lines(pack: voices.Pack, job: Job) -> dict[str, Any]:
    """The advisor's answer in the pack's words, as the command says it,
    and first of all plainly whether the deck is fair (``web.advice.verdict``)."""
    from narrator.balance import words
    from narrator.balance.cli import KNOWS, swap_line
    from narrator.balance.words import side_line

    e = job.estimate
    if e is None:
        return {}
    said = verdict(e.rates)
    forum = job.edition == FORUM  # (its bots' policies are the forum's own: not the board game's list)
    if forum:  # the sides as the forum names them: the good, the bad
        pack = pack.edition(FORUM)
    lines = {"even": pack.line("balance.even"),"sides": [side_line(pack, e.rates, s) for s in e.rates.sides()],
             "swaps": [swap_line(pack, s, r) for s, r in e.changes],
             "games": e.rates.games, "knows": () if forum else KNOWS,
             "verdict": pack.line(f"web.advice.verdict{'_forum' if forum else ''}.{said}",
                                  rate=words.pct(pack, e.rates.rate("village"))),
             "fair": said == "even", "better": ""}
    nearer = [(s, r) for s, r in e.changes if r.off_even < e.rates.off_even]
    if not lines["fair"] and nearer:
        lines["better"] = pack.line("web.advice.verdict.swap", swap=swap_line(pack, *nearer[0]))
    if not lines["fair"] and e.proposals:  # the forum: a deck of the same roles nearer to even
        best = e.proposals[0]
        lines["better"] = pack.line("web.advice.forum_better", deck=words.deck(pack, best.deck.cards),
                                    extra=", ".join(pack.role_bare(r.value) for r in best.deck.extras) or "-",
                                    rate=words.pct(pack, best.rates.rate("village")))
    return lines


#: the set-up's folded parts and the fields in each (a part with a problem is open)
SECTIONS = {"rules": ("mayor_election_day", *choices.RULE_OPTIONS),
            "timing": ("call_min", "call_max", "discussion"), "cards": ("cards",)}
TIMING_DEFAULTS = {"call_min": "15", "call_max": "22", "discussion": "180"}


def _open_sections(form: Any, problems: Any) -> set[str]:
    """The folded parts of the form shown open: what was changed from the
    defaults, or has a problem, is not hidden."""
    fields = {p.field for p in problems}
    found = {part for part, names in SECTIONS.items() if fields & set(names)}
    if any(form.get(o) for o in choices.RULE_OPTIONS) or form.get("mayor_election_day", "1") != "1":
        found.add("rules")
    if any(str(form.get(k, v)).strip() not in (v, "") for k, v in TIMING_DEFAULTS.items()):
        found.add("timing")
    if form.getlist("variant") or any(f.startswith(("variant", "vopt_")) for f in fields):
        found.add("variants")
    if form.getlist("card"):
        found.add("cards")
    return found


class _Form(dict[str, Any]):
    """A plain dict that answers ``getlist`` like a submitted form."""

    def getlist(self, name: str) -> list[Any]:
        value = self.get(name)
        return list(value) if isinstance(value, list | tuple) else ([] if value is None else [value])


def _previous_form(previous: choices.Choice) -> dict[str, Any]:
    form: dict[str, Any] = {f"name_{i}": n for i, n in enumerate(previous.names, 1)}
    form["lang"] = previous.lang
    form["edition"] = previous.edition
    if previous.edition == FORUM:  # its cards are not the board game's deck
        form.update(forum_page.previous_fields(previous))
    else:
        form["special"] = [c for c in previous.cards if c in choices.specials()]
        form["werewolves"] = str(previous.cards.count("werewolf"))
    for name in choices.RULE_OPTIONS:
        form[name] = "1" if previous.options.get(name) else ""
    day = previous.options.get("mayor_election_day", 1)
    form["mayor_election_day"] = "none" if day is None else str(day)
    form["call_min"], form["call_max"] = (f"{s:g}" for s in previous.call_seconds)
    form["discussion"] = f"{previous.discussion_seconds:g}"
    form["voice_votes"] = "1" if previous.voice_votes else ""
    form["variant"] = list(previous.variants)
    form["card"] = list(previous.event_cards)
    form["events_every"] = str(previous.events_every)
    form["wall_phones"] = "1" if previous.wall_phones else ""
    for name, value in previous.options.items():
        if name not in choices.RULE_OPTIONS and name != "mayor_election_day":
            if isinstance(value, bool):
                form[f"vopt_{name}"] = "1" if value else ""
            elif choices.PAGE_OPTIONS.get(name) == "days":
                form[f"vopt_{name}"] = choices.days_text(value)
            elif name in choices.PAGE_OPTIONS:
                form[f"vopt_{name}"] = str(value)
    return form


async def _read_form(request: Request) -> Any:
    """The posted form, or None when it is not one (too big, not a form)."""
    try:
        if int(request.headers.get("content-length") or 0) > MAX_FORM_BYTES:
            return None
        return await request.form(max_files=0, max_fields=200)
    except (HTTPException, ValueError, AssertionError, KeyError):
        return None


def create_app(page: Page) -> Starlette:
    async def not_found(request: Request, exc: Exception) -> Response:
        return page.message(request, "web.error.not_found", 404)

    async def failed(request: Request, exc: Exception) -> Response:
        import traceback

        traceback.print_exception(exc)  # the service's log has why; the phone gets one clear line
        return page.message(request, "web.error.server", 500)

    routes = [
        Route("/", page.index),
        Route("/start", page.start, methods=["POST"]),
        Route("/pause", page.pause, methods=["POST"]),
        Route("/new", page.new, methods=["POST"]),
        Route("/live", page.live),
        Route("/state.json", page.state),
        Route("/qr.svg", page.qr),
        Route("/advice/{job}", page.advice_of),
        Route("/stories", page.stories),
        Route("/stories/{story}", page.story),
        Route("/wall", page.wall_page),
        Route("/wall", page.wall_write, methods=["POST"]),
        Route("/{anything:path}", page.refuse, methods=["POST", "PUT", "PATCH", "DELETE"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    guarded = [Middleware(GuardMiddleware, guard=page.guard, refuse=page.message, code_form=page.code_form)]
    return Starlette(routes=routes, middleware=guarded,
                     exception_handlers={404: not_found, 405: not_found, 500: failed, Exception: failed})
