"""Flows the kits need besides questions: dealing, enrolling tags, the
self-test. ``enroll_main`` and ``hw_test_main`` are ``wakkerdam enroll`` and
``wakkerdam hw-test``.

Dealing with real cards: each player in turn holds their role card (face
down) on the console's reader; the box learns who holds what and says only
"card read". Dealing by the box: each player in turn is handed the console
(or the laptop) and sees their own role privately.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import voices
from engine import role_ids
from hardware.events import HardwareError, Press, Tag, Typed, WiringError
from hardware.kit import Kit, build_kit
from hardware.outputs import PULSE
from hardware.tokens import CARD_COPIES, Registry, fake_registry, registry_path
from voices.args import Parser, fail

STEP_S = 60.0
POLL_S = 0.05


def _wait(kit: Kit, seconds: float, accept: Callable[[object], bool]) -> object | None:
    deadline = kit.clock.now() + seconds
    while kit.clock.now() < deadline:
        kit.poll_reader()
        ev = kit.events.get(POLL_S)
        if ev is not None and accept(ev):
            return ev
    return None


# -- dealing ---------------------------------------------------------------------
def deal_by_cards(kit: Kit, *, on_turn: Callable[[str], None] | None = None,
                  step_s: float = STEP_S) -> dict[str, str]:
    """Each player scans their role card privately; returns {player: role id}.

    A card scanned twice, a player's token or an unknown tag is refused on
    the screen and the player may try again; a role may also be typed. A
    player who scans nothing in ``step_s`` is left out of the result (the
    caller says ``hardware.deal.incomplete``). ``on_turn(player)`` lets bots act.
    """
    dealt: dict[str, str] = {}
    used: set[str] = set()
    pack = kit.pack
    for player in kit.players:
        kit.events.drain()
        kit.say_on_screen(pack.line("hardware.deal.scan", name=player))
        if on_turn is not None:
            on_turn(player)
        role = None
        deadline = kit.clock.now() + step_s
        while role is None and kit.clock.now() < deadline:
            ev = _wait(kit, deadline - kit.clock.now(), lambda e: isinstance(e, Tag | Typed))
            if isinstance(ev, Tag):
                known = kit.registry.kind(ev.uid)
                if ev.uid in used:
                    kit.say_on_screen(pack.line("hardware.deal.card_used"))
                elif known is None:
                    kit.say_on_screen(pack.line("hardware.input.unknown_tag"))
                elif known[0] != "card":
                    kit.say_on_screen(pack.line("hardware.deal.not_a_card"))
                else:
                    used.add(ev.uid)
                    role = str(known[1])
            elif isinstance(ev, Typed):
                typed = ev.text.strip().lower()
                role = voices.role_named(typed)  # what the card says, in any language
                role = role if role in role_ids() else None
                if role is None:
                    kit.say_on_screen(pack.line("hardware.input.not_understood", text=ev.text))
        if role is not None:
            dealt[player] = role
            kit.say_on_screen(pack.line("hardware.deal.scanned"))
    kit.clear_screen()
    return dealt


def deal_by_box(kit: Kit, roles: dict[str, str]) -> None:
    """Show each player, in seat order, their own role privately."""
    for player in kit.players:
        if player in roles:
            kit.private.show((player,), "hardware.deal.your_role",
                             {"role": kit.pack.role_bare(roles[player])})


# -- enrolling ----------------------------------------------------------------------
def default_cards() -> list[str]:
    return [r for r in role_ids() for _ in range(CARD_COPIES.get(r, 1))]


def enroll(kit: Kit, seats: int, cards: list[str], registry: Registry, *,
           out: Callable[[str], None], auto: bool = False, step_s: float = STEP_S) -> int:
    """Teach the box its tags: one token per seat, then every role card.
    ``auto`` (a fake kit) holds made-up tags on the reader itself. Returns how
    many tags were learnt."""
    pack = kit.pack
    if not kit.reader_ok():
        out(pack.line("hardware.enroll.no_reader"))
        return 0
    learnt = 0
    fakes = fake_registry(seats)
    steps: list[tuple[str, int | str, str]] = []
    for seat in range(1, seats + 1):
        steps.append(("seat", seat, pack.line("hardware.enroll.seat", seat=seat)))
    for n, role in enumerate(cards, start=1):
        steps.append(("card", role, pack.line("hardware.enroll.card", n=n, total=len(cards),
                                              role=pack.role_bare(role))))
    seen: set[str] = set()
    copies: dict[str, int] = {}
    for kind, what, prompt in steps:
        out(prompt)
        kit.say_on_screen(prompt)
        kit.events.drain()
        if auto:
            if kind == "seat":
                uid = fakes.token_of(int(what))
            else:
                copies[str(what)] = copies.get(str(what), 0) + 1
                uid = fakes.cards_of(str(what))[copies[str(what)] - 1]
            assert uid is not None
            kit.present(uid)
        while True:
            ev = _wait(kit, step_s, lambda e: isinstance(e, Tag | Typed) or (
                isinstance(e, Press) and e.down and e.name == "next"))
            if not isinstance(ev, Tag):
                break  # skipped (next, Enter) or nothing held on the reader
            if ev.uid in seen:
                out(pack.line("hardware.enroll.duplicate"))
                continue
            seen.add(ev.uid)
            if kind == "seat":
                registry.add_seat(ev.uid, int(what))
                out(pack.line("hardware.enroll.taken", seat=what))
            else:
                registry.add_card(ev.uid, str(what))
                out(pack.line("hardware.enroll.card_taken", role=pack.role_bare(str(what))))
            learnt += 1
            break
    kit.clear_screen()
    return learnt


def _parse_cards(text: str | None) -> list[str]:
    if not text:
        return default_cards()
    cards: list[str] = []
    for part in text.split(","):
        role, _, n = part.strip().partition("=")
        if role not in role_ids() or (n and not n.isdecimal()):
            raise ValueError(f"--cards: {part.strip()!r} is not role=count "
                             f"(roles: {', '.join(role_ids())})")
        cards += [role] * int(n or 1)
    return cards


def enroll_main(argv: list[str]) -> int:
    p = Parser(prog="wakkerdam enroll",
               description="Teach the box its seat tokens and role cards (once).")
    p.add_argument("--kit", default="minimal")
    p.add_argument("--fake", action="store_true", help="fake devices that present made-up tags")
    p.add_argument("--seats", type=int, default=18)
    p.add_argument("--cards", help="role=count,... (default: the box's cards)")
    p.add_argument("--registry", type=Path, help=f"where to save (default {registry_path()})")
    p.add_argument("--lang", default="nl")
    args = p.parse_args(argv)
    try:
        cards = _parse_cards(args.cards)
        if not 1 <= args.seats <= 24:
            return fail("wakkerdam enroll", args.lang, "cli.range", option="--seats", low=1, high=24)
        # Enrolling needs the reader only: no players are seated.
        kit = build_kit(args.kit, fake=args.fake, players=[], lang=args.lang, registry=Registry())
    except (WiringError, HardwareError, ValueError) as exc:
        return fail("wakkerdam enroll", args.lang, exc)
    path = args.registry or registry_path()
    try:
        registry = Registry.load(path)
        for line in kit.report_missing():
            print(line)
        learnt = enroll(kit, args.seats, cards, registry, out=print, auto=args.fake)
        if learnt:
            registry.save(path)
            print(kit.pack.line("hardware.enroll.saved", count=learnt, path=str(path)))
        return 0 if learnt else 1
    except (WiringError, OSError) as exc:
        return fail("wakkerdam enroll", args.lang, exc)
    finally:
        kit.close()


# -- the self-test -----------------------------------------------------------------
def self_test(kit: Kit, *, out: Callable[[str], None], step_s: float = 10.0) -> tuple[int, int]:
    """Light, buzz and read every device; returns (fine, total). On a fake
    kit the test's own instruments press the buttons and hold a tag."""
    pack = kit.pack
    out(pack.line("hardware.test.start", kit=kit.spec.name))
    results: list[bool] = []

    def report(device: str, ok: bool) -> None:
        results.append(ok)
        out(pack.line("hardware.test.ok" if ok else "hardware.test.missing", device=device))

    for missing in kit.missing:
        report(pack.line(f"hardware.device.{missing.split(' ')[0]}") + (
            f" ({missing.split(' ', 1)[1]})" if " " in missing else ""), False)
    if kit.display is not None:
        kit.display.show(pack.line("hardware.test.screen"))
        report(pack.line("hardware.device.display"), kit.display_ok())
    if kit.candles.available:
        kit.candles.light(kit.players)
        banks = {id(b): b for b in kit.candles._banks.values()}.values()
        lit = all(b.level(s) > 0 for b in banks for s in b.names) and all(b.check() for b in banks)
        kit.candles.sync([])
        report(pack.line("hardware.device.candles"), lit)
    if kit.motors:
        for player in kit.players:
            seat = kit.seat_of(player)
            if seat in kit.motors:
                kit.motors[seat].play({seat: PULSE})
        report(pack.line("hardware.device.motors"), all(m.check() for m in kit.motors.values()))
    buttons: list[tuple[str, str, Callable[[], None] | None]] = []
    if kit.console is not None:
        for name in kit.console.names:
            label = pack.line(f"hardware.button.{name}")
            buttons.append((name, label, (lambda n=name: kit.console.click(n)) if kit.fake else None))
    for player in kit.players:
        seat = kit.seat_of(player)
        if seat in kit.seat_buttons:
            label = pack.line("hardware.button.seat", seat=seat.split(":")[1])
            buttons.append((seat, label, (lambda p=player: kit.seat(p).click()) if kit.fake else None))
    pressed_all = True
    for name, label, finger in buttons:
        out(pack.line("hardware.test.press", button=label))
        kit.events.drain()
        if finger is not None:
            finger()
        ev = _wait(kit, step_s, lambda e, n=name: isinstance(e, Press) and e.name == n and e.down)
        if ev is None:
            out(pack.line("hardware.test.no_press", button=label))
            pressed_all = False
    if buttons:
        report(pack.line("hardware.device.buttons"), pressed_all and all(
            b.check() for b in [kit.console, *kit.seat_buttons.values()] if b is not None))
    if kit.reader is not None:
        out(pack.line("hardware.test.present"))
        kit.events.drain()
        if kit.fake:
            kit.present(kit.registry.token_of(1) or "5EA70001")
        ev = _wait(kit, step_s, lambda e: isinstance(e, Tag))
        if isinstance(ev, Tag):
            out(pack.line("hardware.test.read", uid=ev.uid))
        report(pack.line("hardware.device.reader"), isinstance(ev, Tag) and kit.reader_ok())
    kit.clear_screen()
    fine = sum(results)
    out(pack.line("hardware.test.summary", ok=fine, total=len(results)))
    return fine, len(results)


def hw_test_main(argv: list[str]) -> int:
    p = Parser(prog="wakkerdam hw-test",
               description="Self-test: light, buzz and read every device of a kit.")
    p.add_argument("--kit", required=True, help="laptop, minimal, full, maneschijn, or a kit file")
    p.add_argument("--fake", action="store_true",
                   help="fake devices built from the kit's wiring (checks the wiring file)")
    p.add_argument("--players", type=int, help="seats to test (default: every pod)")
    p.add_argument("--lang", default="nl")
    args = p.parse_args(argv)
    try:
        from hardware.kits import load_kit

        spec = load_kit(args.kit)
        n = args.players or len(spec.seats) or 8
        if n < 1 or (spec.seats and n > len(spec.seats)):
            return fail("wakkerdam hw-test", args.lang, "cli.range", option="--players", low=1,
                        high=len(spec.seats) or 24)
        kit = build_kit(args.kit, fake=args.fake, players=[f"seat {i}" for i in range(1, n + 1)],
                        lang=args.lang)
    except (WiringError, HardwareError, ValueError) as exc:
        return fail("wakkerdam hw-test", args.lang, exc)
    try:
        fine, total = self_test(kit, out=print)
    finally:
        kit.close()
    return 0 if fine == total else 1
