"""Command lines that answer in the game's language.

A mistake in the arguments is one line — ``wakkerdam demo: --players wants a
whole number, not 'x' (more: wakkerdam demo --help)`` — with exit code 2,
never argparse's English usage block. The language is the command's own
``--lang`` when it names a pack, else ``WAKKERDAM_LANG``, else Dutch.
argparse's messages are read back into the packs' ``cli.*`` keys; a type
function gives a key of its own (``ArgumentTypeError("cli.seconds_pair")``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import voices

#: argparse's (English) messages and the key that says each in the packs
_MESSAGES = (
    (r"argument (?P<option>\S+): invalid (?:int|float) value: '(?P<value>.*)'", "cli.not_a_number"),
    (r"argument (?P<option>\S+): invalid choice: '(?P<value>.*?)' \(choose from (?P<choices>.*)\)",
     "cli.invalid_choice"),
    (r"argument (?P<option>\S+): expected one argument", "cli.expects_value"),
    (r"argument (?P<option>\S+): expected \S+ arguments?", "cli.expects_value"),
    (r"argument (?P<option>\S+): not allowed with argument (?P<other>\S+)", "cli.not_together"),
    (r"argument (?P<option>\S+): ignored explicit argument '(?P<value>.*)'", "cli.no_value_wanted"),
    (r"the following arguments are required: (?P<options>.*)", "cli.required"),
    (r"unrecognized arguments: (?P<args>.*)", "cli.unknown_arguments"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<choices>.*)", "cli.ambiguous"),
    (r"argument (?P<option>\S+): (?P<key>cli\.[a-z_.]+)", ""),  # a type function's own key
    (r"argument (?P<option>\S+): (?P<detail>.*)", "cli.bad_value"),
)
_COMPILED = tuple((re.compile(rx + "$", re.S), key) for rx, key in _MESSAGES)


def language(argv: Sequence[str]) -> str:
    """The language of a command's messages, from its arguments."""
    words = list(argv)
    for i, word in enumerate(words):
        lang = word.split("=", 1)[1] if word.startswith("--lang=") else (
            words[i + 1] if word == "--lang" and i + 1 < len(words) else None)
        if lang in voices.LANGUAGES:
            return lang
    env = os.environ.get("WAKKERDAM_LANG", "")
    return env if env in voices.LANGUAGES else voices.DEFAULT_LANGUAGE


def usage_line(message: str, lang: str) -> str:
    """argparse's ``message`` as one line of the pack."""
    pack = voices.load(lang)
    for rx, key in _COMPILED:
        m = rx.match(message)
        if m is None:
            continue
        params: dict[str, Any] = {k: v.replace("'", "") for k, v in m.groupdict().items()}
        if not key:  # a type function's own key: what the value should be
            if not pack.has(params["key"]):
                continue
            key, params = "cli.bad_value", {"option": params["option"], "detail": pack.line(params["key"])}
        if pack.has(key):
            return " ".join(pack.line(key, **params).split())
    return pack.line("cli.bad_arguments", detail=" ".join(message.split()))


def fail(prog: str, lang: str, problem: BaseException | str, **params: Any) -> int:
    """Say a command's mistake in one line and return its exit code, 2.
    ``problem``: an error that speaks languages (``message(lang)``), a pack
    key (with ``params``), the operating system's refusal (said in the pack,
    naming the file), or, for an error with no words of its own, its text."""
    pack = voices.load(lang)
    if isinstance(problem, str):
        text = pack.line(problem, **params) if pack.has(problem) else problem
    else:
        text = voices.error_text(problem, pack)
    print(f"{prog}: {' '.join(text.split())}", file=sys.stderr)
    return 2


def seconds(text: str) -> float:
    """A type for argparse: a number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError("cli.seconds")
    return value


def seconds_pair(text: str) -> tuple[float, float]:
    """A type for argparse: ``LO,HI`` seconds, 0 < LO <= HI."""
    try:
        lo, hi = (float(x) for x in text.split(","))
    except ValueError:
        lo = hi = 0.0
    if not 0 < lo <= hi < float("inf"):
        raise argparse.ArgumentTypeError("cli.seconds_pair")
    return lo, hi


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose mistakes are one line in the game's language."""

    _argv: Sequence[str] = ()

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: Any = None) -> tuple[Any, list[str]]:
        self._argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        lang = language(self._argv)
        hint = voices.load(lang).line("cli.more_help", prog=self.prog)
        self.exit(2, f"{self.prog}: {usage_line(message, lang)} ({hint})\n")
