"""Who may do what on the page (issue 29; docs/security.md).

The page has no accounts: whoever is on the box's network reaches it. What
keeps everybody else out:

- **Other sites.** A page a player's phone opens elsewhere must not be able
  to make that phone start or pause a game here. Every request that changes
  something (anything but GET and HEAD) is refused when the browser says it
  comes from another site (``Sec-Fetch-Site``), or from another origin
  (``Origin``, else ``Referer``). A browser always sends one of them with a
  cross-site form or script; a request with none of them comes from a
  program on the network, which the table code (below) is for.
- **Other names.** Every request must name the box by an address (``Host``):
  an IP literal, ``localhost``, or the box's own host name. A page from
  another site whose name was turned to the box's address (DNS rebinding)
  therefore never reads a story or starts a game.
- **A set-up a person just saw.** The set-up form carries a token of the
  page that showed it (:meth:`Guard.seen_field`); a game starts only with a
  token issued since the last game began, used once and no older than
  ``SEEN_SECONDS``; else the set-up is shown again, to be checked and
  started by a person. After a game the page's *new game* comes first.
- **The table code** (``serve --table-code``), where a group wants the page
  for itself: every page but the talking wall's asks for it once, and a
  phone that knows it carries a cookie (HttpOnly, SameSite=Strict) for the
  rest of the box's run. Wrong codes are limited per address as the wall's
  are (:class:`narrator.wall.Guesses`): a guesser locks out only himself.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from narrator.wall import Guesses, typed

#: a set-up page's token is good for this long (a group may take its time)
SEEN_SECONDS = 3 * 3600.0
#: tokens kept at once (older ones are dropped first)
SEEN_KEPT = 64
#: what a browser may send from the box's own page
SAME_SITE = frozenset({"same-origin", "none"})
SAFE_METHODS = frozenset({"GET", "HEAD"})
#: paths open without the table code: the wall has a code of its own per seat
OPEN_PATHS = ("/wall", "/static/", "/table-code")
COOKIE = "wakkerdam_table"
#: a table code is at least this long (signs that count: letters and digits)
CODE_MIN = 4
#: the environment's table code for the service (docs/pi.md: /etc/default/wakkerdam)
CODE_ENV = "WAKKERDAM_TABLE_CODE"

#: renders a refusal: (request, key of web.guard.*, status) -> the page
Refusal = Callable[[Request, str, int], Response]
#: renders the table code's form: (request, answer key or "", status) -> the page
CodeForm = Callable[[Request, str, int], Response]


#: more names the page answers to, comma-separated (a home router's name for the box)
NAMES_ENV = "WAKKERDAM_PAGE_NAMES"


def own_names() -> frozenset[str]:
    """The names the box answers to besides its addresses: ``localhost``,
    its host name, that name on the local network (``.local``), and those
    ``WAKKERDAM_PAGE_NAMES`` adds."""
    name = socket.gethostname().lower()
    more = {n.strip().lower() for n in os.environ.get(NAMES_ENV, "").split(",") if n.strip()}
    return frozenset({"localhost", name, f"{name}.local", *more})


class Guard:
    def __init__(self, *, table_code: str | None = None, names: frozenset[str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if table_code is not None and len(typed(table_code)) < CODE_MIN:
            raise ValueError(f"a table code has at least {CODE_MIN} letters or digits")
        self.table_code = typed(table_code) if table_code else None
        self.names = own_names() if names is None else names
        self._clock = clock
        self._secret = secrets.token_bytes(32)
        self._seen: dict[str, float] = {}
        self._lock = threading.Lock()
        self.code_guesses = Guesses()

    # -- a set-up a person just saw ------------------------------------------------
    def seen_field(self) -> Markup:
        """A hidden field for the set-up form: a fresh token of this page."""
        token = secrets.token_urlsafe(18)
        with self._lock:
            self._seen[token] = self._clock()
            while len(self._seen) > SEEN_KEPT:
                del self._seen[next(iter(self._seen))]
        return Markup(f'<input type="hidden" name="seen" value="{token}">')

    def just_seen(self, token: object) -> bool:
        """Whether ``token`` came with a set-up page shown since the last game
        began, less than ``SEEN_SECONDS`` ago; a token starts one game only."""
        if not isinstance(token, str):
            return False
        with self._lock:
            issued = self._seen.pop(token, None)
            return issued is not None and self._clock() - issued < SEEN_SECONDS

    def game_started(self) -> None:
        """Every set-up page shown before this game is out of date."""
        with self._lock:
            self._seen.clear()

    # -- other sites and other names ----------------------------------------------
    def own_host(self, host: str) -> bool:
        """``Host`` names this box: an address, or one of its names."""
        name = _host_name(host)
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name in self.names

    def same_origin(self, request: Request) -> bool:
        """A change asked from the box's own page (or by no browser at all)."""
        site = request.headers.get("sec-fetch-site")
        if site is not None and site.lower() not in SAME_SITE:
            return False
        own = f"{request.url.scheme}://{request.headers.get('host', '')}".lower()
        origin = request.headers.get("origin")
        if origin is not None:
            return _origin(origin) == _origin(own)
        referer = request.headers.get("referer")
        if referer is not None:
            return _origin(referer) == _origin(own)
        return True

    # -- the table code --------------------------------------------------------------
    def _ticket(self) -> str:
        assert self.table_code is not None
        return hmac.new(self._secret, self.table_code.encode(), hashlib.sha256).hexdigest()

    def admitted(self, request: Request) -> bool:
        if self.table_code is None:
            return True
        ticket = request.cookies.get(COOKIE, "")
        return hmac.compare_digest(ticket.encode(), self._ticket().encode())

    def try_code(self, code: str, address: str) -> str:
        """A phone's table code: "" (right), or the web.guard key of its answer."""
        now = self._clock()
        if not self.code_guesses.allowed(address, now):
            return "web.guard.code_too_many"
        assert self.table_code is not None
        if hmac.compare_digest(typed(code).encode(), self.table_code.encode()):
            return ""
        self.code_guesses.failed(address, now)
        return "web.guard.code_wrong"

    def admit(self, response: Response) -> Response:
        response.set_cookie(COOKIE, self._ticket(), httponly=True, samesite="strict", path="/")
        return response


def _host_name(host: str) -> str:
    """``Host``'s name without its port, brackets of IPv6 taken off."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _origin(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of a URL, the default port filled in."""
    try:
        parts = urllib.parse.urlsplit(url.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


class GuardMiddleware:
    """Every request through the guard before the page sees it."""

    def __init__(self, app: ASGIApp, guard: Guard, refuse: Refusal, code_form: CodeForm) -> None:
        self.app = app
        self.guard = guard
        self.refuse = refuse
        self.code_form = code_form

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        response = await self.check(request)
        if response is None:
            await self.app(scope, receive, send)
        else:
            await response(scope, receive, send)

    async def check(self, request: Request) -> Response | None:
        guard = self.guard
        if not guard.own_host(request.headers.get("host", "")):
            return self.refuse(request, "web.guard.other_name", 421)
        changing = request.method not in SAFE_METHODS
        if changing and not guard.same_origin(request):
            return self.refuse(request, "web.guard.other_site", 403)
        path = request.url.path
        if path == "/table-code" and guard.table_code is not None:
            return await self.table_code(request)
        if guard.admitted(request) or path.startswith(OPEN_PATHS):
            return None
        # The code in the box's own QR code (its display): straight in.
        if not changing and (given := request.query_params.get("table")) is not None:
            address = request.client.host if request.client is not None else ""
            if guard.try_code(given, address) == "":
                return guard.admit(RedirectResponse(path, status_code=303))
        return self.code_form(request, "", 401)

    async def table_code(self, request: Request) -> Response:
        if request.method in SAFE_METHODS:
            return self.code_form(request, "", 200)
        try:
            form = await request.form(max_files=0, max_fields=10)
            code = str(form.get("code", ""))[:100]
        except Exception:  # noqa: BLE001 - any body that is not a small form
            return self.code_form(request, "web.guard.code_wrong", 400)
        address = request.client.host if request.client is not None else ""
        answer = self.guard.try_code(code, address)
        if answer:
            return self.code_form(request, answer, 429 if answer.endswith("too_many") else 403)
        return self.guard.admit(RedirectResponse("/", status_code=303))


def table_code_from(arg: str | None) -> str | None:
    """``--table-code`` as given, else the environment's (the service's)."""
    code = arg if arg is not None else os.environ.get(CODE_ENV)
    return code or None


def qr_address(address: str, guard: Guard | None) -> str:
    """The address the box's display shows: with the table code, so that
    whoever scans the box's own screen is let in."""
    if guard is None or guard.table_code is None:
        return address
    return f"{address}?table={urllib.parse.quote(guard.table_code)}"
