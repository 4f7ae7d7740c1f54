"""The ``wakkerdam`` command. Subcommands are imported when used, so that
``replay`` does not wait for the speech or hardware libraries to load."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from narrator import compiled

compiled.choose_for_command(sys.argv)  # before voices, which imports engine/
import voices  # noqa: E402
from engine.errors import WakkerdamError  # noqa: E402

#: name -> (module, function, help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "demo": ("narrator.demo", "demo_main", "a whole narrated game of bot players (no hardware needed)"),
    "play": ("narrator.cli", "play_main", "a real game: the laptop passed round, or --kit NAME on the box"),
    "resume": ("narrator.session", "resume_main", "go on with a game from its journal after a restart"),
    "replay": ("narrator.replay", "replay_main", "play a scenario file through the engine, print JSON"),
    "simulate": ("narrator.demo", "simulate_main", "many silent bot games: win rates and games per second"),
    "balance": ("narrator.balance.cli", "main", "is this deck fair? win rates, the swaps nearest to even, plots"),
    "enroll": ("hardware.flows", "enroll_main", "teach the box its seat tokens and role cards"),
    "hw-test": ("hardware.flows", "hw_test_main", "self-test: light, buzz and read every device of a kit"),
    "models": ("narrator.hearing.models", "main", "install and list speech recognition models"),
    "voice": ("narrator.voice.cli", "main", "hear the box's voice and cues; fill the speech cache"),
    "voices": ("narrator.voice.voices_cli", "main", "which voice each pack speaks with; install a Piper voice"),
    "villages": ("villages.cli", "main", "several boxes, one evening: pair them, run their broker"),
    "serve": ("web.serve", "serve_main", "the set-up and story page on the local network (the box's service)"),
    "compile": ("narrator.compiled", "main", "build the compiled engine (mypyc) that simulate and balance use"),
    "roles": ("narrator.roles_cli", "main", "every role of an edition (--edition forum: seed 004) and which the box plays"),
}


def _command(name: str) -> Callable[[list[str]], int]:
    module, func, _ = COMMANDS[name]
    return _command_at(module, func)


def play_main(argv: list[str]) -> int:
    """``play`` is the laptop kit unless another kit is named."""
    kit = next((a.split("=", 1)[1] for a in argv if a.startswith("--kit=")), None)
    if kit is None and "--kit" in argv and argv.index("--kit") + 1 < len(argv):
        kit = argv[argv.index("--kit") + 1]
    if kit is None or kit == "laptop":
        rest = [a for i, a in enumerate(argv)
                if not (a == "--kit" or a.startswith("--kit=") or (i > 0 and argv[i - 1] == "--kit"))]
        return _command_at("narrator.laptop.cli", "main")(rest)
    return _command_at("narrator.boxgame", "main")(argv)


#: what the packages above narrator/ add to its commands, found by name when
#: used: narrator/ never imports the layer above it (tests/test_layers.py)
ABOVE: dict[str, tuple[str, str]] = {
    "villages_evening": ("villages.demo", "evening_main"),   # demo --variant villages_unite
    "villages_resume": ("villages.demo", "resume_village"),  # resume of a village's journal
    "villages_laptop": ("villages.play", "laptop_village"),  # play --variant villages_unite
}


def above(name: str) -> Callable[..., Any]:
    """The function a package above narrator/ gives for ``name`` (see ABOVE)."""
    module, func = ABOVE[name]
    return getattr(importlib.import_module(module), func)  # type: ignore[no-any-return]


def _command_at(module: str, func: str) -> Callable[[list[str]], int]:
    return getattr(importlib.import_module(module), func)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: wakkerdam COMMAND [options]   (wakkerdam COMMAND --help for more)\n\ncommands:")
        for name, (_, _, text) in COMMANDS.items():
            print(f"  {name:10} {text}")
        return 0 if argv else 2
    from voices.args import fail, language

    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        return fail("wakkerdam", language(rest), "cli.unknown_command", name=name)
    try:
        return _command(name)(rest)
    except BrokenPipeError:  # the output's reader went away (| head)
        return 1
    except (WakkerdamError, OSError) as exc:
        # A file a person wrote (decks.yaml, a kit), a journal, a file the
        # disk refuses: one line, in the command's language.
        from narrator.yamlfile import readable

        print(f"wakkerdam: {voices.error_text(readable(exc), voices.load(language(rest)))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"wakkerdam: {voices.load(language(rest)).line('cli.stopped')}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
