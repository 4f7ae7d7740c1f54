"""narrator/yamlfile.py's loader against ruamel.yaml's, side by side on one corpus.

The corpus: every YAML file the project ships or tests with (the scenarios,
the kits, the deck and balance tables, the language packs), the same files
edited the way tests/test_input_files_fuzz.py edits them (lines deleted,
cut, doubled, junk put in: a fixed seed), random printable text (as
tests/test_yamlfile.py's fuzz), and the syntax errors tests/test_yamlfile.py
names. Each text goes through both:

- ours: PyYAML's SafeLoader with YAML 1.1's yes/no/on/off booleans taken out,
  a key given twice refused, every mapping and list remembering its lines;
- ruamel.yaml's round-trip loader (YAML 1.2: only true/false are booleans;
  duplicate keys refused by default; every key and item has its line and
  column), its containers turned into plain data with the same lines.

Printed: how often both accept with the same data and the same line for
every key and item, both refuse pointing at the same line, or they differ
(each kind of difference with an example), and the time each takes (median
of alternated rounds). ``--json`` for one JSON object. Needs ruamel.yaml
(``pip install ruamel.yaml``; it is no dependency of the project).
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import statistics
import string
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from narrator.yamlfile import ConfigError, LocatedDict, LocatedList, load_yaml_text  # noqa: E402

#: tests/test_input_files_fuzz.py's junk
JUNK = ["", "x", "-", "1000000000000", "-1", "null", "[", "{", ": :", "\t", "werewolves: 2",
        "  - {players: 8}", "true", "0x10", "é", "🙂", "'", "players", "&a", "*a"]
#: tests/test_yamlfile.py's syntax errors
BROKEN = ["players: [Anna, Bram\nroles: {}\n", "a: 1\n  b: 2\n", "a:\n\t- x\n", "a: 1\nb: [1, 2]]\n",
          "roles:\n  Anna: seer\n  Bram: witch\n  Anna: werewolf\n", "? [a, b]\n: 1\n", "a: 1\n---\nb: 2\n",
          "a: !!python/object:os.system x\n", "a: *nowhere\n", "a: 1\nb: x\x0cy\n"]


def shipped() -> list[str]:
    files = [*sorted((ROOT / "tests" / "scenarios").glob("*.yaml")), *sorted((ROOT / "config").rglob("*.yaml")),
             *sorted((ROOT / "voices").rglob("*.yaml"))]
    return [f.read_text(encoding="utf-8") for f in files]


def mutate(text: str, rng: random.Random) -> str:
    """tests/test_input_files_fuzz.py's ``_mutate``, edits drawn from ``rng``."""
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(rng.randint(1, 4)):
        kind, i, junk = rng.randrange(5), rng.randrange(len(lines)), rng.choice(JUNK)
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines[i] = lines[i].replace(":", junk, 1)
        elif kind == 2:
            lines.insert(i, junk + "\n")
        elif kind == 3:
            lines[i] = "".join(junk if c.isdigit() else c for c in lines[i])
        else:
            lines[i] = lines[i][: len(lines[i]) // 2]
    return "".join(lines)


def edited_lines(old: str, new: str) -> set[int]:
    """The lines (1-based, of ``new``) an edit touched: changed or put in, or
    the line after one taken out."""
    out: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out.update(range(j1 + 1, max(j2, j1 + 1) + 1))
    return out


def corpus(edits: int, texts: int, seed: int) -> tuple[dict[str, list[str]], dict[str, set[int]]]:
    """The texts by part, and for each edited file the lines its edits touched."""
    rng = random.Random(seed)
    files = shipped()
    alphabet = string.printable + "äé€\t"
    edited, touched = [], {}
    for _ in range(edits):
        old = rng.choice(files)
        new = mutate(old, rng)
        edited.append(new)
        touched[new] = edited_lines(old, new)
    return {
        "shipped files": files,
        "edited files": edited,
        "random text": ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120))) for _ in range(texts)],
        "syntax errors": BROKEN,
    }, touched


# -- the two loaders, to one outcome --------------------------------------------------------

def ours(text: str) -> Any:
    return load_yaml_text(text, "f.yaml", "test", empty_ok=True)


def ruamel_loader() -> Callable[[str], Any]:
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.constructor import DuplicateKeyError
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    def plain(node: Any) -> Any:
        if isinstance(node, CommentedMap):
            out = LocatedDict((k, plain(v)) for k, v in node.items())
            out.line = node.lc.line + 1
            # a key merged in ("<<") has its line in the mapping it came from
            out.lines = {k: node.lc.key(k)[0] + 1 if k in node.lc.data else out.line for k in node}
            return out
        if isinstance(node, CommentedSeq):
            items = LocatedList(plain(v) for v in node)
            items.line = node.lc.line + 1
            items.lines = [node.lc.item(i)[0] + 1 for i in range(len(node))]
            return items
        for kind in (bool, int, float, str):  # ruamel's ScalarFloat, ...String: the plain value
            if isinstance(node, kind):
                return kind(node)
        return node

    def load(text: str) -> Any:
        yaml = YAML(typ="rt", pure=True)  # pure: the same code on every machine
        try:
            return plain(yaml.load(text))
        except DuplicateKeyError as exc:
            raise ConfigError(f"f.yaml:{exc.problem_mark.line + 1}", "journal.config_duplicate") from None
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            raise ConfigError(f"f.yaml:{mark.line + 1}" if mark else "f.yaml", "journal.config_syntax",
                              detail=str(exc.problem)) from None
        except ReaderError as exc:
            raise ConfigError(f"f.yaml:{text[:exc.position].count(chr(10)) + 1}", "journal.config_syntax",
                              detail="") from None
        except (YAMLError, TypeError, ValueError) as exc:  # what it raises past its own marks
            raise ConfigError("f.yaml", "journal.config_syntax", detail=type(exc).__name__) from None
    return load


def outcome(load: Callable[[str], Any], text: str) -> tuple[str, Any]:
    try:
        return "data", load(text)
    except ConfigError as exc:
        return "refused", exc.line
    except Exception as exc:  # noqa: BLE001 - what the comparison is about: a loader that escapes
        return "escaped", f"{type(exc).__name__}: {exc}"[:120]


def lines(node: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], int]:
    """Every key's and item's line, by its path."""
    out: dict[tuple[Any, ...], int] = {}
    if isinstance(node, LocatedDict):
        for k, v in node.items():
            out[(*path, k)] = node.lines[k]
            out.update(lines(v, (*path, k)))
    elif isinstance(node, LocatedList):
        for i, v in enumerate(node):
            out[(*path, i)] = node.lines[i]
            out.update(lines(v, (*path, i)))
    return out


def compare(a: tuple[str, Any], b: tuple[str, Any]) -> str:
    if a[0] == b[0] == "data":
        if a[1] != b[1]:
            return "both load, other data"
        return "both load, same data and lines" if lines(a[1]) == lines(b[1]) else "both load, other lines"
    if a[0] == b[0] == "refused":
        return "both refuse, same line" if a[1] == b[1] else "both refuse, other line"
    return f"ours {a[0]}, ruamel {b[0]}"


def timed(load: Callable[[str], Any], texts: list[str]) -> float:
    start = time.process_time()
    for text in texts:
        outcome(load, text)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=3000, help="edited files in the corpus")
    parser.add_argument("--texts", type=int, default=3000, help="random texts in the corpus")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        theirs = ruamel_loader()
    except ImportError:
        sys.exit("bench/yaml_loaders.py: needs ruamel.yaml (pip install ruamel.yaml)")
    parts, touched = corpus(args.edits, args.texts, args.seed)
    result: dict[str, Any] = {"corpus": {name: len(texts) for name, texts in parts.items()}, "parts": {}}
    #: of the edited files both refuse: how far each loader's line is from the nearest edit
    off: dict[str, list[int]] = {"ours": [], "ruamel": []}
    for name, texts in parts.items():
        kinds: Counter[str] = Counter()
        example: dict[str, str] = {}
        for text in texts:
            a, b = outcome(ours, text), outcome(theirs, text)
            kind = compare(a, b)
            kinds[kind] += 1
            if not kind.startswith(("both load, same", "both refuse, same")):
                example.setdefault(kind, f"{text[:70]!r} -> ours {str(a[1])[:60]} / ruamel {str(b[1])[:60]}")
            if name == "edited files" and a[0] == b[0] == "refused" and touched[text]:
                for side, (_, line) in (("ours", a), ("ruamel", b)):
                    off[side].append(min(abs((line or 0) - t) for t in touched[text]))
        result["parts"][name] = {"kinds": dict(kinds), "examples": example}
    result["refusals_at_the_edit"] = {
        side: {"within_1_line": round(sum(d <= 1 for d in ds) / len(ds), 3),
               "mean_lines_away": round(statistics.mean(ds), 2)} for side, ds in off.items() if ds}
    everything = [t for texts in parts.values() for t in texts]
    rounds: dict[str, list[float]] = {"ours": [], "ruamel": []}
    for r in range(args.rounds):
        for side, load in ((("ours", ours), ("ruamel", theirs)) if r % 2 == 0 else (("ruamel", theirs), ("ours", ours))):
            rounds[side].append(timed(load, everything))
    result["seconds"] = {side: round(statistics.median(s), 3) for side, s in rounds.items()}
    shipped_rounds = {"ours": [], "ruamel": []}
    for _ in range(args.rounds):
        for side, load in (("ours", ours), ("ruamel", theirs)):
            shipped_rounds[side].append(timed(load, parts["shipped files"]))
    result["shipped_ms_per_file"] = {side: round(1000 * statistics.median(s) / len(parts["shipped files"]), 3)
                                     for side, s in shipped_rounds.items()}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return
    print(f"corpus: {result['corpus']} (seed {args.seed})")
    for name, part in result["parts"].items():
        print(f"\n{name}:")
        for kind, n in sorted(part["kinds"].items(), key=lambda kv: -kv[1]):
            print(f"  {n:6}  {kind}")
        for kind, text in part["examples"].items():
            print(f"    e.g. {kind}: {text}")
    print(f"\nedited files both refuse: the line given, from the nearest edit: {result['refusals_at_the_edit']}")
    print(f"CPU seconds for the whole corpus (median of {args.rounds}): {result['seconds']}")
    print(f"ms per shipped file: {result['shipped_ms_per_file']}")


if __name__ == "__main__":
    main()
