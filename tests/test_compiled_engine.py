"""The compiled engine (narrator/compiled.py) plays the same games as the pure one.

The pure engine is the source of truth; ``simulate``, ``balance`` and the
benches use the mypyc build only because, for the same seed, it plays the
same game: the same decisions, the same events, the same winner — over
thousands of random deals, variants and Full Moon cards included, both bot
styles, the checked and the trusted path; and the narrator's modules in the
build (``compiled.NARRATOR``: the bots, the seeds, the simulation) derive
the same seeds and count the same wins as their sources. The build is made here when it is
not fresh (CI starts it in the background first: ``dev.sh test``, and
these tests run last), so they never skip; each engine plays in its own child process, both at once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import narrator
from narrator import compiled

GAMES = 2000
#: last in the suite: dev.sh's background build has the other tests' time (conftest.py)
pytestmark = pytest.mark.compiled


@pytest.fixture(scope="module")
def build() -> None:
    try:
        compiled.ensure_built(quiet=True)
    except compiled.BuildError as exc:
        pytest.fail(f"the compiled engine did not build:\n{exc.output}")


def _play(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tests.same_games", "0", str(GAMES)],
                            cwd=compiled.ROOT, env={**env, "PYTHONHASHSEED": "0"},
                            stdout=subprocess.PIPE, text=True)


def test_the_compiled_engine_plays_the_same_games_as_the_pure_one(build: None) -> None:
    pure, fast = _play(dict(os.environ)), _play(compiled.child_env())
    runs = [json.loads(p.communicate(timeout=600)[0]) for p in (pure, fast)]
    assert [r["compiled"] for r in runs] == [False, True]
    different = [i for i, (a, b) in enumerate(zip(runs[0]["games"], runs[1]["games"], strict=True)) if a != b]
    assert different == [], f"games {different[:10]} differ (tests.playout.mixed_deal)"
    assert runs[0]["runs"] == runs[1]["runs"]  # tests.same_games.BATCHES
    # the forum edition is compiled too: the same forum games
    forum = [i for i, (a, b) in enumerate(zip(runs[0]["forum"], runs[1]["forum"], strict=True)) if a != b]
    assert forum == [] and len(runs[0]["forum"]) == GAMES // 10, f"forum games {forum[:10]} differ"


def test_a_build_from_other_sources_is_never_used(build: None, tmp_path, monkeypatch) -> None:
    """A change to any engine module, or to a narrator module in the build,
    makes the build stale: the commands fall back to the pure engine (and
    say so) instead of running old rules or old bots."""
    shutil.copytree(compiled.ROOT / "engine", tmp_path / "engine")
    (tmp_path / "narrator").mkdir()
    for rel in compiled.NARRATOR:
        shutil.copy2(compiled.ROOT / rel, tmp_path / rel)
    monkeypatch.setattr(compiled, "ROOT", tmp_path)  # the build stays where it is
    assert compiled.fresh()  # the same sources elsewhere: the same build
    for rel in ("engine/night.py", "narrator/bots.py"):
        kept = (tmp_path / rel).read_bytes()
        (tmp_path / rel).write_bytes(kept + b"# newer\n")
        assert not compiled.fresh(), rel
        (tmp_path / rel).write_bytes(kept)
    (tmp_path / "engine" / "night.py").write_bytes(b"# a newer rule\n")
    for name in ("engine", *map(compiled.module_of, compiled.NARRATOR)):
        monkeypatch.delitem(sys.modules, name, raising=False)
    path, overlaid = list(sys.path), list(narrator.__path__)
    assert compiled.use_compiled() == compiled.STALE
    assert sys.path == path and narrator.__path__ == overlaid


def test_the_build_lends_narrator_its_compiled_modules_and_no_others(build: None) -> None:
    """With the build on the path the narrator's modules in it come from it,
    every other narrator module (and subpackage) from the checkout."""
    probe = ("import narrator.bots, narrator.simulation, narrator.demo, narrator.balance.table, voices; "
             "print(narrator.bots.__file__, narrator.simulation.__file__, narrator.demo.__file__, "
             "narrator.balance.table.__file__)")
    run = subprocess.run([sys.executable, "-c", probe], cwd=compiled.ROOT, env=compiled.child_env(),
                         capture_output=True, text=True, timeout=60, check=True)
    bots, simulation, demo, table = map(Path, run.stdout.split())
    assert bots.parent == simulation.parent == compiled.BUILD / "narrator"
    assert bots.suffix == simulation.suffix == ".so"
    assert (demo, table) == (compiled.ROOT / "narrator" / "demo.py", compiled.ROOT / "narrator" / "balance" / "table.py")


def test_simulate_runs_the_compiled_engine_on_every_core_and_says_so(build: None) -> None:
    """The command picks the fresh build, says so once, and its worker
    processes (the deck's options pickled to them) count the pure engine's wins."""
    from narrator.demo import simulate

    argv = ["simulate", "--games", "300", "--players", "12", "--seed", "3", "--jobs", "2", "--json", "--lang", "en"]
    run = subprocess.run([sys.executable, "-m", "narrator.cli", *argv], cwd=compiled.ROOT,
                         capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONSAFEPATH": "1",
                                                                          "PYTHONPATH": str(compiled.ROOT)})
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == ["engine: compiled (build/fast)"]
    out = json.loads(run.stdout)
    assert out["engine"] == "compiled"
    assert out["wins"] == simulate(300, 12, 3, jobs=1)["wins"]


def test_what_the_build_compiles_is_checked_strictly() -> None:
    """mypyc compiles what mypy proves: ``./dev.sh test`` checks (strictly)
    every narrator module of the build."""
    mypy = tomllib.loads((compiled.ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = next(o["module"] for o in mypy["overrides"] if o.get("strict"))
    assert set(compiled.NARRATOR) <= set(mypy["files"])
    assert {compiled.module_of(rel) for rel in compiled.NARRATOR} <= set(strict)


def test_the_library_keeps_its_functions_to_itself(build: None) -> None:
    """Built with ``compiled.CFLAGS`` (``-fvisibility=hidden``): the shared
    library exports only its module's init, so one compiled function calls
    another directly, not through the PLT (docs/speed.md)."""
    library = next(compiled.BUILD.glob("*__mypyc*.so"))
    nm = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True,
                        timeout=60, check=True)
    exported = [line.split()[-1] for line in nm.stdout.splitlines()]
    assert exported and all(name.startswith("PyInit_") for name in exported), exported[:5]
