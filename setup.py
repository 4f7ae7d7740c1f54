"""The package's build (pyproject.toml says the rest): the engine and the
bots compiled with mypyc into ``narrator/_compiled/`` when this machine has a
C compiler and Python's headers, so ``pip install`` gives ``simulate`` its
full speed with no step after; pure Python alone when it has not, said once.
What is compiled, how, and when it is used: narrator/compiled.py.

An editable install (``pip install -e``, what dev.sh makes) compiles
nothing: a checkout's build is ``wakkerdam compile``'s, in ``build/fast/``,
which runs this same build_ext.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from narrator import compiled  # noqa: E402  (the standard library only, until a function is called)

#: None: this build compiles the engine (else why not: compiled.why_not)
WHY_NOT = compiled.why_not()


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Package(Distribution):
    def has_ext_modules(self) -> bool:
        """A wheel for this Python and machine when it holds the compiled
        engine; one for any (``py3-none-any``) when it is pure."""
        return WHY_NOT is None


class Build(build):
    def run(self) -> None:
        if WHY_NOT is not None:
            say(compiled.build_notice(WHY_NOT))  # once: build_ext does not run then
        super().run()


class CompiledEngine(build_ext):
    """build_ext that makes the compiled engine: mypyc's extensions (built by
    a build_ext of their own: mypyc makes them only now, not when the
    command is set up) and the modules left interpreted, into
    ``<build_lib>/narrator/_compiled``."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False) or self.inplace:
            say(compiled.build_notice("editable"))
            return
        if WHY_NOT is not None:
            return
        target = Path(self.build_lib) / compiled.INSTALLED
        stamp = compiled.digest()  # the sources as they are before the compiling starts
        try:
            made = compiled.extensions(Path(self.build_temp) / "mypyc")
            engine = build_ext(Distribution({"name": "wakkerdam-compiled-engine", "ext_modules": made}))
            engine.build_lib, engine.build_temp, engine.force = str(target), self.build_temp, self.force
            engine.parallel = self.parallel or os.cpu_count() or 1
            engine.ensure_finalized()
            engine.run()
        except Exception as exc:  # noqa: BLE001 - mypyc and the compiler raise their own; the pure engine works
            shutil.rmtree(target, ignore_errors=True)
            say(compiled.build_notice("failed", reason=f"{type(exc).__name__}: {str(exc)[:200]}"))
            return
        compiled.finish(target, stamp)


setup(distclass=Package, cmdclass={"build": Build, "build_ext": CompiledEngine})
