"""Fuzz (issue 29), 500 cases and more for each input an attacker on the
box's network can send: the page's forms (the set-up, the wall, the table
code, pause and new game, with any fields, types and headers) on the real
server, and sealed MQTT payloads (signed by a box of the evening or not, on
any topic) through a box's real receiving path. Never a traceback, never a
hang (every case has a time limit), never a 5xx; a bad message changes
nothing. Kit files, the deck table and scenario files have their own:
tests/test_input_files_fuzz.py, tests/test_replay_fuzz.py."""

from __future__ import annotations

import json
import signal
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.journal import Journal
from narrator.wall import wall_codes
from tests.villages_rig import traveller
from tests.web_fixtures import Box, NoRedirect, start_box
from villages.evening import Evening
from villages.ledger import Transfer
from villages.link import Received
from villages.pairing import pair
from villages.seal import seal
from web.guard import Guard

FUZZ = settings(max_examples=500, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
#: no case may take longer than this (a hang is a failure, not a stuck suite)
CASE_SECONDS = 20


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float = CASE_SECONDS) -> Iterator[None]:
    def hang(signum, frame):
        raise Hang(f"a case took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- the page's forms ---------------------------------------------------------------------
text = st.one_of(st.text(max_size=40), st.sampled_from(["", "Anna", "1", "0", "-1", "99999999999", "on",
                                                         "nl", "xx", "start", "check", "advise", "witch",
                                                         "werewolf", "none", "\x00", "é" * 300]))
SETUP_FIELDS = ["lang", "action", "seen", "special", "werewolves", "call_min", "call_max", "discussion",
                "voice_votes", "variant", "card", "events_every", "mayor_election_day", "wall_phones",
                "confirm_odd", "vopt_x", *[f"name_{i}" for i in range(1, 20)]]
fields = st.lists(st.tuples(st.one_of(st.sampled_from(SETUP_FIELDS), st.text(max_size=12)), text), max_size=30)
CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain",
                 "application/json", "multipart/form-data", ""]
HEADERS = st.fixed_dictionaries({}, optional={
    "Origin": st.sampled_from(["http://evil.example", "null", "", "http://127.0.0.1", "ftp://x"]),
    "Sec-Fetch-Site": st.sampled_from(["same-origin", "cross-site", "same-site", "none", "zz"]),
    "Referer": st.sampled_from(["http://evil.example/", "not a url", "http://[::1"]),
    "Cookie": st.sampled_from(["wakkerdam_table=x", "a=b; wakkerdam_table=", "\x7f"]),
})


def send(url: str, body: bytes, content_type: str, headers: dict[str, str]) -> tuple[int, str]:
    req = urllib.request.Request(url, data=body, method="POST")
    if content_type:
        req.add_header("Content-Type", content_type)
    for k, v in headers.items():
        req.add_header(k, v)
    try:
        with urllib.request.build_opener(NoRedirect).open(req, timeout=CASE_SECONDS) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def body_of(pairs: list[tuple[str, str]], content_type: str, raw: bytes) -> bytes:
    if raw:
        return raw
    if content_type.startswith("multipart"):
        parts = [f'--x\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n' for k, v in pairs]
        return ("".join(parts) + "--x--\r\n").encode("utf-8", errors="replace")
    return urllib.parse.urlencode(pairs).encode()


def answered(status: int, page: str) -> None:
    assert status < 500, (status, page[:300])
    assert "Traceback" not in page and "Internal Server Error" not in page


@pytest.fixture(scope="module")
def box(tmp_path_factory) -> Iterator[Box]:
    b, shut = start_box(tmp_path_factory.mktemp("fuzzbox"))
    yield b
    shut()


@pytest.fixture(scope="module")
def coded(tmp_path_factory) -> Iterator[tuple[Box, str]]:
    """A kit's page with a table code, and the cookie of a phone that gave it."""
    b, shut = start_box(tmp_path_factory.mktemp("fuzzcoded"), kit="minimal", guard=Guard(table_code="maan-42"))
    req = urllib.request.Request(f"{b.url}/table-code", data=b"code=maan42", method="POST")
    req.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        urllib.request.build_opener(NoRedirect).open(req, timeout=10)
        raise AssertionError("the right table code is answered with the way in")
    except urllib.error.HTTPError as e:  # 303, not followed
        ticket = e.headers["set-cookie"].split(";")[0]
    yield b, ticket
    shut()


@FUZZ
@given(pairs=fields, content_type=st.sampled_from(CONTENT_TYPES), headers=HEADERS,
       raw=st.one_of(st.just(b""), st.binary(max_size=300)))
def test_any_set_up_form_is_answered_with_a_page_never_a_5xx(box: Box, pairs, content_type, headers, raw) -> None:
    with time_limit():
        status, page = send(f"{box.url}/start", body_of(pairs, content_type, raw), content_type, headers)
    answered(status, page)
    assert box.runner.phase == "setup", "no set-up a person did not see starts a game"


PATHS = ["/wall", "/table-code", "/pause", "/new", "/start", "/setup", "/stories/x", "/advice/x", "/"]


@FUZZ
@given(path=st.sampled_from(PATHS), pairs=st.lists(st.tuples(st.sampled_from(["code", "line", "seen", "x"]), text),
                                                   max_size=6),
       content_type=st.sampled_from(CONTENT_TYPES), headers=HEADERS, raw=st.one_of(st.just(b""), st.binary(max_size=200)),
       admitted=st.booleans(), guess_right=st.booleans())
def test_any_other_form_is_answered_with_a_page_never_a_5xx(coded: tuple[Box, str], path, pairs, content_type,
                                                           headers, raw, admitted, guess_right) -> None:
    box, ticket = coded
    wall = box.wall
    assert wall is not None
    if not wall.is_open:  # the wall open for three players, so that codes are checked
        codes = wall_codes(7, ["Anna", "Bram", "Cees"])
        wall.begin(codes, None)
        threading.Thread(target=wall.gather, args=("day 1", tuple(codes), 1e6), daemon=True).start()
        while not wall.is_open:
            time.sleep(0.001)
    if guess_right:
        pairs = [*pairs, ("code", wall_codes(7, ["Anna"])["Anna"] if path == "/wall" else "maan42")]
    headers = {**headers, "Cookie": ticket} if admitted else dict(headers)
    with time_limit():
        status, page = send(f"{box.url}{path}", body_of(pairs, content_type, raw), content_type, headers)
    answered(status, page)
    assert box.runner.phase == "setup"


# -- sealed MQTT payloads -------------------------------------------------------------------
@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """Box c of an evening of a, b and c, never connected: what comes in is
    put straight into its receiving path, as paho's thread hands it over."""
    folder = tmp_path_factory.mktemp("fuzzvillages")
    pairings = pair(("a", "b", "c"), folder / "pairing")
    journal = Journal.create(folder / "c.journal", {"village": "c"})
    victim = Evening(pairings["c"], journal)
    victim.ledger.leave(Transfer("c-1", "Cor", "c", "b", 1, traveller("Cor", "seer")))  # ours, out there
    return pairings, victim


def valid_transfer(n: int) -> dict:
    return {"type": "transfer", "id": f"b-{n}", "name": f"Bea{n}", "to": "c", "day": 1,
            "traveller": traveller(f"Bea{n}", "witch")}


def valid_state() -> dict:
    return {"type": "state", "step": 4, "live": 2, "final": False, "done": False, "sent": {"c": {"b-1": 1}},
            "got": ["c-1"], "joined": [], "back": {}}


junk = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-2**64, 2**64), st.floats(allow_nan=True),
                              st.text(max_size=12), st.sampled_from(["c-1", "b-1", "a-9", "c", "b", "transfer",
                                                                     "state", "werewolf"])),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                    max_leaves=10)


def mutated(body: dict, path: list[str], value: object) -> dict:
    """``body`` with the field at ``path`` (as far as it goes) replaced or removed."""
    out = json.loads(json.dumps(body))
    node = out
    for key in path[:-1]:
        if isinstance(node, dict) and isinstance(node.get(key), dict):
            node = node[key]
    last = path[-1]
    if isinstance(node, dict):
        if value == "\x00remove":
            node.pop(last, None)
        else:
            node[last] = value
    return out


KEYS = ["type", "id", "name", "to", "day", "traveller", "step", "live", "final", "done", "sent", "got", "joined",
        "back", "memory", "role", "lover", "charmed", "powerless", "potions", "c", "b-1", "extra"]


@FUZZ
@given(kind=st.sampled_from(["transfer", "state", "junk"]), path=st.lists(st.sampled_from(KEYS), min_size=1, max_size=3),
       value=st.one_of(junk, st.just("\x00remove")), signer=st.sampled_from(["b", "a", "c", "forged", "none"]),
       topic=st.sampled_from(["inbox/c", "state/b", "state/a", "inbox/b", "state/c", "other"]),
       seq=st.tuples(st.integers(-1, 2**60), st.integers(-1, 2**60)), n=st.integers(2, 10**6),
       raw=st.one_of(st.just(b""), st.binary(max_size=120)))
def test_any_sealed_payload_is_refused_or_taken_never_a_crash(evening, kind, path, value, signer, topic, seq, n,
                                                               raw) -> None:
    from villages.messages import Signer

    pairings, victim = evening
    base = valid_transfer(n) if kind == "transfer" else valid_state() if kind == "state" else {}
    body = mutated(base, path, value)
    full = f"wakkerdam/{pairings['c'].evening}/{topic}"
    key = pairings["c"].key
    if raw:
        payload = raw if signer == "none" else seal(key, raw)
    elif signer == "none":
        payload = seal(key, body)  # sealed, not signed: the forgery
    else:
        name = "b" if signer == "forged" else signer
        signing = pairings["a" if signer == "forged" else signer].signing_key
        payload = Signer(name, signing, key).seal(full, seq, body)  # type: ignore[arg-type]
    before = (dict(victim.ledger.inn), dict(victim.ledger.joined), dict(victim.ledger.returned))
    refused = victim.stats.refused + victim.stats.wrong_key + victim.stats.duplicates
    with time_limit():
        victim._receive(Received(full, payload))
    arrived = set(victim.ledger.inn) - set(before[0])
    if arrived:  # taken: only a well-formed transfer, signed by its own village, on c's inbox
        assert signer == "b" and topic == "inbox/c" and kind == "transfer", (body, signer, topic)
        assert arrived <= {body.get("id")}
    else:
        assert (dict(victim.ledger.joined), dict(victim.ledger.returned)) == before[1:]
        changed_peer = signer in ("a", "b") and topic == f"state/{signer}" and kind == "state"
        assert changed_peer or victim.stats.refused + victim.stats.wrong_key + victim.stats.duplicates > refused \
            or signer == "c", (body, signer, topic)
