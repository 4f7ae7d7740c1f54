"""``wakkerdam voice``: hear the box's voice, its cues, and fill the cache.

    wakkerdam voice say [--lang nl] [--backend B] [--wav FILE] [--fast] TEXT...
    wakkerdam voice cues [--lang nl] [--wav FILE] [--fast]
    wakkerdam voice warm [--lang nl|all] [--backend B]
    (all take --cache-dir DIR)

``warm`` renders every complete line of a pack (those without ``{params}``)
into the cache, so a box that was just installed speaks at once from its first
game on.
"""

from __future__ import annotations

import argparse
import sys
import time

import voices
from voices.args import Parser, fail, language

from . import Cue, VoiceError, make_speaker


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="wakkerdam voice",
                    description="Hear the voice of the box; fill its cache.")
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--backend", choices=("best", "espeak-ng", "pyttsx3", "piper"))
    common.add_argument("--wav", help="also write everything into this WAV file")
    common.add_argument("--fast", action="store_true", help="no real waits (with --wav)")
    common.add_argument("--cache-dir", help="where rendered lines are kept")
    say = sub.add_parser("say", parents=[common], help="speak a text")
    say.add_argument("--lang", default=voices.DEFAULT_LANGUAGE, choices=voices.LANGUAGES)
    say.add_argument("text", nargs="+")
    cues = sub.add_parser("cues", parents=[common], help="play the four sound cues")
    cues.add_argument("--lang", default=voices.DEFAULT_LANGUAGE, choices=voices.LANGUAGES)
    warm = sub.add_parser("warm", help="render every complete line of a pack into the cache")
    warm.add_argument("--lang", default=voices.DEFAULT_LANGUAGE,
                      choices=(*voices.LANGUAGES, "all"))
    warm.add_argument("--backend", choices=("best", "espeak-ng", "pyttsx3", "piper"))
    warm.add_argument("--cache-dir", help="where rendered lines are kept")
    return parser


def complete_lines(pack: voices.Pack) -> list[str]:
    """The pack's lines that need no parameters (the ones worth rendering ahead)."""
    return [text for key, text in sorted(pack.lines.items())
            if not pack.placeholders(key) and text.strip() and not key.startswith("voice.")]


def _warm(lang: str, backend: str | None, cache_dir: str | None) -> int:
    for code in (voices.LANGUAGES if lang == "all" else (lang,)):
        pack = voices.load(code)
        lines = complete_lines(pack)
        started = time.perf_counter()
        with make_speaker(pack, fast=True, backend=backend, echo=False,
                          cache_dir=cache_dir) as speaker:
            path = "-"
            if speaker.renderer is not None:
                speaker.renderer.prefetch(lines)
                speaker.renderer.settle()
                path = str(speaker.renderer.cache.directory)
        print(pack.line("voice.cli.warmed", lang=code, count=len(lines), path=path,
                        seconds=f"{time.perf_counter() - started:.1f}"))
    return 0


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help or a usage error, already printed
        return int(exc.code or 0)
    try:
        if args.command == "warm":
            return _warm(args.lang, args.backend, args.cache_dir)
        pack = voices.load(args.lang)
        with make_speaker(pack, wav_path=args.wav, fast=args.fast, backend=args.backend,
                          cache_dir=args.cache_dir, echo=True) as speaker:
            if args.command == "say":
                speaker.say(" ".join(args.text))
            else:
                for cue in Cue:
                    speaker.cue(cue)
                    speaker.silence(0.4)
            speaker.wait_until_done()
        return 0
    except VoiceError as exc:
        return fail("wakkerdam voice", args.lang if args.lang in voices.LANGUAGES else language(argv), exc)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
