"""Child process that renders with pyttsx3, one utterance per request.

Run as ``python -m narrator.voice._pyttsx3_worker``. pyttsx3's espeak driver
keeps libespeak-ng's state for the whole process, prints "Audio saved to ..."
on every save and can hang; in a child of its own all three are contained: the
parent swallows its prints, kills it on a time-out and starts a fresh one.

Protocol: one JSON object per line on stdin
``{"text", "path", "voice", "rate", "pitch", "volume"}``; one JSON reply per
line on the original stdout: ``{"ok": true, "voice": ...}`` or
``{"error": "..."}``. Everything else the library prints goes to /dev/null.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO


def _reply_channel() -> TextIO:
    # Keep the real stdout for replies; send fd 1 (prints, aplay) to /dev/null.
    reply = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the process)
    return reply


def _voice_table(engine: Any) -> dict[str, str]:
    """Every accepted spelling of a voice -> its espeak identifier (gmw/nl)."""
    table: dict[str, str] = {}
    for v in engine.getProperty("voices"):
        ident = v.id.lower()
        for alias in (ident, ident.rsplit("/", 1)[-1], v.name.lower(), *(lang.lower() for lang in v.languages)):
            table.setdefault(alias, ident)
    return table


def _render(engine: Any, table: dict[str, str], req: dict[str, Any]) -> dict[str, Any]:
    voice = str(req["voice"])
    base, _, variant = voice.partition("+")
    ident = table.get(base.lower())
    if ident is None:
        return {"error": f"pyttsx3/espeak has no voice {base!r}"}
    engine.setProperty("voice", voice)
    engine.setProperty("rate", int(req["rate"]))
    engine.setProperty("pitch", int(req["pitch"]))
    engine.setProperty("volume", int(req["volume"]) / 100)
    # Properties and the save go in one runAndWait: a runAndWait with only a
    # property queued can hang.
    engine.save_to_file(str(req["text"]), str(req["path"]))
    engine.runAndWait()
    # pyttsx3 ignores a voice (or variant) it cannot set and keeps the old
    # one: compare what is set now with what was asked.
    expected = ident + (f"+{variant.lower()}" if variant else "")
    current = (engine.getProperty("voice") or "").lower()
    if current != expected:
        return {"error": f"pyttsx3 ignored voice {voice!r} (espeak kept {current!r})"}
    return {"ok": True, "voice": current}


def main() -> int:
    reply = _reply_channel()
    try:
        import pyttsx3

        engine = pyttsx3.init()
        table = _voice_table(engine)
    except Exception as exc:  # any failure to start is reported, never a traceback
        reply.write(json.dumps({"error": f"pyttsx3 cannot start: {exc}"}) + "\n")
        return 1
    reply.write(json.dumps({"ready": True}) + "\n")
    for line in sys.stdin:
        try:
            req = json.loads(line)
            answer = _render(engine, table, req)
        except Exception as exc:
            answer = {"error": f"pyttsx3 failed: {exc}"}
        reply.write(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
