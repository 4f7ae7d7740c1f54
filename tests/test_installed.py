"""The package as a user installs it: a wheel built as ``pip install .``
builds it (tests/wheel.py: setup.py compiles the engine into it), installed
into a clean venv (no system site-packages, nothing of the checkout on the
path), and its ``wakkerdam`` run from a folder of its own: the demo, the
set-up page, the balance table and ``simulate`` on the compiled engine.
Marked ``compiled``: last in the suite, while dev.sh's background build
makes the wheel (conftest.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

import voices
from narrator import compiled
from tests import wheel as wheels

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.compiled
#: the packages' data a user's box reads: the language packs, the deck table
#: and the balance table, the kits, the page's templates and style
DATA = ("voices", "config", "web/templates", "web/static")


@pytest.fixture(scope="module")
def wheel() -> Path:
    return wheels.ensure()


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A clean venv with the wheel (and its dependencies from the index),
    and the environment its commands run in: a home of their own."""
    where = tmp_path_factory.mktemp("installed")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    assert "include-system-site-packages = false" in (venv / "pyvenv.cfg").read_text()
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
                         capture_output=True, text=True, timeout=1800)
    assert pip.returncode == 0, pip.stderr[-3000:]
    home = where / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               STATE_DIRECTORY=str(where / "state"), WAKKERDAM_MODELS=str(where / "models"))
    return {"bin": venv / "bin", "env": env, "cwd": where}


def wakkerdam(installed: dict[str, object], *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """The installed command, from the install's own folder (never the checkout)."""
    return subprocess.run([str(Path(str(installed["bin"])) / "wakkerdam"), *args], cwd=str(installed["cwd"]),
                          env=installed["env"], capture_output=True, text=True, timeout=timeout)  # type: ignore[arg-type]


def test_the_wheel_holds_every_module_and_all_the_data_and_the_compiled_engine(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *wheels.PACKAGES],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    modules = {rel for rel in tracked if rel.endswith(".py")}
    data = {rel for rel in tracked if rel.startswith(DATA) and not rel.endswith(".py")}
    assert modules and data and "config/balance.yaml" in data
    assert modules - names == set() and data - names == set()
    assert wheels.stamp_of(wheel) == compiled.digest(), "the wheel's compiled engine is of other sources"
    built = {n for n in names if n.startswith(compiled.INSTALLED.as_posix())}
    for rel in compiled.sources():
        stem = rel.with_suffix("").as_posix()
        kind = ".py" if rel.as_posix() in compiled.PURE else ".cpython-"
        assert any(n.startswith(f"{compiled.INSTALLED.as_posix()}/{stem}{kind}") for n in built), rel
    assert "-cp3" in wheel.name and "none-any" not in wheel.name, "a wheel with extensions names its Python"


def test_the_installed_demo_plays_the_checkouts_game(installed: dict[str, object]) -> None:
    wav = Path(str(installed["cwd"])) / "demo.wav"
    run = wakkerdam(installed, "demo", "--fast", "--json", "--seed", "4", "--wav", str(wav))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    mine = subprocess.run([sys.executable, "-m", "narrator.cli", "demo", "--fast", "--json", "--seed", "4",
                           "--text-only"], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    assert json.loads(run.stdout) == json.loads(mine.stdout)
    assert json.loads(run.stdout)["status"] == "finished"
    assert wav.stat().st_size > 1_000_000, "the narration was not spoken (espeak-ng, the packs' voices)"


def test_the_installed_simulate_runs_the_compiled_engine_and_says_so_once(installed: dict[str, object]) -> None:
    run = wakkerdam(installed, "simulate", "--games", "400", "--players", "12", "--seed", "5", "--json",
                    "--lang", "en")
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr.splitlines() == [voices.load("en").line("cli.engine_compiled", folder="narrator/_compiled")]
    out = json.loads(run.stdout)
    assert out["engine"] == "compiled"
    from narrator.demo import simulate

    assert out["wins"] == simulate(400, 12, 5, jobs=1)["wins"], "the compiled engine counts other wins"
    again = wakkerdam(installed, "compile", "--lang", "en")
    assert again.returncode == 0 and "came with this install" in again.stdout, again.stdout + again.stderr


def test_the_installed_balance_table_and_page(installed: dict[str, object]) -> None:
    table = wakkerdam(installed, "balance", "--table", "--json", "--lang", "en")
    assert table.returncode == 0, table.stderr[-2000:]
    assert json.loads(table.stdout), "the shipped balance table is empty"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    serve = subprocess.Popen([str(Path(str(installed["bin"])) / "wakkerdam"), "serve", "--host", "127.0.0.1",
                              "--port", str(port), "--bots", "--text-only", "--lang", "en"],
                             cwd=str(installed["cwd"]), env=installed["env"],  # type: ignore[arg-type]
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        page = wait_for_page(f"http://127.0.0.1:{port}/", serve)
        assert voices.load("en").line("web.setup.title") in page
        for path in ("/static/style.css", "/qr.svg", "/stories"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as answer:
                assert answer.status == 200 and answer.read(), path
    finally:
        serve.terminate()
        _, err = serve.communicate(timeout=60)
    assert "Traceback" not in err, err[-2000:]


def wait_for_page(url: str, server: subprocess.Popen[str]) -> str:
    """The page once the server answers: it is asked again until it does,
    for as long as the server runs (the guard is only against a hang)."""
    guard = time.monotonic() + 300
    while time.monotonic() < guard:
        if server.poll() is not None:
            raise AssertionError(f"wakkerdam serve ended: {server.stderr.read() if server.stderr else ''}")
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                return str(answer.read().decode())
        except OSError:
            time.sleep(0.2)
    raise AssertionError("wakkerdam serve never answered")


def test_without_a_c_compiler_the_build_is_pure_python_and_says_so_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No compiler: a wheel for any machine, the engine pure (the build
    tools of this venv, not fetched: nothing is compiled)."""
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    made, said = wheels.build(tmp_path / "pure", isolated=False)
    assert made.name.endswith("-py3-none-any.whl")
    assert wheels.stamp_of(made) is None
    assert compiled.why_not() == "no_compiler"
    assert said.count(compiled.build_notice("no_compiler")) == 1, said[-3000:]
