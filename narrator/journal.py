"""The journal: a game written down as its set-up plus its decisions, durably.

Why an append-only file and not SQLite: a journal is only ever appended to and
read whole at resume, one game per file. A line-per-record file with our own
chained checksums keeps every guarantee visible in this one module:
a record is durable once ``append`` returns (``write`` + ``fsync``), a torn
write can only ever be the last line, and *every* byte of the file (not just
the payload SQLite would hand back) is covered by a checksum, so a bit flip
anywhere is found. SQLite would add a page format whose own damage we could
not tell from ours, and a WAL file beside it to keep together on an SD card.

The file (ASCII, one record a line)::

    wakkerdam-journal 1
    <sha256 hex> {"header": {...}, "kind": "header", "n": 0, "prev": "<16 hex>"}
    <sha256 hex> {"kind": "record", "n": 1, "prev": "<16 hex>", "record": {...}}
    ...
    <sha256 hex> {"kind": "finished", "n": 42, "prev": "<16 hex>", "summary": {...}}

A record is a JSON object; ``records()`` gives back exactly what a reopen
reads (tuples become lists, keys become text, key order is sorted).

Each line's checksum is ``sha256(previous checksum + " " + payload)``; the
first one chains from ``sha256(magic line)``. So a changed, removed, swapped
or spliced line breaks the chain, and not only the line itself. Each payload
also names the start of the previous checksum (``"prev"``): a damaged last
line whose ``prev`` is intact but wrong belongs to another chain (a line from
another game, or out of order) and is refused rather than dropped. The checksums
catch accidents (power loss, a dying SD card), not a forger: anyone can
recompute them.

Opening verifies everything. Only the last line may be damaged (a write the
power cut short, or a flip inside it): it is dropped and reported, so that
question is asked again. Anything else is refused with :class:`JournalCorrupt`.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import voices
from engine.errors import WakkerdamError
from narrator.folders import make_parent

FORMAT_VERSION = 1
MAGIC = b"wakkerdam-journal %d" % FORMAT_VERSION
_MAGIC_PREFIX = b"wakkerdam-journal "
_GENESIS = hashlib.sha256(MAGIC).hexdigest().encode("ascii")
_HEX = re.compile(rb"[0-9a-f]{64}")
_KINDS = ("header", "record", "finished")


# --- errors ---------------------------------------------------------------

class JournalError(WakkerdamError):
    """A journal problem with one clear message.

    ``key`` and ``params`` name the line in the language packs
    (``voices/<lang>/journal.yaml``); ``str()`` gives the English text for logs,
    :meth:`message` the text in the table's language.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = voices.DEFAULT_LANGUAGE) -> str:
        return _render(lang, self.key, self.params)


class JournalCorrupt(JournalError, ValueError):
    """The file is not a journal, or is damaged beyond its last record."""


class JournalExists(JournalError, FileExistsError):
    """``create`` never overwrites a journal (it may be an unfinished game)."""


class JournalBusy(JournalError, BlockingIOError):
    """Another process (a second ``resume``) is writing this journal."""


class JournalIOError(JournalError, OSError):
    """The disk refused: cannot read, cannot write, full, read-only."""


class JournalClosed(JournalError, RuntimeError):
    """Append to a closed, read-only or finished journal."""


def _render(lang: str, key: str, params: dict[str, Any]) -> str:
    # A ``problem`` is a key itself; render it first.
    try:
        pack = voices.load(lang)
        ready = dict(params)
        if "problem" in ready:
            ready["problem"] = pack.line(ready["problem"])
        return pack.line(key, **ready)
    except Exception:  # noqa: BLE001 - a broken pack must not hide the real error
        return f"{key} {params}"


# --- the open report ------------------------------------------------------

@dataclass(frozen=True)
class OpenReport:
    """What :meth:`Journal.open` found.

    ``dropped`` is ``None`` when the file was whole; otherwise ``"torn"`` (the
    last line was cut short: the power went during a write) or ``"damaged"``
    (the last line is complete but its checksum fails), and ``dropped_bytes``
    says how much was cut off. Either way the decision in it was not durable
    or not trustworthy: that question must be asked again.
    """

    path: Path
    records: int
    finished: bool
    dropped: str | None = None
    dropped_bytes: int = 0
    #: what the dropped line was, when still legible: "record" or "finished"
    dropped_kind: str | None = None

    @property
    def ok(self) -> bool:
        return self.dropped is None

    def message(self, lang: str = voices.DEFAULT_LANGUAGE) -> str:
        """One sentence for the table (empty when nothing was dropped)."""
        if self.dropped is None:
            return ""
        if self.dropped_kind == "finished":
            # Only the end mark was lost: no question is asked again.
            return _render(lang, "journal.dropped_end", {})
        return _render(lang, f"journal.dropped_{self.dropped}", {"bytes": self.dropped_bytes})


# --- encoding and verification -------------------------------------------

def _encode(payload: dict[str, Any]) -> bytes:
    # ensure_ascii: no raw newline or multibyte character can reach the file,
    # so a line is a record and every byte is plain ASCII.
    return json.dumps(payload, ensure_ascii=True, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("ascii")


def _chain(prev: bytes, body: bytes) -> bytes:
    return hashlib.sha256(prev + b" " + body).hexdigest().encode("ascii")


def _line(prev: bytes, payload: dict[str, Any]) -> tuple[bytes, bytes]:
    body = _encode({**payload, "prev": _short(prev)})
    digest = _chain(prev, body)
    return digest + b" " + body + b"\n", digest


def _short(digest: bytes) -> str:
    return digest[:16].decode("ascii")


_PREV = re.compile(rb'"prev":"([0-9a-f]{16})"')
_KIND = re.compile(rb'[0-9a-f]{64} \{"kind":"(record|finished)"')  # keys are sorted: kind first


def _check(line: bytes, prev: bytes, n: int) -> tuple[dict[str, Any], bytes] | str:
    """The payload and checksum of one line (no newline), or a problem key."""
    if len(line) < 66 or line[64:65] != b" " or not _HEX.fullmatch(line[:64]):
        return "journal.problem.format"
    digest, body = line[:64], line[65:]
    if _chain(prev, body) != digest:
        return "journal.problem.checksum"
    try:
        payload = json.loads(body)
    except ValueError:
        return "journal.problem.format"
    if not isinstance(payload, dict) or payload.get("kind") not in _KINDS:
        return "journal.problem.format"
    if payload.get("n") != n or payload.get("prev") != _short(prev):
        return "journal.problem.order"
    if (payload["kind"] == "header") != (n == 0):
        return "journal.problem.order"
    return payload, digest


def _hides_a_record(bad: bytes, prev: bytes, n: int) -> bool:
    """Whether a damaged last line is really a whole record whose newline was
    damaged, glued to what followed. Dropping it would lose a durable record,
    so that case must be refused, not dropped."""
    for end in range(66, len(bad)):
        if bad[end - 1:end] == b"}" and not isinstance(_check(bad[:end], prev, n), str):
            return True
    return False


@dataclass
class _Parsed:
    header: dict[str, Any]
    records: list[dict[str, Any]]
    summary: dict[str, Any] | None
    good_length: int
    last_digest: bytes
    report: OpenReport


def _parse(data: bytes, path: Path) -> _Parsed:
    name = str(path)
    first, sep, rest = data.partition(b"\n")
    if first != MAGIC or not sep:
        if first == MAGIC + b"\r":
            raise JournalCorrupt("journal.corrupt_crlf", file=name)
        if first.startswith(_MAGIC_PREFIX) and sep:
            version = first[len(_MAGIC_PREFIX):].decode("ascii", "replace")
            raise JournalCorrupt("journal.corrupt_version", file=name, version=version,
                                 supported=FORMAT_VERSION)
        raise JournalCorrupt("journal.not_a_journal", file=name)
    lines = rest.split(b"\n")  # the last item is what follows the final newline
    offset = len(first) + 1
    prev = _GENESIS
    header: dict[str, Any] | None = None
    records: list[dict[str, Any]] = []
    summary: dict[str, Any] | None = None
    for i, line in enumerate(lines):
        is_tail = i == len(lines) - 1
        if is_tail and not line:
            break
        lineno = i + 2  # 1-based, after the magic line
        result = _check(line, prev, i) if not is_tail else "journal.problem.torn"
        if isinstance(result, str):
            last = is_tail or (i == len(lines) - 2 and not lines[-1])
            if i == 0:
                raise JournalCorrupt("journal.corrupt_header", file=name, problem=result)
            if not last:
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno, problem=result)
            if summary is not None:
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                     problem="journal.problem.after_end")
            if _hides_a_record(line, prev, i):
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                     problem="journal.problem.glued")
            claimed = _PREV.search(line)
            if claimed and claimed.group(1) != prev[:16]:
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                     problem="journal.problem.foreign")
            dropped = len(data) - offset
            kind = _KIND.match(line)
            report = OpenReport(path, len(records), False, "torn" if is_tail else "damaged",
                                dropped, kind.group(1).decode() if kind else None)
            assert header is not None
            return _Parsed(header, records, None, offset, prev, report)
        payload, prev = result
        if summary is not None:
            raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                 problem="journal.problem.after_end")
        kind = payload["kind"]
        if kind == "header":
            if not isinstance(payload.get("header"), dict):
                raise JournalCorrupt("journal.corrupt_header", file=name,
                                     problem="journal.problem.format")
            header = payload["header"]
        elif kind == "record":
            if not isinstance(payload.get("record"), dict):
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                     problem="journal.problem.format")
            records.append(payload["record"])
        else:
            summary = payload.get("summary")
            if not isinstance(summary, dict):
                raise JournalCorrupt("journal.corrupt", file=name, line=lineno,
                                     problem="journal.problem.format")
        offset += len(line) + 1
    if header is None:
        raise JournalCorrupt("journal.corrupt_header", file=name, problem="journal.problem.torn")
    report = OpenReport(path, len(records), summary is not None)
    return _Parsed(header, records, summary, offset, prev, report)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise JournalIOError("journal.missing", file=str(path)) from None
    except OSError as exc:
        raise JournalIOError("journal.unreadable", file=str(path),
                             reason=voices.os_reason(exc)) from None


def _fsync_dir(folder: Path) -> None:
    # The new name must be durable too, or a power cut can leave no file.
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _link_into_place(tmp: Path, path: Path) -> None:
    try:
        os.link(tmp, path)  # unlike rename, refuses to replace an existing file
    except FileExistsError:
        tmp.unlink()
        raise JournalExists("journal.exists", file=str(path)) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            tmp.unlink()
            raise
        # A file system without hard links (FAT): checked above, rename now.
        os.rename(tmp, path)
        return
    tmp.unlink()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


# --- the journal ----------------------------------------------------------

class Journal:
    """One game's journal, open for appending (or read-only, see :meth:`verify`).

    Not thread-safe: the moderator's game loop is its only writer. An exclusive
    ``flock`` keeps a second process (a boot-time resume and a manual one)
    from writing the same file.
    """

    def __init__(self, path: Path, fd: int | None, parsed: _Parsed) -> None:
        self.path = path
        self._fd = fd
        self._header = parsed.header
        self._records = parsed.records
        self._summary = parsed.summary
        self._last = parsed.last_digest
        self._length = parsed.good_length

    # creating and opening

    @classmethod
    def create(cls, path: str | os.PathLike[str], header: dict[str, Any]) -> Journal:
        """Start a new journal at ``path`` (never overwriting one) holding ``header``:
        everything needed to resume (deal, options, seed, kit, language, bot seed).

        The file is readable by its owner only (0600) and appears whole or not at
        all: it is written beside, fsync'd, then linked into place.
        """
        path = Path(path)
        if not isinstance(header, dict):
            raise TypeError("a journal header is a dict")
        line, digest = _line(_GENESIS, {"kind": "header", "n": 0, "header": header})
        data = MAGIC + b"\n" + line
        tmp: Path | None = None
        try:
            make_parent(path, 0o700)
            if path.exists():
                raise JournalExists("journal.exists", file=str(path))
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.fchmod(fd, 0o600)  # whatever the umask says
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            _link_into_place(tmp, path)
            tmp = None
            _fsync_dir(path.parent)
        except JournalError:
            raise
        except OSError as exc:
            if tmp is not None:  # a half-written journal beside is no journal: gone
                tmp.unlink(missing_ok=True)
            key = "journal.disk_full" if exc.errno == errno.ENOSPC else "journal.unwritable"
            raise JournalIOError(key, file=str(path), reason=voices.os_reason(exc)) from None
        journal, _ = cls.open(path)
        return journal

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> tuple[Journal, OpenReport]:
        """Open an existing journal for resuming: verify it whole, drop a
        damaged last record (cutting it off the file, see the report) and lock it.

        Raises :class:`JournalCorrupt` for anything worse, :class:`JournalBusy`
        when another process holds it, :class:`JournalIOError` when it cannot
        be read or written.
        """
        path = Path(path)
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except FileNotFoundError:
            raise JournalIOError("journal.missing", file=str(path)) from None
        except OSError as exc:
            raise JournalIOError("journal.unreadable", file=str(path),
                                 reason=voices.os_reason(exc)) from None
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise JournalBusy("journal.busy", file=str(path)) from None
            parsed = _parse(_read(path), path)
            if parsed.report.dropped:
                os.ftruncate(fd, parsed.good_length)
                os.fsync(fd)
        except JournalError:
            os.close(fd)
            raise
        except OSError as exc:
            os.close(fd)
            raise JournalIOError("journal.unwritable", file=str(path),
                                 reason=voices.os_reason(exc)) from None
        return cls(path, fd, parsed), parsed.report

    @classmethod
    def verify(cls, path: str | os.PathLike[str]) -> tuple[Journal, OpenReport]:
        """Like :meth:`open` but read-only: the file is not changed or locked,
        and the journal cannot be appended to (for ``replay``, tests, audits)."""
        path = Path(path)
        parsed = _parse(_read(path), path)
        return cls(path, None, parsed), parsed.report

    @staticmethod
    def find_unfinished(folder: str | os.PathLike[str]) -> list[Path]:
        """Journals in ``folder`` that are not verifiably finished, newest first.

        A damaged journal is listed too (it is not known to be finished): opening
        it then raises :class:`JournalCorrupt` with the message for the table.
        Files that are not journals are ignored.
        """
        found: list[tuple[float, Path]] = []
        try:
            entries = list(Path(folder).iterdir())
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise JournalIOError("journal.unreadable", file=str(folder),
                                 reason=voices.os_reason(exc)) from None
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_file():
                continue
            try:
                with entry.open("rb") as f:
                    if not f.read(len(_MAGIC_PREFIX)) == _MAGIC_PREFIX:
                        continue
                mtime = entry.stat().st_mtime
            except OSError:
                continue
            try:
                if _parse(_read(entry), entry).summary is not None:
                    continue
            except JournalError:
                pass
            found.append((mtime, entry))
        return [p for _, p in sorted(found, key=lambda t: (-t[0], str(t[1])))]

    # reading

    @property
    def header(self) -> dict[str, Any]:
        return self._header

    def records(self) -> list[dict[str, Any]]:
        """The records in order (a copy of the list; the dicts are the journal's)."""
        return list(self._records)

    def __len__(self) -> int:
        return len(self._records)

    @property
    def finished(self) -> bool:
        return self._summary is not None

    @property
    def summary(self) -> dict[str, Any] | None:
        """What ``mark_finished`` stored, or None while the game runs."""
        return self._summary

    # writing

    def append(self, record: dict[str, Any]) -> int:
        """Write ``record`` (a JSON-able dict) and return its number (1, 2, ...)
        once it is durable. Speak or show its effect only after this returns."""
        if not isinstance(record, dict):
            raise TypeError("a journal record is a dict")
        n = len(self._records) + 1
        stored = self._write({"kind": "record", "n": n, "record": record})
        # Keep what a reopen would read (tuples as lists, keys as text), so a
        # resumed game sees exactly what the uninterrupted one saw.
        self._records.append(stored["record"])
        return n

    def mark_finished(self, summary: dict[str, Any]) -> None:
        """Close the game for good: nothing can be appended after this."""
        if not isinstance(summary, dict):
            raise TypeError("a journal summary is a dict")
        stored = self._write({"kind": "finished", "n": len(self._records) + 1, "summary": summary})
        self._summary = stored["summary"]

    def _write(self, payload: dict[str, Any]) -> dict[str, Any]:
        if self._fd is None:
            raise JournalClosed("journal.closed", file=str(self.path))
        if self._summary is not None:
            raise JournalClosed("journal.already_finished", file=str(self.path))
        try:
            line, digest = _line(self._last, payload)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"journal record is not plain JSON: {exc}") from None
        try:
            _write_all(self._fd, line)
            os.fsync(self._fd)
        except OSError as exc:
            self._undo_partial_write()
            key = "journal.disk_full" if exc.errno == errno.ENOSPC else "journal.unwritable"
            raise JournalIOError(key, file=str(self.path), reason=voices.os_reason(exc)) from None
        self._last = digest
        self._length += len(line)
        stored: dict[str, Any] = json.loads(line[65:])
        return stored

    def _undo_partial_write(self) -> None:
        # A half-written line would make the next good record look glued to
        # garbage; cut it off, or refuse to write further if even that fails.
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._length)
            os.fsync(self._fd)
        except OSError:
            os.close(self._fd)
            self._fd = None

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # also releases the lock
            self._fd = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        fd = getattr(self, "_fd", None)
        if fd is not None:
            os.close(fd)
