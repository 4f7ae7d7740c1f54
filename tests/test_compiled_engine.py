"""The compiled engine (narrator/compiled.py) plays the same games as the pure one.

The pure engine is the source of truth; ``simulate``, ``balance`` and the
benches use the mypyc build only because, for the same seed, it plays the
same game: the same decisions, the same events, the same winner — over
thousands of random deals, variants and Full Moon cards included, both bot
styles, the checked and the trusted path. The build is made here when it is
not fresh (CI starts it in the background first: ``dev.sh test``, and
these tests run last), so they never skip; each engine plays in its own child process, both at once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

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


def test_a_build_from_other_sources_is_never_used(build: None, tmp_path, monkeypatch) -> None:
    """A change to any engine module makes the build stale: the commands fall
    back to the pure engine (and say so) instead of running old rules."""
    shutil.copytree(compiled.ROOT / "engine", tmp_path / "engine")
    monkeypatch.setattr(compiled, "ROOT", tmp_path)  # the build stays where it is
    assert compiled.fresh()  # the same sources elsewhere: the same build
    with open(tmp_path / "engine" / "night.py", "a") as f:
        f.write("# a newer rule\n")
    assert not compiled.fresh()
    monkeypatch.delitem(sys.modules, "engine", raising=False)
    path = list(sys.path)
    assert compiled.use_compiled() == compiled.STALE
    assert sys.path == path


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
