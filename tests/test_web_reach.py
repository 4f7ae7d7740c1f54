"""A phone finds the page by its name and without a port: ``wakkerdam serve``
on port 80 where it may (as the service does, with CAP_NET_BIND_SERVICE),
announced as ``wakkerdam.local`` over multicast DNS, the QR code holding the
name; a second box takes ``wakkerdam-2``; a user who may not open port 80
gets 8080 and is told so.

All of it in a network namespace of the test's own (``unshare -n``: its own
loopback, multicast switched on), so nothing leaves it and no port of the
machine is taken. Needs root (the namespace), util-linux and iproute2.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import voices

ROOT = Path(__file__).resolve().parent.parent
NETNS = ("ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"
         " && exec \"$0\" -m tests.reach_child \"$1\"")

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"),
                                reason="a network namespace needs root, unshare and ip")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    state = tmp_path_factory.mktemp("reach")
    os.chmod(state, 0o755)
    done = subprocess.run(["unshare", "--net", "sh", "-c", NETNS, sys.executable, str(state)],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_page_is_found_by_its_name_on_port_80(report: dict[str, object]) -> None:
    nl = voices.load("nl")
    assert report["said"] == nl.line("web.box.screen", address="http://wakkerdam.local/")
    assert report["resolved"] == ["127.0.0.1"]
    assert report["status"] == 200 and report["page_names_itself"]


def test_the_qr_code_holds_the_name(report: dict[str, object]) -> None:
    import io

    import segno

    out = io.BytesIO()
    segno.make("http://wakkerdam.local/", error="m").save(out, kind="svg", scale=6)
    assert report["qr"] == out.getvalue().decode()


def test_a_second_box_takes_the_next_name(report: dict[str, object]) -> None:
    nl = voices.load("nl")
    assert report["second_said"] == nl.line("web.box.screen", address="http://wakkerdam-2.local:8081/")
    assert report["second_resolved"] == ["127.0.0.2"]


def test_port_80_where_it_may_else_8080(report: dict[str, object]) -> None:
    nl = voices.load("nl")
    # a process without the capability (a user's own run): told once, the page on 8080
    assert report["plain_said"] == nl.line("web.box.screen", address="http://127.0.0.1:8080/")
    assert report["plain_status"] == 200
    assert nl.line("web.box.port", port=8080) in str(report["plain_stderr"])
    # as the unit runs it (AmbientCapabilities=CAP_NET_BIND_SERVICE): port 80
    assert report["service_said"] == nl.line("web.box.screen", address="http://127.0.0.1/")
    assert report["service_status"] == 200


def test_the_service_unit_grants_port_80_and_no_more() -> None:
    unit = (ROOT / "deploy" / "wakkerdam.service").read_text()
    assert "AmbientCapabilities=CAP_NET_BIND_SERVICE" in unit
    assert "CapabilityBoundingSet=CAP_NET_BIND_SERVICE" in unit
    assert "WAKKERDAM_PORT=80" in unit
