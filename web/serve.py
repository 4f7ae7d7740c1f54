"""``wakkerdam serve``: the set-up and story page on the local network.

With ``--kit NAME`` (the box's service) the box says where the page is and
shows it as a QR code on its display, then waits for a set-up from the page,
or the previous one when *yes* is pressed on the console, plays it on the
kit, and waits again. ``--bots`` plays each set-up with bot players instead
(to try the page on a laptop).
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
from typing import Any

import voices
from narrator.wall import WallBoard
from voices.args import Parser
from web.choices import Choice
from web.runner import Runner
from web.story import Shelf, stories_dir

DEFAULT_PORT = 8080


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="wakkerdam serve", description="The set-up and story page.")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every network)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--kit", help="play on this kit: minimal, full, maneschijn, or a kit file")
    how.add_argument("--bots", action="store_true", help="play every set-up with bot players")
    p.add_argument("--pace", type=float, default=0.3, help="--bots: real seconds per bot answer")
    p.add_argument("--fake", action="store_true", help="--kit with fake devices (a dry run)")
    p.add_argument("--text-only", action="store_true", help="no speech synthesis")
    return p


def local_address(host: str, port: int) -> str:
    """The page's address as a phone on the same network reaches it."""
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}/"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent: picks the outgoing interface
            ip = s.getsockname()[0]
        except OSError:
            ip = "127.0.0.1"
    return f"http://{ip}:{port}/"


def qr_image(address: str, size: tuple[int, int]) -> Any:
    """The address as a QR code fitted to the display (a PIL image, mode 1):
    dark modules on a lit square, the way phone cameras expect them."""
    import segno
    from PIL import Image, ImageDraw

    matrix = segno.make(address, error="l").matrix
    modules = len(matrix) + 2  # the code and a quiet border of one module
    scale = max(1, min(size) // modules)
    frame = Image.new("1", size, 0)
    left, top = (size[0] - modules * scale) // 2, (size[1] - modules * scale) // 2
    draw = ImageDraw.Draw(frame)
    draw.rectangle((left, top, left + modules * scale - 1, top + modules * scale - 1), fill=1)
    for y, row in enumerate(matrix, 1):
        for x, dark in enumerate(row, 1):
            if dark:
                x0, y0 = left + x * scale, top + y * scale
                draw.rectangle((x0, y0, x0 + scale - 1, y0 + scale - 1), fill=0)
    return frame


class Waiting:
    """The box between games: the address said and shown, *yes* on the
    console takes the previous set-up."""

    def __init__(self, args: argparse.Namespace, address: str, runner: Runner) -> None:
        from hardware.kit import build_kit
        from narrator.demo import make_voice

        self.pack = voices.load(args.lang)
        self.runner = runner
        self.kit = build_kit(args.kit, fake=args.fake, players=[], lang=args.lang)
        self.speaker = make_voice(self.pack, fast=False, wav=None, cues=False,
                                  text_only=args.text_only, echo=False)
        self.address = address
        self.announce()

    def announce(self) -> None:
        display = self.kit.display
        if display is not None:
            display.show_image(qr_image(self.address, display.device.size))
        self.say(self.pack.line("web.box.address", address=self.address))

    def say(self, line: str) -> None:
        print(line, flush=True)
        self.speaker.say(line)

    def poll(self) -> Choice | None:
        if "repeat" not in self.kit.controls.poll():  # the console's yes
            return None
        previous = self.runner.previous()
        self.say(self.pack.line("web.box.previous" if previous else "web.box.no_previous"))
        return previous

    def close(self) -> None:
        self.speaker.close()
        self.kit.close()


def resume_unfinished(args: argparse.Namespace, wall: WallBoard | None = None) -> None:
    """A box game cut by a power cut goes on first, as ``play --kit`` does
    (its talking wall on the phones again, through the page's ``wall``)."""
    from narrator.boxgame import _unfinished
    from narrator.resume import resume_main

    found = _unfinished()
    if found:
        resume_main([found] + (["--text-only"] if args.text_only else []), wall=wall)


def serve_main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    import uvicorn

    from hardware.tokens import Registry, registry_path
    from web.app import Page, create_app
    from web.plays import BotPlay, KitPlay, Paced

    address = local_address(args.host, args.port)
    wall = WallBoard()  # the talking wall's lines from the phones
    if args.kit:
        play: Any = KitPlay(args.kit, fake=args.fake, text_only=args.text_only, wall=wall)
    else:
        pace = args.pace
        play = BotPlay(wrap=lambda table: Paced(table, pace))
    shelf = Shelf(stories_dir())
    runner = Runner(play, shelf)
    try:
        registry = Registry.load(registry_path())
    except OSError:
        registry = Registry()
    except Exception as exc:  # a broken tokens.yaml: said once, the page still works
        print(f"wakkerdam: {exc}", file=sys.stderr)
        registry = Registry()
    app = create_app(Page(runner, lang=args.lang, registry=registry, address=address, wall=wall))
    server = uvicorn.Server(uvicorn.Config(app, host=args.host, port=args.port, log_level="warning"))
    web_thread = threading.Thread(target=server.run, name="web", daemon=True)
    web_thread.start()
    print(voices.load(args.lang).line("web.box.screen", address=address), flush=True)
    if args.kit and not args.fake:
        resume_unfinished(args, wall)
    try:
        while True:
            waiting = Waiting(args, address, runner) if args.kit else None
            try:
                choice = None
                while choice is None and web_thread.is_alive():
                    choice = runner.wait(0.2)
                    if choice is None and waiting is not None and (previous := waiting.poll()):
                        if runner.submit(previous) is None:
                            choice = runner.wait(1.0)
                if choice is None:
                    return 1  # the web server could not start (port taken): uvicorn said why
            finally:
                if waiting is not None:
                    waiting.close()
            runner.run(choice)
    except KeyboardInterrupt:
        pass
    finally:
        server.should_exit = True
    return 0
