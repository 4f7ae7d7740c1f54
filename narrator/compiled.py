"""The engine compiled with mypyc: built at install, never the source of truth.

``engine/`` is plain Python and stays what every test, replay and real game
runs. The package's build (``setup.py``, so ``pip install``) turns the same
sources into C extension modules (mypyc, then the C compiler) when the
machine has a C compiler and Python's headers, together with the narrator's
modules that play bot games (``NARRATOR``: the bots, their draws and tips,
the seeds, the simulation), one library, so their calls into the engine are
native calls too. An installed package keeps them in ``narrator/_compiled/``
beside the pure sources; without a compiler it is pure Python alone (the
build says so once, and so does each command that would have used it). In a
checkout, ``wakkerdam compile`` (``./dev.sh compile``) makes the same build
in ``build/fast/``. The commands that play many bot games (``simulate``,
``balance``, the benches) put that folder first on ``sys.path`` when it is
fresh, so ``import engine`` finds the compiled modules (and ``narrator``
those of ``NARRATOR``: see narrator/__init__.py), and say once which engine
runs. Every other command plays the pure engine: the moderator's paths
(journals, the page, the villages) are tested on it, and mypyc checks every
argument's type where pure code would take a list for a tuple.

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

import fcntl
import hashlib
import importlib.util
import os
import platform
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import narrator

if TYPE_CHECKING:  # voices imports engine: at run time only after the choice
    from voices import Pack

ROOT = Path(__file__).resolve().parents[1]
#: a checkout (``wakkerdam compile`` builds here) rather than an installed package
CHECKOUT = (ROOT / "setup.py").is_file() and (ROOT / "pyproject.toml").is_file()
BUILD = Path(narrator.BUILD)  # ROOT / "build" / "fast", or the package's own
#: where the package's build puts it, inside the package (narrator.INSTALLED)
INSTALLED = Path("narrator") / "_compiled"
#: ``wakkerdam compile``'s C sources and object files
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
    why = running()
    key = f"cli.engine_{why}_installed" if why in (MISSING, STALE) and not CHECKOUT else f"cli.engine_{why}"
    print(pack.line(key, folder=folder()), file=sys.stderr)


def folder() -> str:
    """Where the build is, as the user knows it: ``build/fast`` in a
    checkout, ``narrator/_compiled`` in an installed package."""
    return BUILD.relative_to(ROOT).as_posix() if BUILD.is_relative_to(ROOT) else str(BUILD)


def build_notice(why: str, **params: object) -> str:
    """The line the package's build says once when it installs the engine as
    pure Python (``why``: see ``why_not``; ``failed``; ``editable``: an
    editable install of a checkout); in WAKKERDAM_LANG."""
    import voices

    lang = os.environ.get("WAKKERDAM_LANG", voices.DEFAULT_LANGUAGE)
    pack = voices.load(lang if lang in voices.LANGUAGES else voices.DEFAULT_LANGUAGE)
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return pack.line(f"cli.build_pure_{why}", **{"compiler": cc, "headers": str(headers), "reason": "", **params})


def child_env() -> dict[str, str]:
    """The environment of a child process that imports the compiled engine
    first (raises when there is no fresh build). PYTHONSAFEPATH: the script's
    folder or the working directory (a checkout: the pure engine) does not go
    before the build."""
    if not fresh():
        raise RuntimeError("no fresh compiled engine: run `wakkerdam compile`")
    path = os.pathsep.join([str(BUILD), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep), "PYTHONSAFEPATH": "1"}


def why_not() -> str | None:
    """What keeps this machine from building the compiled engine (``off``,
    ``no_compiler``, ``no_headers``: ``cli.build_pure_<why>`` says it), or None."""
    if os.environ.get(ENV) == "pure":
        return "off"
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(shlex.split(cc)[0]) is None:
        return "no_compiler"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no_headers"
    return None


def extensions(c_folder: Path) -> list[Any]:
    """The engine's modules (but ``PURE``) and ``NARRATOR`` as setuptools
    extensions: mypyc writes their C into ``c_folder``; compiled with our
    options. Runs in ``ROOT`` (mypyc names the modules after their paths)."""
    from mypyc.build import mypycify

    compiled = [rel.as_posix() for rel in sources() if rel.as_posix() not in PURE]
    made = mypycify(compiled, opt_level=OPT_LEVEL, separate=False, multi_file=MULTI_FILE,
                    target_dir=str(c_folder))
    for extension in made:
        extension.extra_compile_args = [*extension.extra_compile_args, *CFLAGS]
    return made


def finish(folder: Path, stamp: str) -> None:
    """Beside the compiled modules: those left interpreted, and the stamp of
    the sources they were built from (``digest()`` before the build began)."""
    for rel in PURE:
        shutil.copy2(ROOT / rel, folder / rel)
    (folder / STAMP).write_text(stamp + "\n", encoding="utf-8")


@contextmanager
def locked() -> Iterator[None]:
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
    fresh). ``quiet``: the compilers' output only in a BuildError."""
    with locked():
        if fresh():
            return 0.0
        start = time.perf_counter()
        _build(jobs, quiet)
        return time.perf_counter() - start


def _build(jobs: int, quiet: bool) -> None:
    """The package's own build of it (setup.py's build_ext, in a child
    process), into a new folder swapped in for the old build only when complete."""
    lib = WORK / "lib"
    shutil.rmtree(lib, ignore_errors=True)
    cmd = [sys.executable, "setup.py", "--quiet", "build_ext", "--build-lib", str(lib),
           "--build-temp", str(WORK / "obj"), "--parallel", str(jobs or os.cpu_count() or 1)]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=quiet, text=True)
    made = lib / INSTALLED
    if out.returncode != 0 or not (made / STAMP).is_file():
        raise BuildError((out.stdout or "") + (out.stderr or ""))
    shutil.rmtree(BUILD, ignore_errors=True)
    made.rename(BUILD)


def main(argv: list[str]) -> int:
    from voices import LANGUAGES, load
    from voices.args import Parser, fail

    parser = Parser(prog="wakkerdam compile",
                    description="Build the compiled engine (mypyc) in build/fast/ for simulate, balance and bench/.")
    parser.add_argument("--jobs", type=int, default=0, help="C compilers at once (default: every core)")
    parser.add_argument("--check", action="store_true", help="only say whether the build is fresh")
    parser.add_argument("--quiet", action="store_true", help="the compilers' output only on failure")
    parser.add_argument("--lang", choices=LANGUAGES, default="nl", help="the language of its messages")
    args = parser.parse_args(argv)
    if args.check:
        ok = fresh()  # (hashes every engine source)
        print("fresh" if ok else "stale" if (BUILD / STAMP).exists() else "missing")
        return 0 if ok else 1
    if not CHECKOUT:  # an installed package: its build came with the install
        ok = fresh()
        print(load(args.lang).line("cli.compile_installed_fresh" if ok else "cli.compile_installed_pure",
                                   folder=folder()))
        return 0 if ok else 1
    if importlib.util.find_spec("mypyc") is None or importlib.util.find_spec("setuptools") is None:
        return fail("wakkerdam compile", args.lang, "cli.compile_needs_mypyc")
    try:
        seconds = ensure_built(args.jobs, quiet=args.quiet)
    except BuildError as exc:
        print(exc.output, end="", file=sys.stderr)
        return fail("wakkerdam compile", args.lang, "cli.compile_failed")
    pack = load(args.lang)
    print(pack.line("cli.compile_built", folder=folder(), seconds=round(seconds)) if seconds
          else pack.line("cli.compile_fresh", folder=folder()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
