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
from web.guard import CODE_MIN, Guard, qr_address, table_code_from
from web.guard import own_names as guard_names
from web.reach import DEFAULT_NAME
from web.runner import Runner
from web.story import Shelf, stories_dir

#: the port of ``local_address`` when none is given (the page's own fallback: web.reach)
DEFAULT_PORT = 8080


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="wakkerdam serve", description="The set-up and story page.")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every network)")
    p.add_argument("--port", type=int, default=None,
                   help="port to listen on (default: 80 where this user may, else 8080)")
    p.add_argument("--name", default=DEFAULT_NAME,
                   help="the page's name on the network, NAME.local, over multicast DNS "
                        "(default: wakkerdam; 'none': no name)")
    p.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--kit", help="play on this kit: minimal, full, maneschijn, or a kit file")
    how.add_argument("--bots", action="store_true", help="play every set-up with bot players")
    p.add_argument("--pace", type=float, default=0.3, help="--bots: real seconds per bot answer")
    p.add_argument("--human-seat", type=int, metavar="N",
                   help="--bots: you play seat N (1 is the first): what the box shows that seat "
                        "privately is printed here, with the talking wall its line comes from "
                        "your phone (/wall); the bots make its other choices")
    p.add_argument("--fake", action="store_true", help="--kit with fake devices (a dry run)")
    p.add_argument("--text-only", action="store_true", help="no speech synthesis")
    p.add_argument("--table-code", metavar="CODE",
                   help="the page asks for this code before anything but the talking wall "
                        "(default: $WAKKERDAM_TABLE_CODE; docs/security.md)")
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

    def __init__(self, args: argparse.Namespace, address: str, runner: Runner, fallback: str = "",
                 qr: str | None = None) -> None:
        from hardware.kit import build_kit
        from narrator.demo import make_voice

        self.pack = voices.load(args.lang)
        self.runner = runner
        self.kit = build_kit(args.kit, fake=args.fake, players=[], lang=args.lang)
        self.speaker = make_voice(self.pack, fast=False, wav=None, cues=False,
                                  text_only=args.text_only, echo=False)
        self.address = address
        #: the address by number, for phones that do not resolve the name
        self.fallback = fallback
        #: what the QR code holds: the address, with the table code if there is one
        self.qr = qr or address
        self.announce()

    def announce(self) -> None:
        display = self.kit.display
        if display is not None:
            display.show_image(qr_image(self.qr, display.device.size))
        self.say(self.pack.line("web.box.address", address=self.address))
        if self.fallback and self.fallback != self.address:
            self.say(self.pack.line("web.box.also", address=self.fallback))

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
    from web import reach
    from web.app import Page, create_app
    from web.plays import BotPlay, KitPlay, Paced

    pack = voices.load(args.lang)
    try:
        sock = reach.listen(args.host, args.port)
    except OSError as exc:
        print(f"wakkerdam: {pack.line('web.box.no_port', port=args.port or reach.PORTS[-1], reason=exc.strerror or exc)}",
              file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    if args.port is None and port != reach.PORTS[0]:
        print(pack.line("web.box.port", port=port), file=sys.stderr, flush=True)
    addresses = reach.ipv4_addresses(args.host)
    by_number = reach.url(addresses[0], port) if addresses else local_address(args.host, port)
    announcer = reach.Announcer(addresses, port)
    name = announcer.start(args.name) if args.name != "none" else None
    address = reach.url(f"{name}.local", port) if name else by_number  # the QR code holds the name
    code = table_code_from(args.table_code)
    try:
        # the name it announces is one of its own (wakkerdam.local, wakkerdam-2.local)
        names = guard_names() | ({f"{name}.local"} if name else set())
        guard = Guard(table_code=code, names=frozenset(names))
    except ValueError:
        print(f"wakkerdam serve: {pack.line('web.guard.code_short', most=CODE_MIN)}", file=sys.stderr)
        return 2
    if guard.table_code is not None and sys.stdout.isatty():  # a person's screen, never a service's log
        print(pack.line("web.guard.code_screen", code=guard.table_code), flush=True)
    wall = WallBoard()  # the talking wall's lines from the phones
    if args.kit:
        play: Any = KitPlay(args.kit, fake=args.fake, text_only=args.text_only, wall=wall)
    else:
        pace = args.pace
        play = BotPlay(wrap=lambda table: Paced(table, pace), human_seat=args.human_seat,
                       wall=wall if args.human_seat else None)
    shelf = Shelf(stories_dir())
    runner = Runner(play, shelf)
    try:
        registry = Registry.load(registry_path())
    except OSError:
        registry = Registry()
    except Exception as exc:  # a broken tokens.yaml: said once, the page still works
        print(f"wakkerdam: {exc}", file=sys.stderr)
        registry = Registry()
    app = create_app(Page(runner, lang=args.lang, registry=registry, address=address, wall=wall, guard=guard))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    web_thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="web", daemon=True)
    web_thread.start()
    print(pack.line("web.box.screen", address=address), flush=True)
    if by_number != address:
        print(pack.line("web.box.also", address=by_number), flush=True)
    if args.kit and not args.fake:
        resume_unfinished(args, wall)
    try:
        while True:
            waiting = Waiting(args, address, runner, by_number, qr_address(address, guard)) if args.kit else None
            try:
                choice = None
                while choice is None and web_thread.is_alive():
                    choice = runner.wait(0.2)
                    if choice is None and waiting is not None and (previous := waiting.poll()):
                        if runner.submit(previous) is None:
                            choice = runner.wait(1.0)
                if choice is None:
                    return 1  # the web server stopped: uvicorn said why
            finally:
                if waiting is not None:
                    waiting.close()
            runner.run(choice)
    except KeyboardInterrupt:
        pass
    finally:
        server.should_exit = True
        announcer.close()
    return 0
