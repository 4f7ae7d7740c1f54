"""Fuzzing the journal's reader with damage of every shape.

Random journals get one to three random injuries (bit flips, overwritten,
deleted or inserted bytes, lines deleted, doubled, swapped or spliced in from
another game, cuts). Whatever happens, opening must either refuse the file or
give back exactly what was written, minus a reported tail: the part it keeps
is byte for byte a whole-line prefix of the original. That is "never silently
accepted" made precise.
"""

from __future__ import annotations

import string
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.journal import Journal, JournalCorrupt

json_leaf = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=10)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(string.ascii_letters, max_size=5), inner, max_size=3),
    max_leaves=6,
)
record = st.dictionaries(st.sampled_from(["type", "ask", "answer", "n", "narration"]), json_value,
                         min_size=1)


def build(folder: Path, name: str, header: dict[str, Any], records: list[dict[str, Any]],
          finished: bool) -> bytes:
    path = folder / name
    with Journal.create(path, header) as j:
        for r in records:
            j.append(r)
        if finished:
            j.mark_finished({"winner": "village"})
    return path.read_bytes()


def split_lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def line_prefixes(data: bytes) -> set[int]:
    """Lengths at which ``data`` can be cut between lines."""
    ends, pos = {0}, 0
    for line in split_lines(data):
        pos += len(line) + 1
        ends.add(pos)
    return ends


@st.composite
def injury(draw: st.DrawFn, data: bytes, other: bytes) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(["flip", "byte", "delete", "insert", "cut", "drop_line",
                                 "double_line", "swap_lines", "splice_line", "glue_lines",
                                 "zero_block"]))
    size = len(data)
    lines = split_lines(data)
    if kind == "flip":
        pos, bit = draw(st.integers(0, size - 1)), draw(st.integers(0, 7))
        out = bytearray(data)
        out[pos] ^= 1 << bit
        return kind, bytes(out)
    if kind == "byte":
        pos = draw(st.integers(0, size - 1))
        out = bytearray(data)
        out[pos] = draw(st.integers(0, 255).filter(lambda b: b != data[pos]))
        return kind, bytes(out)
    if kind == "delete":
        pos = draw(st.integers(0, size - 1))
        return kind, data[:pos] + data[pos + draw(st.integers(1, 40)):]
    if kind == "insert":
        pos = draw(st.integers(0, size))
        return kind, data[:pos] + draw(st.binary(min_size=1, max_size=40)) + data[pos:]
    if kind == "zero_block":  # an SD card sector that came back as zeros
        start = draw(st.integers(0, (size - 1) // 64)) * 64
        return kind, data[:start] + bytes(min(64, size - start)) + data[start + 64:]
    if kind == "cut":
        return kind, data[:draw(st.integers(0, size - 1))]
    i = draw(st.integers(0, len(lines) - 1))
    if kind == "drop_line":
        del lines[i]
    elif kind == "double_line":
        lines.insert(i, lines[i])
    elif kind == "swap_lines":
        j = draw(st.integers(0, len(lines) - 1).filter(lambda j: lines[j] != lines[i]))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "splice_line":
        theirs = split_lines(other)
        lines[i] = theirs[min(i, len(theirs) - 1)]
    else:  # glue_lines: a lost newline
        if i + 1 < len(lines):
            lines[i:i + 2] = [lines[i] + lines[i + 1]]
        else:
            return kind, data[:-1]
    return kind, b"".join(line + b"\n" for line in lines)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=st.lists(record, min_size=1, max_size=6), finished=st.booleans(), data=st.data())
def test_any_damage_is_refused_or_leaves_a_clean_prefix(records: list[dict[str, Any]],
                                                        finished: bool, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory(prefix="journal-fuzz-") as tmp:
        folder = Path(tmp)
        header = {"seed": 1, "players": ["Anna", "Bram"]}
        original = build(folder, "a.journal", header, records, finished)
        other = build(folder, "b.journal", {**header, "seed": 2}, records, finished)
        damaged, kinds = original, set()
        for _ in range(data.draw(st.integers(1, 3))):
            if b"\n" not in damaged[:-1]:
                break  # too little left to injure further
            kind, damaged = data.draw(injury(damaged, other))
            kinds.add(kind)
        if damaged == original:
            return
        path = folder / "damaged.journal"
        path.write_bytes(damaged)
        try:
            journal, report = Journal.verify(path)
        except JournalCorrupt:
            return  # refused: fine
        kept = damaged[:len(damaged) - report.dropped_bytes]
        if kept != original[:len(kept)] and "splice_line" in kinds:
            # Splicing in the other game's header and cutting off everything
            # after it (or splicing in its every line) leaves a whole journal
            # of the other game: nothing can tell that from the other game's
            # file itself. It must be exactly that file's prefix, nothing mixed.
            assert len(kept) in line_prefixes(other) and kept == other[:len(kept)]
            return
        assert kept == original[:len(kept)] and len(kept) in line_prefixes(original), \
            "a damaged journal was accepted as something that was never written"
        assert journal.header == header
        assert journal.records() == records[:len(journal)]
        if journal.finished:
            assert finished and journal.records() == records
