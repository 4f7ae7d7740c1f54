"""The compiled engine as one more side of a bench, in the same run.

One process can import only one ``engine``, so the compiled side plays in
a child process started with the build first on its path
(``narrator.compiled.child_env``). The child imports the bench's module and,
on each request, runs one of its sides — ``module.<factory>(*args)`` gives
a function of no arguments, made once, kept — and answers the seconds it
took (CPU time of the child when asked: a busy machine's waiting is left
out). The parent takes turns with its own sides as usual.

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
        sys.path.insert(0, str(ROOT))
        from narrator import compiled

        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), module],
                                     env=compiled.child_env(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        assert self._read() == {"compiled": True}, "the child did not import the compiled engine"

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
    sys.path[:0] = [str(HERE)]
    import importlib

    import engine.game  # noqa: F401  (the build's, before the bench puts the checkout first on the path)
    from narrator import compiled

    bench = importlib.import_module(module)
    print(json.dumps({"compiled": compiled.is_compiled()}), flush=True)  # the engine and the bots
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
