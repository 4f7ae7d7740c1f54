"""``wakkerdam villages``: set up an evening of several boxes.

    wakkerdam villages pair noord zuid oost --host 192.168.4.1 --out DIR
        one evening key, one broker user per box, the broker's TLS certificate
        (naming --host); copy DIR/<box>.json onto each box
    wakkerdam villages broker DIR
        run the evening's mosquitto (on the box or machine that hosts it)
"""

from __future__ import annotations

import argparse
import sys
import time

import voices
from villages.broker import Broker
from villages.errors import VillagesError
from villages.pairing import describe, pair
from voices.args import Parser


def main(argv: list[str]) -> int:
    parser = Parser(prog="wakkerdam villages", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pair", help="pair the boxes of one evening")
    p.add_argument("boxes", nargs="+", help="one name per village (small letters, digits)")
    p.add_argument("--host", default="127.0.0.1", help="where the broker runs, as the boxes reach it")
    p.add_argument("--port", type=int, default=8883, help="the broker's TLS port (MQTT over TLS: 8883)")
    p.add_argument("--limit-in", type=int, default=2, help="at most this many newcomers a village a day")
    p.add_argument("--limit-out", type=int, default=2, help="at most this many leave a village a day")
    p.add_argument("--out", required=True, help="folder for the pairing files")
    b = sub.add_parser("broker", help="run the evening's mosquitto in the foreground")
    b.add_argument("folder", help="the folder 'pair' wrote")
    b.add_argument("--port", type=int, default=8883)
    b.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    parser.add_argument("--lang", choices=voices.LANGUAGES, default=voices.DEFAULT_LANGUAGE)
    args = parser.parse_args(argv)
    pack = voices.load(args.lang)
    try:
        if args.command == "pair":
            pairings = pair(args.boxes, args.out, host=args.host, port=args.port,
                            limit_in=args.limit_in, limit_out=args.limit_out)
            d = describe(pairings)
            print(pack.line("villages.paired", evening=d["evening"], boxes=pack.join(d["boxes"]),
                            broker=d["broker"], limit_in=d["limit_in"], limit_out=d["limit_out"]))
            for box in d["boxes"]:
                print(pack.line("villages.copy_pairing", file=f"{args.out}/{box}.json", box=box))
            return 0
        broker = Broker(args.folder, port=args.port, bind=args.bind).start()
        print(pack.line("villages.broker_runs", address=f"{args.bind}:{broker.port}"))
        try:
            while broker.process is not None and broker.process.poll() is None:
                time.sleep(0.5)
        finally:
            broker.stop()
        return 0
    except VillagesError as exc:
        print(f"wakkerdam: {exc.message(args.lang)}", file=sys.stderr)
        return 2
