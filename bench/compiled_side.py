"""The compiled engine as one more side of a bench, in the same run.

One process can import only one ``engine``, so the compiled side plays in
a child process. The child imports the engine as ``wakkerdam simulate``
would in this Python (``narrator.compiled.use_compiled``): an installed
package's own build (made by ``pip install``), else a checkout's
``build/fast/`` (``wakkerdam compile``); it is started without the checkout
on its path (``python -P``), so an installed package is what it finds. It
imports the bench's module and, on each request, runs one of its sides —
``module.<factory>(*args)`` gives a function of no arguments, made once,
kept — and answers the seconds it took (CPU time of the child when asked:
a busy machine's waiting is left out). The parent takes turns with its own
sides as usual.

``python bench/compiled_side.py MODULE`` is the child (the bench runs it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


class CompiledSide:
    """A child process with the compiled engine that runs a bench module's sides."""

    def __init__(self, module: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-P", str(Path(__file__).resolve()), module],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        hello = self._read()
        assert isinstance(hello, dict)
        #: the engine plays compiled; ``state``: why not (narrator.compiled's states); ``where``: its folder
        self.compiled, self.state, self.where = bool(hello["compiled"]), str(hello["state"]), str(hello["where"])

    @classmethod
    def start(cls, bench: str, module: str) -> CompiledSide | None:
        """The side, or None (said on stderr, with why) when ``wakkerdam
        simulate`` would run the pure engine in this Python."""
        side = cls(module)
        if side.compiled:
            print(f"{bench}: the compiled side is {side.where}", file=sys.stderr)
            return side
        side.close()
        print(f"{bench}: no compiled engine here ({side.state}: pip install . builds one with the "
              "package, wakkerdam compile in a checkout), its columns are left out", file=sys.stderr)
        return None

    def _read(self) -> object:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the compiled side's process ended")
        return json.loads(line)

    def seconds(self, factory: str, *args: object, cpu: bool = False) -> float:
        """Run ``factory(*args)()`` in the child once; the time it took."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps([factory, list(args), cpu]) + "\n")
        answer = self._read()
        assert isinstance(answer, float)
        return answer

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def serve(module: str) -> None:
    import importlib
    import importlib.util

    if importlib.util.find_spec("narrator") is None:  # not installed in this Python (a wheel, or editable)
        sys.path.append(str(ROOT))  # the checkout's then

    from narrator import compiled

    state = compiled.use_compiled()  # before the engine is imported, as the command does
    import engine.game  # (the build's, before the bench puts the checkout first on the path)

    sys.path.insert(0, str(HERE))
    bench = importlib.import_module(module)
    print(json.dumps({"compiled": compiled.is_compiled(), "state": state,
                      "where": str(Path(engine.game.__file__ or "").parent.parent)}), flush=True)
    made: dict[str, object] = {}
    for line in sys.stdin:
        factory, args, cpu = json.loads(line)
        key = json.dumps([factory, args])
        if key not in made:
            made[key] = getattr(bench, factory)(*args)
        fn = made[key]
        assert callable(fn)
        clock = time.process_time if cpu else time.perf_counter
        start = clock()
        fn()
        print(json.dumps(clock() - start), flush=True)


if __name__ == "__main__":
    serve(sys.argv[1])
