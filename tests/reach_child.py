"""Inside a network namespace of its own (tests/test_web_reach.py): the real
``wakkerdam serve --bots`` as the box runs it, found by a "phone" the way a
phone finds it: the name ``wakkerdam.local`` asked over multicast DNS, then
the page fetched from the address that answered. Prints one JSON report.

Usage: python -m tests.reach_child STATE_DIR
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: a process that may not open a port under 1024 (the capability taken from it: a
#: user's own run of serve); the test's Python lives in root's home, so it stays root
WITHOUT = ["setpriv", "--bounding-set=-net_bind_service", "--inh-caps=-all"]
#: a process with that one capability and no other, as the service's unit runs it
#: (AmbientCapabilities=CAP_NET_BIND_SERVICE, CapabilityBoundingSet=CAP_NET_BIND_SERVICE)
SERVICE = ["setpriv", "--bounding-set=-all,+net_bind_service", "--inh-caps=-all"]


def serve(state: Path, *extra: str, user: list[str] | None = None) -> tuple[subprocess.Popen[str], str]:
    """A serve process and the first line it prints (where its page is)."""
    state.mkdir(parents=True, exist_ok=True)
    os.chmod(state, 0o777)
    env = {**os.environ, "STATE_DIRECTORY": str(state), "HOME": str(state), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([*(user or []), sys.executable, "-m", "narrator.cli", "serve", "--bots",
                             "--text-only", "--lang", "nl", *extra],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    return proc, line


def resolve(name: str) -> list[str]:
    from zeroconf import AddressResolver, IPVersion, Zeroconf

    phone = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        resolver = AddressResolver(f"{name}.")
        return list(resolver.parsed_addresses()) if resolver.request(phone, 3000) else []
    finally:
        phone.close()


def fetch(url: str, host: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host})
    with urllib.request.urlopen(request, timeout=10) as r:
        return r.status, r.read().decode()


def main(state: Path) -> dict[str, Any]:
    report: dict[str, Any] = {}
    procs = []
    try:
        box, said = serve(state / "box")
        procs.append(box)
        report["said"] = said
        report["resolved"] = resolve("wakkerdam.local")
        addresses = report["resolved"] or ["127.0.0.1"]
        status, page = fetch(f"http://{addresses[0]}:80/", "wakkerdam.local")
        report["status"] = status
        report["page_names_itself"] = "http://wakkerdam.local/" in page
        _, qr = fetch(f"http://{addresses[0]}:80/qr.svg", "wakkerdam.local")
        report["qr"] = qr
        # a second box on the network (another address): the name is taken, it takes the next
        second, said = serve(state / "second", "--host", "127.0.0.2", "--port", "8081")
        procs.append(second)
        report["second_said"] = said
        report["second_resolved"] = resolve("wakkerdam-2.local")
        # without the capability: port 80 is refused, the page moves to 8080
        plain, said = serve(state / "plain", "--name", "none", user=WITHOUT)
        procs.append(plain)
        report["plain_said"] = said
        report["plain_status"] = fetch("http://127.0.0.1:8080/", "127.0.0.1")[0]
        plain.terminate()
        plain.wait(10)
        report["plain_stderr"] = plain.stderr.read() if plain.stderr else ""
        procs.remove(plain)
        # as the service runs it (CAP_NET_BIND_SERVICE): port 80
        box.terminate()
        box.wait(10)
        procs.remove(box)
        time.sleep(0.3)
        service, said = serve(state / "service", "--name", "none", user=SERVICE)
        procs.append(service)
        report["service_said"] = said
        report["service_status"] = fetch("http://127.0.0.1:80/", "127.0.0.1")[0]
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    return report


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
