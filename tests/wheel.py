"""The package's wheel as a user's ``pip install .`` builds it, for
tests/test_installed.py.

The tracked files are copied first to ``build/wheel/src`` (what a clean
clone holds, and nothing a stale ``build/`` left behind, which setuptools
would put in the wheel); ``pip wheel`` builds there, isolated as ``pip
install`` builds (setuptools, mypy and PyYAML fetched for the build alone;
setup.py compiles the engine). A wheel is fresh when it was built from
today's files (``build/wheel/SOURCES``: their digest) and its compiled
engine too (its stamp is ``compiled.digest()``). One
build at a time: ``python -m tests.wheel`` (``dev.sh test`` starts it in the
background while the suite runs) and the tests' fixture share a lock.
``python -m tests.wheel`` also gives the checkout's ``build/fast/`` the
wheel's compiled engine (the same sources, the same build: its stamp says
so), so the engine is compiled once for both.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from narrator import compiled

ROOT = Path(__file__).resolve().parents[1]
WHEELS = ROOT / "build" / "wheel"
#: folders of the checkout the build does not read (the tests' recordings are large)
NOT_BUILT = ("tests/", "bench/", "docs/", "deploy/", ".ci/")
#: the packages the wheel holds (pyproject.toml's)
PACKAGES = tuple(name.rstrip("*") for name in tomllib.loads((ROOT / "pyproject.toml").read_text())
                 ["tool"]["setuptools"]["packages"]["find"]["include"])


def built_from() -> list[str]:
    """The checkout's files that the build reads: those git keeps and those
    it would (a clean clone's, with work not yet committed)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout
    return sorted(rel for rel in listed.decode().split("\0")
                  if rel and not rel.startswith(NOT_BUILT) and (ROOT / rel).is_file())


def sources_digest() -> str:
    h = hashlib.sha256()
    for rel in built_from():
        h.update(f"{rel}\n".encode())
        h.update((ROOT / rel).read_bytes())
    return h.hexdigest()


def copy_sources(dest: Path) -> str:
    """The files the build reads, into ``dest``; their digest."""
    for rel in built_from():
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest / rel)
    return sources_digest()


def stamp_of(wheel: Path) -> str | None:
    """The sources' digest its compiled engine was built from (None: a pure wheel)."""
    with zipfile.ZipFile(wheel) as z:
        try:
            return z.read(f"{compiled.INSTALLED.as_posix()}/{compiled.STAMP}").decode().strip()
        except KeyError:
            return None


def fresh_wheel() -> Path | None:
    found = sorted((WHEELS / "dist").glob("wakkerdam-*.whl"))
    try:
        kept = (WHEELS / "SOURCES").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    fresh = found and kept == sources_digest() and stamp_of(found[-1]) == compiled.digest()
    return found[-1] if fresh else None


def build(dest: Path, *, isolated: bool = True, env: dict[str, str] | None = None) -> tuple[Path, str]:
    """A wheel of a clean copy of the sources, in ``dest/dist``; and what the
    build said. Raises RuntimeError with the build's output when no wheel came out."""
    shutil.rmtree(dest, ignore_errors=True)
    (dest / "src").mkdir(parents=True)
    digest = copy_sources(dest / "src")
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(dest / "dist"), str(dest / "src")]
    done = subprocess.run([*cmd, *([] if isolated else ["--no-build-isolation"])], capture_output=True,
                          text=True, env=env or dict(os.environ), timeout=1800)
    said = done.stdout + done.stderr
    (dest / "build.log").write_text(said, encoding="utf-8")
    made = sorted((dest / "dist").glob("wakkerdam-*.whl"))
    if done.returncode != 0 or not made:
        raise RuntimeError(f"no wheel was built:\n{said[-4000:]}")
    (dest / "SOURCES").write_text(digest + "\n", encoding="utf-8")
    return made[-1], said


def ensure() -> Path:
    """A fresh wheel, built now unless there is one."""
    WHEELS.parent.mkdir(parents=True, exist_ok=True)
    with open(WHEELS.parent / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return fresh_wheel() or build(WHEELS)[0]


def adopt(wheel: Path) -> bool:
    """The wheel's compiled engine as the checkout's build (``compiled.BUILD``),
    swapped in whole; False (nothing changed) unless it was built from
    today's sources. Call it holding ``compiled.locked()``."""
    if stamp_of(wheel) != compiled.digest():
        return False
    new = compiled.BUILD.with_name("fast-new")
    shutil.rmtree(new, ignore_errors=True)
    prefix = f"{compiled.INSTALLED.as_posix()}/"
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith(prefix) and not name.endswith("/"):
                (new / name[len(prefix):]).parent.mkdir(parents=True, exist_ok=True)
                (new / name[len(prefix):]).write_bytes(z.read(name))
    shutil.rmtree(compiled.BUILD, ignore_errors=True)
    new.rename(compiled.BUILD)
    return compiled.fresh()


def main() -> None:
    """The wheel, and the checkout's compiled engine from it; the checkout's
    build waits meanwhile (tests/test_compiled_engine.py asks for it)."""
    with compiled.locked():
        made = ensure()
        ready = compiled.fresh() or adopt(made)
    if not ready:  # a wheel without it (no compiler): the checkout's own build, to say why
        compiled.ensure_built(quiet=True)
    print(made)


if __name__ == "__main__":
    main()
