"""``wakkerdam voices``: which voices each pack would speak with, and
installing a Piper voice.

    wakkerdam voices list [--lang nl|de|en|all]
    wakkerdam voices install LANG [--voice NAME] [--url BASE] [--dir DIR]

``install`` fetches the language's Piper voice (``install.DEFAULT_VOICE``, or
``--voice``) with the download, resume, checksum and self-test of
``wakkerdam models install``; ``--url`` names another place that holds the
collection's files (a mirror, a local server). MBROLA's voices come from
Debian instead (``./dev.sh voices``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import voices
from narrator.hearing.models import InstallError
from voices.args import Parser

from .backends import BackendUnavailable, VoiceConfigError, candidates, describe
from .install import BASE_URL, DEFAULT_VOICE, PIPER_VOICES, install


def _ui_pack() -> voices.Pack:
    ui = os.environ.get("WAKKERDAM_LANG", voices.DEFAULT_LANGUAGE)
    return voices.load(ui if ui in voices.LANGUAGES else voices.DEFAULT_LANGUAGE)


def show(lang: str, pack: voices.Pack) -> list[str]:
    """The pack's voices, best first: the one speaking now, those
    installed, and why the others are not here."""
    from . import BACKENDS, settings_for

    lines = [pack.line("voice.list.header", lang=lang)]
    speaking = False
    for option in candidates(settings_for(voices.load(lang))):
        label = describe(option)
        try:
            BACKENDS[option.backend](option)
        except (BackendUnavailable, VoiceConfigError, KeyError) as exc:
            lines.append("  - " + pack.line("voice.list.missing", voice=label, reason=str(exc)))
            continue
        lines.append(("  - " if speaking else "  * ")
                     + pack.line("voice.list.ready" if speaking else "voice.list.speaks", voice=label))
        speaking = True
    return lines


def main(argv: list[str]) -> int:
    pack = _ui_pack()
    parser = Parser(prog="wakkerdam voices",
                    description="The voices each pack speaks with; install a Piper voice.")
    parser.add_argument("--dir", type=Path, help="where voices live (default: $WAKKERDAM_VOICES, "
                        "else beside the speech models: $WAKKERDAM_MODELS/piper or "
                        "~/.local/share/wakkerdam/models/piper)")
    sub = parser.add_subparsers(dest="action")
    listing = sub.add_parser("list", help="each pack's voices, best first, and which speaks")
    listing.add_argument("--lang", default="all", choices=(*voices.LANGUAGES, "all"))
    inst = sub.add_parser("install", help="download, check and self-test a language's Piper voice")
    inst.add_argument("lang")
    inst.add_argument("--voice", help=f"another voice ({', '.join(PIPER_VOICES)})")
    inst.add_argument("--url", default=BASE_URL, help="where the voice collection's files are")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.dir is not None:
        os.environ["WAKKERDAM_VOICES"] = str(args.dir)   # where the packs' voices are found
    if args.action in (None, "list"):
        for lang in (voices.LANGUAGES if getattr(args, "lang", "all") == "all" else (args.lang,)):
            print("\n".join(show(lang, pack)))
        print(pack.line("voice.list.available", names=", ".join(PIPER_VOICES)))
        return 0
    if args.lang not in DEFAULT_VOICE:
        print(pack.line("voice.install.unknown_lang", lang=args.lang,
                        choices=", ".join(DEFAULT_VOICE)), file=sys.stderr)
        return 2
    name = args.voice or DEFAULT_VOICE[args.lang]
    if name not in PIPER_VOICES:
        print(pack.line("voice.install.unknown", name=name, choices=", ".join(PIPER_VOICES)),
              file=sys.stderr)
        return 2
    if importlib.util.find_spec("piper") is None:
        print(pack.line("voice.install.no_piper"), file=sys.stderr)
        return 1
    shown: dict[str, int] = {}

    def progress(file: str, done: int, total: int | None) -> None:
        step = done * 10 // total if total else done // (5 << 20)
        if shown.get(file) != step:
            shown[file] = step
            print(pack.line("voice.install.downloading", name=file, done=done,
                            total=total if total is not None else "?"), flush=True)

    try:
        path = install(PIPER_VOICES[name], base_url=args.url, progress=progress,
                       report=lambda key, params: print(pack.line(key, **params), flush=True))
    except InstallError as exc:
        print(pack.line(exc.key, **exc.params), file=sys.stderr)
        return 1
    print(pack.line("voice.install.done", name=name, path=path.parent))
    print("\n".join(show(PIPER_VOICES[name].lang, pack)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
