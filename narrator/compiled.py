"""The engine compiled with mypyc: optional, never the source of truth.

``engine/`` is plain Python and stays what every test, replay and real game
runs. ``wakkerdam compile`` (``./dev.sh compile``) turns the same sources
into C extension modules in ``build/fast/`` (mypyc, then the C compiler),
together with the narrator's modules that play bot games (``NARRATOR``: the
bots, their draws and tips, the seeds, the simulation), one library, so
their calls into the engine are native calls too. The commands that play
many bot games (``simulate``, ``balance``, the benches) put that folder
first on ``sys.path`` when it is fresh, so ``import engine`` finds the
compiled modules (and ``narrator`` those of ``NARRATOR``: see
narrator/__init__.py), and say once which engine runs.

Fresh means built from exactly today's sources: the build keeps a hash of
every ``engine/**/*.py`` and of ``NARRATOR`` (and of the Python it was built for) in
``build/fast/SOURCES``; a build from older sources is never used — the
commands fall back to the pure engine and say so (``wakkerdam compile``
rebuilds). ``WAKKERDAM_ENGINE=pure`` turns the compiled one off.

``engine/errors.py`` and ``engine/vocab.py`` stay interpreted inside the
build: mypyc cannot compile subclasses of builtin exceptions or the enums'
metaclass module as native classes. tests/test_compiled_engine.py proves
the compiled engine plays the same games as the pure one.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import narrator

if TYPE_CHECKING:  # voices imports engine: at run time only after the choice
    from voices import Pack

ROOT = Path(__file__).resolve().parents[1]
BUILD = Path(narrator.BUILD)  # ROOT / "build" / "fast"
#: mypyc's C sources and the object files, kept between builds
WORK = ROOT / "build" / "fast-work"
STAMP = "SOURCES"
#: modules left interpreted (see the module's docstring)
PURE = frozenset({"engine/errors.py", "engine/vocab.py"})
#: the narrator's modules compiled with the engine (all of a bot game's own work)
NARRATOR = ("narrator/bots.py", "narrator/draws.py", "narrator/seeds.py", "narrator/simulation.py",
            "narrator/tips.py")
ENV = "WAKKERDAM_ENGINE"
#: how mypyc and the C compiler build it (part of the build's hash: other
#: options, another build). Measured in docs/speed.md: ``-fvisibility=hidden``
#: keeps the library's own functions out of its export table, so a call
#: from one compiled function to another is a direct call, not one through
#: the PLT (8-player game: 37 % fewer mispredicted indirect jumps, 10 % fewer
#: instruction-cache misses); ``-fno-plt`` calls libpython through its GOT
#: entry, one jump fewer a call. Both are plain GCC/clang flags for any ELF
#: target (the Pi's aarch64 too), nothing tuned to the building machine.
OPT_LEVEL, MULTI_FILE = "3", True
CFLAGS = ("-fvisibility=hidden", "-fno-plt")
#: the commands that play many bot games: the compiled engine when it is fresh
FAST_COMMANDS = frozenset({"simulate", "balance"})

#: why the pure engine runs, or that the compiled one does (``use_compiled``)
COMPILED, MISSING, STALE, OFF, IMPORTED = "compiled", "missing", "stale", "off", "imported"
state: str | None = None  # not chosen yet


def sources() -> list[Path]:
    """Every module of the engine and those of ``NARRATOR``, relative to the
    checkout, in a fixed order."""
    engine = (p.relative_to(ROOT) for p in (ROOT / "engine").rglob("*.py"))
    return sorted([*engine, *map(Path, NARRATOR)])


def digest() -> str:
    """What a build is made from: the sources' paths and bytes, the Python
    version and the machine (an extension is built for one of each), and
    the build's options."""
    h = hashlib.sha256(f"{sys.implementation.cache_tag} {platform.machine()}\n".encode())
    h.update(f"-O{OPT_LEVEL} multi_file={MULTI_FILE} {' '.join(CFLAGS)}\n".encode())
    for rel in sources():
        h.update(f"{rel.as_posix()}\n".encode())
        h.update((ROOT / rel).read_bytes())
    return h.hexdigest()


def fresh() -> bool:
    """There is a build and it was made from today's sources."""
    try:
        return (BUILD / STAMP).read_text(encoding="utf-8").strip() == digest()
    except OSError:
        return False


def use_compiled() -> str:
    """Put a fresh build first on ``sys.path`` (before ``engine`` is imported);
    returns which engine will run and why (one of the states above)."""
    global state
    if os.environ.get(ENV) == "pure":
        state = OFF
    elif "engine" in sys.modules or any(module_of(rel) in sys.modules for rel in NARRATOR):
        state = COMPILED if is_compiled() else IMPORTED
    elif not (BUILD / STAMP).exists():
        state = MISSING
    elif not fresh():
        state = STALE
    else:
        sys.path.insert(0, str(BUILD))
        narrator.overlay()
        state = COMPILED
    return state


def module_of(rel: str) -> str:
    """``narrator/bots.py`` -> ``narrator.bots``."""
    return rel.removesuffix(".py").replace("/", ".")


def choose_for_command(argv: list[str]) -> None:
    """At the start of the ``wakkerdam`` program (narrator/cli.py, before
    anything imports engine/: voices does): a command of FAST_COMMANDS runs
    the compiled engine when it is fresh. Any other process (the tests, a
    program importing narrator.cli) keeps the pure engine."""
    program = Path(argv[0]).name if argv else ""
    if program in ("wakkerdam", "cli.py") and len(argv) > 1 and argv[1] in FAST_COMMANDS:
        use_compiled()


def is_compiled() -> bool:
    """The imported engine is the compiled one (its modules are extensions),
    the narrator's bots too."""
    import engine.game
    import narrator.bots

    return all(not (m.__file__ or ".py").endswith(".py") for m in (engine.game, narrator.bots))


def running() -> str:
    """Which engine runs: the state ``use_compiled`` chose, else (the engine
    was imported without a choice, as in the tests) what was imported."""
    return state or (COMPILED if is_compiled() else IMPORTED)


def say_engine(pack: Pack) -> None:
    """Say once, on stderr, which engine plays the games."""
    print(pack.line(f"cli.engine_{running()}"), file=sys.stderr)


def child_env() -> dict[str, str]:
    """The environment of a child process that imports the compiled engine
    first (raises when there is no fresh build). PYTHONSAFEPATH: the script's
    folder or the working directory (a checkout: the pure engine) does not go
    before the build."""
    if not fresh():
        raise RuntimeError("no fresh compiled engine: run `wakkerdam compile`")
    path = os.pathsep.join([str(BUILD), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep), "PYTHONSAFEPATH": "1"}


@contextmanager
def _locked() -> Iterator[None]:
    """One build at a time (CI starts one in the background while a test may
    ask for it); a waiter sees the finished build."""
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD.parent / "fast.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


class BuildError(RuntimeError):
    """The build failed; ``output``: what mypyc and the C compiler said."""

    def __init__(self, output: str) -> None:
        super().__init__("the compiled engine did not build")
        self.output = output


def ensure_built(jobs: int = 0, quiet: bool = False) -> float:
    """Build unless the build is fresh; the seconds the build took (0: it was
    fresh). The compiling runs in a child process (setuptools and mypyc
    keep global state); ``quiet``: its output only in a BuildError."""
    with _locked():
        if fresh():
            return 0.0
        start = time.perf_counter()
        cmd = [sys.executable, "-m", "narrator.compiled", "--in-child", "--jobs", str(jobs)]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=quiet, text=True)
        if out.returncode != 0:
            raise BuildError((out.stdout or "") + (out.stderr or ""))
        return time.perf_counter() - start


def _build(jobs: int) -> None:
    """mypyc + setuptools: the engine's modules as extensions in a new folder,
    swapped in for the old build only when complete."""
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)  # mypyc names the modules after their paths
    stamp = digest()
    compiled = [str(rel) for rel in sources() if rel.as_posix() not in PURE]
    new = BUILD.with_name("fast-new")
    shutil.rmtree(new, ignore_errors=True)
    extensions = mypycify(compiled, opt_level=OPT_LEVEL, separate=False, multi_file=MULTI_FILE,
                          target_dir=str(WORK / "c"))
    for extension in extensions:
        extension.extra_compile_args = [*extension.extra_compile_args, *CFLAGS]
    WORK.mkdir(parents=True, exist_ok=True)
    os.chdir(WORK)  # setuptools would read the checkout's pyproject.toml as its own project
    setup(name="wakkerdam-compiled-engine", ext_modules=extensions, script_args=[
        "--quiet", "build_ext", "--build-lib", str(new), "--build-temp", str(WORK / "obj"),
        "--parallel", str(jobs or os.cpu_count() or 1)])
    for rel in PURE:
        shutil.copy2(ROOT / rel, new / rel)
    (new / STAMP).write_text(stamp + "\n", encoding="utf-8")
    shutil.rmtree(BUILD, ignore_errors=True)
    new.rename(BUILD)


def main(argv: list[str]) -> int:
    from voices import LANGUAGES, load
    from voices.args import Parser, fail

    parser = Parser(prog="wakkerdam compile",
                    description="Build the compiled engine (mypyc) in build/fast/ for simulate, balance and bench/.")
    parser.add_argument("--jobs", type=int, default=0, help="C compilers at once (default: every core)")
    parser.add_argument("--check", action="store_true", help="only say whether the build is fresh")
    parser.add_argument("--quiet", action="store_true", help="the compilers' output only on failure")
    parser.add_argument("--lang", choices=LANGUAGES, default="nl", help="the language of its messages")
    parser.add_argument("--in-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_child:
        _build(args.jobs)
        return 0
    if args.check:
        ok = fresh()  # (hashes every engine source)
        print("fresh" if ok else "stale" if (BUILD / STAMP).exists() else "missing")
        return 0 if ok else 1
    if importlib.util.find_spec("mypyc") is None or importlib.util.find_spec("setuptools") is None:
        return fail("wakkerdam compile", args.lang, "cli.compile_needs_mypyc")
    try:
        seconds = ensure_built(args.jobs, quiet=args.quiet)
    except BuildError as exc:
        print(exc.output, end="", file=sys.stderr)
        return fail("wakkerdam compile", args.lang, "cli.compile_failed")
    pack = load(args.lang)
    folder = str(BUILD.relative_to(ROOT))
    print(pack.line("cli.compile_built", folder=folder, seconds=round(seconds)) if seconds
          else pack.line("cli.compile_fresh", folder=folder))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
