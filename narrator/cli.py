"""The ``wakkerdam`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from narrator.demo import demo_main, simulate_main
from narrator.replay import replay_file
from narrator.session import resume_main


def _replay(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="wakkerdam replay", description="Play a scenario file through the engine.")
    parser.add_argument("file")
    args = parser.parse_args(argv)
    code, out, err = replay_file(args.file)
    sys.stdout.write(out)
    sys.stderr.write(err)
    return code


COMMANDS: dict[str, tuple[Callable[[list[str]], int], str]] = {
    "demo": (demo_main, "a whole narrated game of bot players (no hardware needed)"),
    "simulate": (simulate_main, "many silent bot games: win rates and games per second"),
    "resume": (resume_main, "go on with a game from its journal after a restart"),
    "replay": (_replay, "play a scenario file through the engine, print JSON"),
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: wakkerdam COMMAND [options]\n\ncommands:")
        for name, (_, text) in COMMANDS.items():
            print(f"  {name:10} {text}")
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"wakkerdam: unknown command {name!r}; try 'wakkerdam --help'", file=sys.stderr)
        return 2
    try:
        return COMMANDS[name][0](rest)
    except KeyboardInterrupt:
        print("wakkerdam: stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
