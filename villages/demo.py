"""``wakkerdam demo --variant villages_unite --villages 3``: bot villages, one
box each (its own deck, journal and voice), kept in step over a local
mosquitto (started for the run unless ``--pairing`` names a running one);
each village narrated to its own WAV; ``--json`` prints
``{"villages": [...]}``, one summary per village in the replay format, in the
order of the villages (noord, zuid, oost, ...)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import config
import voices
from engine import Game, WakkerdamError, deal
from narrator.demo import rule_choices, run_bot_game
from narrator.replay import summary
from narrator.session import new_journal
from villages import adapter
from villages.broker import Broker
from villages.errors import PairingError
from villages.evening import Evening
from villages.moderator import VillageModerator, rebuild
from villages.pairing import Pairing, pair

VILLAGES = ("noord", "zuid", "oost", "west", "midden", "dal")
#: with --fast, how long a box waits for a silent village before it goes on
FAST_WAIT_SECONDS = 30.0
#: the bots of all villages: an evening's names are all different
NAMES = (
    "Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot",
    "Mees", "Noor", "Otto", "Pien", "Quinten", "Roos", "Sem", "Tess", "Ugo", "Vera", "Wout", "Xandra",
    "Yara", "Zeger", "Annelies", "Bas", "Carla", "Daan", "Evi", "Floris", "Greet", "Hidde", "Ilse",
    "Joris", "Kim", "Lars", "Maud", "Niels", "Olga", "Pepijn", "Rik", "Sanne", "Thijs", "Ursula",
    "Vince", "Wies", "Yvo", "Zoë", "Aafke", "Bert", "Cato", "Dorus", "Elske", "Frits", "Gonnie",
    "Huub", "Ineke", "Jelle", "Karin", "Leen", "Marit", "Nout", "Oscar", "Petra", "Ruud", "Sjaak",
    "Tineke", "Vos", "Wim", "Ymke",
)


def evening_main(args: argparse.Namespace) -> int:
    """The demo's villages_unite branch (``narrator.demo`` parsed the options)."""
    if not 2 <= args.villages <= len(VILLAGES) or args.villages * args.players > len(NAMES):
        print(f"wakkerdam: --villages must be 2 to {len(VILLAGES)}, with at most {len(NAMES)} players "
              "in all", file=sys.stderr)
        return 2
    try:
        summaries = run_evening(args)
    except WakkerdamError as exc:
        message = exc.message(args.lang) if hasattr(exc, "message") else str(exc)
        print(f"wakkerdam: {message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"villages": summaries}, ensure_ascii=False, indent=2))
    return 0


def run_evening(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every village of the evening in this process, or (``--village``) only one:
    then each box is its own process, as on a real evening."""
    # the evening's pairing, broker and journals (--journal names the folder)
    folder = Path(args.journal) if args.journal else Path(tempfile.mkdtemp(prefix="wakkerdam-villages-"))
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    broker = None
    if args.pairing:
        first = Pairing.load(next(Path(args.pairing).glob("*.json"), Path(args.pairing) / "?.json"))
        files = {b: Path(args.pairing) / f"{b}.json" for b in first.boxes}
    else:
        made = pair(VILLAGES[:args.villages], folder)
        broker = Broker(folder).start()
        files = {b: folder / f"{b}.json" for b in made}
        for b, p in made.items():
            p.with_broker("127.0.0.1", broker.port).save(files[b])
    order = list(files)
    if args.village:
        files = {args.village: files[args.village]} if args.village in files else {}
        if not files:
            raise PairingError("villages.pairing_bad", file=str(args.pairing), problem=args.village)
    wav_dir = Path(args.wav) if args.wav else folder
    if not args.text_only:
        wav_dir.mkdir(parents=True, exist_ok=True, mode=0o700)  # the narration says who was who
        print(voices.load(args.lang).line("villages.wav_folder", folder=str(wav_dir)), file=sys.stderr)
    results: dict[str, dict[str, Any]] = {}
    errors: list[BaseException] = []

    def village(box: str) -> None:
        try:
            results[box] = play_village(args, files[box], order.index(box), folder, wav_dir)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=village, args=(b,), name=b) for b in files]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        if broker is not None:
            broker.stop()
    if errors:
        raise errors[0]
    return [results[b] for b in files]


def play_village(args: argparse.Namespace, pairing_file: Path, i: int, folder: Path,
                 wav_dir: Path) -> dict[str, Any]:
    pairing = Pairing.load(pairing_file)
    names = NAMES[i * args.players:(i + 1) * args.players]
    # the evening's other variants and options, for every village alike
    others = argparse.Namespace(**{**vars(args), "variant": [v for v in args.variant if v != adapter.VARIANT]})
    variants, options = rule_choices(others)
    setup = deal(names, config.demo_deck(args.players), args.seed * 101 + i, options=options,
                 variants=variants)
    journal = new_journal(folder / f"{pairing.box}.journal", setup, mode="villages", lang=args.lang,
                          bots=args.bots, text_only=args.text_only, village=pairing.box,
                          pairing=str(pairing_file.resolve()), fast=args.fast, wait=args.wait)
    game = Game(adapter.village_setup(setup))
    wav = None if args.text_only else str(wav_dir / f"{pairing.box}.wav")
    return _play(pairing, journal, game, 0, lang=args.lang, fast=args.fast, bots=args.bots, wav=wav,
                 cues=not args.no_cues, text_only=args.text_only, quiet=args.json, wait=args.wait)


def resume_village(journal: Any, *, fast: bool, wav: str | None, text_only: bool,
                   quiet: bool) -> dict[str, Any]:
    """``wakkerdam resume`` of a village's journal: the same box, back in its evening."""
    header = journal.header
    if header.get("kit") == "laptop":  # a real table's village (wakkerdam play)
        from villages.play import resume_at_laptop

        return resume_at_laptop(journal, text_only=text_only, wav=wav)
    game, start_at = rebuild(journal)
    return _play(Pairing.load(header["pairing"]), journal, game, start_at, lang=header.get("lang", "nl"),
                 fast=fast or header.get("fast", False), bots=header.get("bots", "sensible"), wav=wav,
                 cues=True, text_only=text_only or header.get("text_only", False), quiet=quiet,
                 resumed=True, wait=header.get("wait"))


def _play(pairing: Pairing, journal: Any, game: Game, start_at: int, *, lang: str, fast: bool,
          bots: str, wav: str | None, cues: bool, text_only: bool, quiet: bool,
          resumed: bool = False, wait: float | None = None) -> dict[str, Any]:
    echo_to = sys.stderr if quiet else sys.stdout
    if wait is None:
        # a box that is only slow (a busy machine) is waited for: going on
        # without it would change the evening (fast or not, the same seeds
        # play the same evening)
        wait = FAST_WAIT_SECONDS if fast else 120.0

    def say(text: str) -> None:
        echo_to.write(f"[{pairing.box}] {text}\n")  # one write: the villages' lines do not interleave
        echo_to.flush()

    evening = Evening(pairing, journal, lang=lang, wait_seconds=wait,
                      resend_seconds=1.0 if fast else 5.0, on_line=say)
    try:
        evening.start()
        game = run_bot_game(game.setup, lang=lang, fast=fast, bots=bots, wav=wav, cues=cues,
                            text_only=text_only, quiet_stdout=quiet, journal=journal, game=game,
                            start_at=start_at, resumed=resumed, moderator_class=VillageModerator,
                            moderator_kw={"evening": evening}, label=pairing.box)
        return summary(game, lang)
    finally:
        evening.close()
