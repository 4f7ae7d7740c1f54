"""The box's power budget from its usage in a game, not from data sheets alone.

    python bench/power_budget.py [--games 5] [--players 10] [--json]

Plays whole games through each kit's fake devices (config/kits/*.yaml) on
one virtual clock: real espeak-ng speech timed by its audio length, the night
calls and the discussion as the box's defaults draw them (15-22 s, 180 s),
bots' hands on the tokens and buttons, each spoken day answer a rendered name
plus the recogniser's 0.5 s of silence. It measures, per game: how long it
lasts, the seconds the speaker talks, each motor's on-time, each candle's
PWM level over time, the display's lit pixels over time and the seconds the
recogniser listens. Each device's current comes from its data sheet
(CURRENTS, the typical value docs/pi.md lists) times the measured duty; the
sum gives the average current and a battery's hours.

What is measured here is the *usage pattern*. Nothing here measures a
current: there is no Pi or meter on this machine. Measure a built box with a
USB power meter to replace the data-sheet column.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import config  # noqa: E402
import voices  # noqa: E402
from engine import Game  # noqa: E402
from hardware.bothands import KitBotTable  # noqa: E402
from hardware.events import FakeClock  # noqa: E402
from hardware.flows import deal_by_box  # noqa: E402
from hardware.kit import build_kit  # noqa: E402
from hardware.outputs import LEVELS  # noqa: E402
from narrator.bot_table import BotTable  # noqa: E402
from narrator.bots import Bots  # noqa: E402
from narrator.demo import deal  # noqa: E402
from narrator.kitdemo import CandleKeeper  # noqa: E402
from narrator.moderator import Moderator, Timing  # noqa: E402
from narrator.seeds import seeds_of  # noqa: E402
from narrator.voice import make_backend, settings_for  # noqa: E402
from narrator.voice.cache import RenderCache, Renderer  # noqa: E402
from ports import Answer, Question  # noqa: E402

KITS = ("minimal", "full", "maneschijn")
#: the recogniser's end of speech: it answers within 0.5 s of silence (DESIGN.md)
VAD_TAIL_S = 0.5
#: data-sheet currents in A at 5 V (3.3 V parts drawn from the Pi's regulator,
#: counted at 5 V); docs/pi.md "Power budget" lists the same typical values
CURRENTS = {
    "pi_idle": 0.6,         # Pi 4 idle, HDMI off
    "pi_busy": 1.3,         # Pi 4 with the recogniser decoding (all cores busy)
    "reader": 0.026,        # RC522 reading continuously (13-26 mA at 3.3 V)
    "display_full": 0.025,  # SSD1306, every pixel lit (the panel's draw scales with lit pixels)
    "microphone": 0.1,      # USB microphone, always open
    "speaker_idle": 0.05,   # USB loudspeaker, silent
    "speaker_talk": 0.35,   # USB loudspeaker talking at table volume (0.2-0.5 A at full)
    "candle_full": 0.02,    # one candle LED at full PWM duty
    "motor": 0.075,         # one coin motor running (60-90 mA)
    "expander": 0.002,      # one MCP23017 or PCA9685 idling
}


class Usage:
    """Integrates device states over the kit's clock."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.start = clock.now()
        self.on_s: dict[str, float] = defaultdict(float)  # "motor:seat:3" -> seconds x level
        self._since: dict[str, tuple[float, float]] = {}  # name -> (since, level)

    def level(self, name: str, value: float) -> None:
        now = self.clock.now()
        since, old = self._since.get(name, (now, 0.0))
        self.on_s[name] += (now - since) * old
        self._since[name] = (now, value)

    def close(self) -> None:
        for name, (_, value) in list(self._since.items()):
            self.level(name, value)

    def total(self, prefix: str) -> float:
        return sum(v for k, v in self.on_s.items() if k.startswith(prefix))


class TimedSpeaker:
    """Real espeak-ng audio, its length spent on the kit's clock."""

    def __init__(self, renderer: Renderer, clock: FakeClock, usage: Usage) -> None:
        self.renderer, self.clock, self.usage = renderer, clock, usage

    def say(self, text: str) -> None:
        seconds = self.renderer.audio(text).seconds
        self.usage.level("speaker", 1.0)
        self.clock.advance(seconds)
        self.usage.level("speaker", 0.0)

    def silence(self, seconds: float) -> None:
        self.clock.advance(seconds)

    def cue(self, name: str) -> None:
        self.say(".")

    def prefetch(self, lines: list[str]) -> None: ...
    def repeat_last(self) -> None: ...
    def louder(self) -> None: ...
    def softer(self) -> None: ...
    def close(self) -> None: ...


class Listening:
    """Each day answer spoken aloud: the recogniser listens to the name said
    (rendered speech) and to the silence that ends it."""

    def __init__(self, table: Any, renderer: Renderer, clock: FakeClock, usage: Usage) -> None:
        self.table, self.renderer, self.clock, self.usage = table, renderer, clock, usage
        self.answers = 0

    def ask(self, question: Question) -> Answer:
        answer = self.table.ask(question)
        if not question.secret:
            said = answer if isinstance(answer, str) else "niemand"
            self.answers += 1
            self.usage.level("recognition", 1.0)
            self.clock.advance(self.renderer.audio(said).seconds + VAD_TAIL_S)
            self.usage.level("recognition", 0.0)
        return answer


def instrument(kit: Any, usage: Usage) -> None:
    """Every motor, candle and the display tell ``usage`` when they change."""
    for bank in {id(b): b for b in kit.motors.values()}.values():
        inner = bank._set_many

        def set_many(values: dict[str, bool], inner: Any = inner) -> None:
            for name, on in values.items():
                usage.level(f"motor:{name}", 1.0 if on else 0.0)
            inner(values)

        bank._set_many = set_many
    for bank in {id(b): b for b in kit.candles._banks.values()}.values():
        inner_set = bank.set

        def set_candle(name: str, state: Any, inner: Any = inner_set) -> None:
            usage.level(f"candle:{name}", LEVELS[state])
            inner(name, state)

        bank.set = set_candle
    if kit.display is not None:
        inner_display = kit.display._display

        def display(image: Any, inner: Any = inner_display) -> None:
            mono = image.convert("1")
            usage.level("display", mono.histogram()[255] / (mono.width * mono.height))
            inner(image)

        kit.display._display = display


def one_game(kit_name: str, players: int, seed: int, renderer: Renderer, lang: str) -> dict[str, Any]:
    pack = voices.load(lang)
    roles = [r.value for r in config.demo_deck(players, ["witch", "hunter", "cupid", "little_girl"])]
    setup = deal(players, seed, roles)
    clock = FakeClock(0.0)
    usage = Usage(clock)
    kit = build_kit(kit_name, fake=True, players=list(setup.players), lang=lang, clock=clock)
    instrument(kit, usage)
    holder: dict[str, Moderator] = {}
    table = KitBotTable(kit, BotTable(Bots(seeds_of(setup).bots, "sensible"), lambda: holder["m"].game))
    try:
        deal_by_box(kit, {p: setup.roles[p].value for p in setup.players})
        kit.candles.light(setup.players)
        game = Game(setup)
        listening = Listening(CandleKeeper(table, kit, lambda: game.state.living()), renderer, clock, usage)
        speaker = TimedSpeaker(renderer, clock, usage)
        moderator = Moderator(game, pack, speaker, listening, kit.private, clock,
                              narration_seed=seeds_of(setup).narration,
                              timing=Timing(call_seconds=(15.0, 22.0), discussion_seconds=180.0))
        holder["m"] = moderator
        moderator.run()
        kit.candles.sync(game.state.living())
    finally:
        usage.close()
        kit.close()
    seconds = clock.now() - usage.start
    return {
        "kit": kit_name, "seconds": seconds, "talk_s": usage.total("speaker"),
        "listen_s": usage.total("recognition"), "spoken_answers": listening.answers,
        "motor_s": usage.total("motor:"), "motors": len(set(kit.motors)),
        "candle_s": usage.total("candle:"), "candles": len(kit.candles._banks),
        "display_s": usage.total("display"), "display": kit.display is not None,
        "reader": kit.reader_ok(), "expanders": len(kit.spec.expanders) + len(kit.spec.pwm),
    }


def budget(run: dict[str, Any]) -> dict[str, float]:
    """Average current (A at 5 V) of each consumer over the game."""
    t = run["seconds"]
    c = CURRENTS
    busy = run["listen_s"] / t
    out = {
        "pi": c["pi_idle"] + (c["pi_busy"] - c["pi_idle"]) * busy,
        "reader": c["reader"] if run["reader"] else 0.0,
        "display": c["display_full"] * run["display_s"] / t if run["display"] else 0.0,
        "microphone": c["microphone"],
        "speaker": c["speaker_idle"] + (c["speaker_talk"] - c["speaker_idle"]) * run["talk_s"] / t,
        "candles": c["candle_full"] * run["candle_s"] / t,
        "motors": c["motor"] * run["motor_s"] / t,
        "expanders": c["expander"] * run["expanders"],
    }
    return out


def _cpu_s() -> float:
    """CPU seconds of this process and its finished children (espeak-ng)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--lang", default="nl")
    parser.add_argument("--battery-wh", type=float, default=60.0, help="usable energy at 5 V (a 20,000 mAh bank: ~60)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pack = voices.load(args.lang)
    report: dict[str, Any] = {"players": args.players, "games": args.games, "currents_data_sheet_A": CURRENTS}
    cpu_before = _cpu_s()
    with tempfile.TemporaryDirectory() as cache_dir:
        renderer = Renderer(make_backend(settings_for(pack)), RenderCache(Path(cache_dir)), args.lang)
        for kit_name in KITS:
            runs = [one_game(kit_name, args.players, seed, renderer, args.lang) for seed in range(1, args.games + 1)]
            med = {k: statistics.median(float(r[k]) for r in runs) for k in runs[0] if k != "kit"}
            per_run = [budget(r) for r in runs]
            amps = {k: statistics.median(b[k] for b in per_run) for k in per_run[0]}
            total = sum(amps.values())
            peak_motors = CURRENTS["motor"] * med["motors"]  # a tap buzzes every seat at once
            report[kit_name] = {
                "game_min": round(med["seconds"] / 60, 1),
                "duty": {"speaker_talk": round(med["talk_s"] / med["seconds"], 3),
                         "recogniser_listen": round(med["listen_s"] / med["seconds"], 3),
                         "display_lit_pixels": round(med["display_s"] / med["seconds"], 4),
                         "motor_on_per_seat": round(med["motor_s"] / max(1, med["motors"]) / med["seconds"], 4),
                         "candle_level_per_seat": round(med["candle_s"] / max(1, med["candles"]) / med["seconds"], 3)},
                "seconds": {"talk": round(med["talk_s"]), "listen": round(med["listen_s"]),
                            "motors_all_seats": round(med["motor_s"], 1), "spoken_answers": med["spoken_answers"]},
                "average_A": {k: round(v, 4) for k, v in amps.items()},
                "total_average_A": round(total, 2), "total_average_W": round(5 * total, 1),
                "peak_A": round(CURRENTS["pi_busy"] + CURRENTS["speaker_talk"] + CURRENTS["microphone"]
                                + CURRENTS["candle_full"] * med["candles"] + peak_motors, 2),
                "battery_hours": round(args.battery_wh / (5 * total), 1),
            }
    # espeak-ng renders each distinct line once (the box's cache does the same):
    # its CPU on this PC, against the talk time of the first kit's games
    report["speech_render_cpu_s_this_pc"] = round(_cpu_s() - cpu_before, 1)
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.players} players, median of {args.games} games; currents from data sheets, duty from the games")
    for kit_name in KITS:
        r = report[kit_name]
        print(f"\n{kit_name}: a game of {r['game_min']} min, {r['seconds']['spoken_answers']:.0f} spoken answers")
        print(f"  seconds   talk {r['seconds']['talk']}, listen {r['seconds']['listen']}, "
              f"motors (all seats) {r['seconds']['motors_all_seats']}")
        print("  duty      " + ", ".join(f"{k} {v}" for k, v in r["duty"].items()))
        print("  average mA " + ", ".join(f"{k} {1000 * v:.0f}" for k, v in r["average_A"].items()))
        print(f"  total {r['total_average_A']} A ({r['total_average_W']} W) on average, peak {r['peak_A']} A; "
              f"{args.battery_wh:g} Wh last {r['battery_hours']} h")
    print(f"\nthe whole run's CPU on this PC (games, espeak-ng rendering each line once): "
          f"{report['speech_render_cpu_s_this_pc']} s")


if __name__ == "__main__":
    main()
