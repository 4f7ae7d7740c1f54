"""Who may do what on the page (web/guard.py, issue 29, 1): a page of
another site that a player's phone opens cannot start or pause a game; a
game starts only from a set-up page a person just saw, and after a game only
once the finished page's "new game" was pressed; a name that is not the
box's (DNS rebinding) reads nothing; with ``serve --table-code`` everything
but the talking wall asks for the code. Real requests to the real server
(uvicorn on a free localhost port), headers as a browser sends them."""

from __future__ import annotations

import html
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import voices
from tests.web_fixtures import Box, NoRedirect, free_port, start_box
from web.guard import COOKIE, Guard, qr_address

NL = voices.load("nl")
NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna")
ROOT = Path(__file__).resolve().parent.parent
EVIL = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}


def request(url: str, data: dict | bytes | None = None, headers: dict[str, str] | None = None,
            cookie: str = "") -> tuple[int, str, dict[str, str]]:
    """(status, body, headers) of one request, no redirect followed."""
    body = urllib.parse.urlencode(data, doseq=True).encode() if isinstance(data, dict) else data
    req = urllib.request.Request(url, data=body, headers=dict(headers or {}))
    if body is not None:
        req.add_header("Content-Type", "application/x-www-form-urlencoded")
    if cookie:
        req.add_header("Cookie", cookie)
    try:
        with urllib.request.build_opener(NoRedirect).open(req, timeout=10) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), dict(e.headers)


def text(body: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def seen_token(box: Box, cookie: str = "") -> str:
    """The token of the set-up page, as the page shows it to a person."""
    status, body, _ = request(f"{box.url}/?fresh=1", cookie=cookie)
    assert status == 200, body[:300]
    found = re.search(r'name="seen" value="([^"]+)"', body)
    assert found, "the set-up form carries its page's token"
    return found.group(1)


def form(token: str | None, names: tuple[str, ...] = NAMES) -> dict[str, object]:
    f: dict[str, object] = {f"name_{i}": n for i, n in enumerate(names, 1)}
    f["action"] = "start"
    if token is not None:
        f["seen"] = token
    return f


def wait_for(predicate, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


def play_through(box: Box) -> None:
    """Let the bots' game through to its end."""
    wait_for(lambda: box.gates)
    gate = box.gate()
    while box.runner.phase == "running":
        if gate.asked.acquire(timeout=0.05):
            gate.go.release()


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    b, shut = start_box(tmp_path)
    yield b
    shut()


def test_another_site_cannot_start_or_pause_a_game(box: Box) -> None:
    # Even with a token of the real page (another site cannot read one, but
    # the origin alone must be enough), a cross-site start is refused.
    for headers in (EVIL, {"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"}, {"Referer": "http://evil.example/page"},
                    {"Origin": "null"}, {"Origin": f"{box.url.replace('127.0.0.1', 'localhost')}"}):
        status, body, _ = request(f"{box.url}/start", form(seen_token(box)), headers)
        assert status == 403, (headers, status)
        assert NL.line("web.guard.other_site") in text(body) and "Traceback" not in body
        assert box.runner.phase == "setup", headers
    # from the box's own page, as a browser sends it: started
    own = {"Origin": box.url, "Sec-Fetch-Site": "same-origin", "Referer": f"{box.url}/"}
    status, _, headers = request(f"{box.url}/start", form(seen_token(box)), own)
    assert status == 303 and box.runner.phase == "running"
    wait_for(lambda: box.runner.controls is not None)
    status, body, _ = request(f"{box.url}/pause", {}, EVIL)
    assert status == 403 and not box.runner.controls.paused  # type: ignore[union-attr]
    status, _, _ = request(f"{box.url}/pause", {}, own)
    assert status == 303 and box.runner.controls.paused  # type: ignore[union-attr]


def test_a_game_starts_only_from_a_set_up_a_person_just_saw(box: Box) -> None:
    # No token, or one the box never showed: the set-up is shown again
    for token in (None, "made-up"):
        status, body, _ = request(f"{box.url}/start", form(token))
        assert status == 409 and NL.line("web.guard.not_seen") in text(body)
        assert 'value="Anna"' in body, "what was sent is shown, to be checked"
        assert box.runner.phase == "setup"
    old = seen_token(box)
    token = seen_token(box)
    status, _, _ = request(f"{box.url}/start", form(token))
    assert status == 303 and box.runner.phase == "running"
    play_through(box)
    assert box.runner.phase == "finished"
    # Issue 29: /start was taken again after a game, without the page's "new game"
    for t in (token, old):
        status, body, _ = request(f"{box.url}/start", form(t))
        assert status == 409 and NL.line("web.guard.new_first") in text(body)
        assert box.runner.phase == "finished"
    status, _, _ = request(f"{box.url}/new", {})
    assert status == 303 and box.runner.phase == "setup"
    # a set-up page shown before that game is out of date, used or not
    for t in (token, old):
        status, body, _ = request(f"{box.url}/start", form(t))
        assert status == 409 and NL.line("web.guard.not_seen") in text(body)
    status, _, _ = request(f"{box.url}/start", form(seen_token(box)))
    assert status == 303 and box.runner.phase == "running"


def test_a_name_that_is_not_the_box_s_reads_nothing(box: Box) -> None:
    """DNS rebinding: a page of evil.example whose name was pointed at the
    box is the box's "same origin" to the browser; the box answers it nothing."""
    for path in ("/", "/stories", "/state.json", "/wall"):
        status, body, _ = request(f"{box.url}{path}", headers={"Host": f"evil.example:{box.url.rsplit(':', 1)[1]}"})
        assert status == 421 and NL.line("web.guard.other_name") in text(body), path
    status, _, _ = request(f"{box.url}/stories", headers={"Host": "localhost"})
    assert status == 200


def test_the_box_answers_to_its_own_names_and_those_it_is_given(monkeypatch) -> None:
    import socket

    from web.guard import NAMES_ENV

    monkeypatch.setenv(NAMES_ENV, "raspberrypi.fritz.box, Wakkerdam.lan")
    guard = Guard()
    own = socket.gethostname().lower()
    for host in ("10.42.0.1:8080", "[::1]:8080", "localhost", f"{own}.local:8080", "raspberrypi.fritz.box:8080",
                 "wakkerdam.lan"):
        assert guard.own_host(host), host
    for host in ("evil.example", f"{own}.evil.example:8080", "", "[::1", "10.42.0.1.evil.example"):
        assert not guard.own_host(host), host


@pytest.fixture
def coded(tmp_path: Path) -> Iterator[Box]:
    b, shut = start_box(tmp_path, guard=Guard(table_code="wolf-7k"))
    yield b
    shut()


def test_with_a_table_code_only_who_knows_it_gets_in_and_the_wall_stays_open(coded: Box) -> None:
    box = coded
    for path in ("/", "/stories", "/state.json"):
        status, body, _ = request(f"{box.url}{path}")
        assert status == 401 and NL.line("web.guard.code_hint") in text(body), path
    status, body, _ = request(f"{box.url}/start", form("x"))
    assert status == 401 and box.runner.phase == "setup"
    assert request(f"{box.url}/wall")[0] == 200, "the wall has a code of its own for each seat"
    status, body, _ = request(f"{box.url}/table-code", {"code": "wolf"})
    assert status == 403 and NL.line("web.guard.code_wrong") in text(body)
    status, _, _ = request(f"{box.url}/table-code", {"code": "WOLF7K"}, EVIL)
    assert status == 403, "no other site logs a phone in either"
    status, _, headers = request(f"{box.url}/table-code", {"code": "Wolf 7K"})  # typed loosely
    assert status == 303
    cookie = headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    ticket = cookie.split(";")[0]
    assert ticket.startswith(f"{COOKIE}=") and "WOLF7K" not in ticket
    assert request(f"{box.url}/stories", cookie=ticket)[0] == 200
    status, _, _ = request(f"{box.url}/start", form(seen_token(box, ticket)), cookie=ticket)
    assert status == 303 and box.runner.phase == "running"
    # the code in the box's own QR code (its display) lets a phone straight in
    assert qr_address("http://10.42.0.1:8080/", Guard(table_code="wolf-7k")) == "http://10.42.0.1:8080/?table=WOLF7K"
    assert qr_address("http://10.42.0.1:8080/", Guard()) == "http://10.42.0.1:8080/"
    status, _, headers = request(f"{box.url}/stories?table=WOLF7K")
    assert status == 303 and headers["location"] == "/stories" and COOKIE in headers["set-cookie"]


def test_guessing_the_table_code_is_slowed_per_address_and_locks_out_nobody_else() -> None:
    guard = Guard(table_code="wolf-7k", names=frozenset())
    for i in range(5):
        assert guard.try_code(f"wolf{i}", "10.0.0.9") == "web.guard.code_wrong"
    assert guard.try_code("WOLF7K", "10.0.0.9") == "web.guard.code_too_many"
    for i in range(30):  # guessers on many addresses
        guard.try_code("nope", f"10.0.1.{i}")
    assert guard.try_code("wolf7k", "10.0.0.42") == ""
    with pytest.raises(ValueError):
        Guard(table_code="ab")


def test_serve_takes_a_table_code_and_refuses_a_short_one_in_one_line(tmp_path: Path) -> None:
    env = {"STATE_DIRECTORY": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    short = subprocess.run([sys.executable, "-m", "narrator.cli", "serve", "--bots", "--table-code", "ab",
                            "--port", str(free_port())], capture_output=True, text=True, cwd=ROOT, timeout=60,
                           env=env)
    assert short.returncode == 2
    assert short.stderr.strip() == "wakkerdam serve: " + NL.line("web.guard.code_short", most=4)
    port = free_port()
    served = subprocess.Popen([sys.executable, "-m", "narrator.cli", "serve", "--bots", "--host", "127.0.0.1",
                               "--port", str(port)], cwd=ROOT, env={**env, "WAKKERDAM_TABLE_CODE": "maan-42"},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"

        def up() -> bool:
            try:
                return request(f"{url}/")[0] == 401
            except OSError:
                return False

        wait_for(up)
        status, _, headers = request(f"{url}/table-code", {"code": "MAAN42"})
        assert status == 303 and COOKIE in headers["set-cookie"]
    finally:
        served.terminate()
        out, _ = served.communicate(timeout=10)
    assert "MAAN42" not in out, "the code goes to no log (stdout is not a terminal here)"
