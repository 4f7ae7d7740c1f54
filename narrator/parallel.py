"""Work spread over processes, with the same result as one process.

The work is a range of numbered items (games) cut into consecutive slices;
each slice is done by ``work(start, stop)`` in a worker process and the
results come back in slice order, so whatever depends only on the numbers
(a game's seed is its number) is the same for any number of jobs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

R = TypeVar("R")

#: slices a job gets, so that a slow slice does not leave a core idle at the end
SLICES_PER_JOB = 8
MIN_SLICE = 25


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def slices(items: int, jobs: int) -> list[tuple[int, int]]:
    """``range(items)`` cut into consecutive (start, stop) slices."""
    size = max(MIN_SLICE, -(-items // (jobs * SLICES_PER_JOB)))
    return [(start, min(start + size, items)) for start in range(0, items, size)]


class Workers:
    """``jobs`` processes kept for many spreads, so that they start once
    (``with Workers(jobs) as w: w.spread(...)``); one job: no processes."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Workers:
        if self.jobs > 1:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def spread(self, work: Callable[[int, int], R], items: int,
               done: Callable[[int], None] | None = None) -> list[R]:
        """``work`` over ``range(items)`` in slices; ``done(n)`` is told as each
        slice of ``n`` items ends. ``work`` must pickle (a module-level
        function or a partial of one)."""
        parts = slices(items, self.jobs)
        if self._pool is None or len(parts) <= 1:
            results = []
            for start, stop in parts:
                results.append(work(start, stop))
                if done is not None:
                    done(stop - start)
            return results
        futures = [self._pool.submit(work, start, stop) for start, stop in parts]
        if done is not None:
            for (start, stop), future in zip(parts, futures, strict=True):
                future.add_done_callback(_told(done, stop - start))
        return [f.result() for f in futures]


def _told(done: Callable[[int], None], n: int) -> Callable[[Future[Any]], None]:
    """A future's callback that tells ``done`` of its ``n`` items."""
    return lambda _future: done(n)


def spread(work: Callable[[int, int], R], items: int, jobs: int,
           done: Callable[[int], None] | None = None) -> list[R]:
    """One spread on ``jobs`` processes (see :meth:`Workers.spread`)."""
    with Workers(jobs) as workers:
        return workers.spread(work, items, done)


@contextmanager
def progress_bar(total: int, label: str, *, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr while the block runs; yields the
    ``done(n)`` to give :func:`spread`. Disabled: a ``done`` that does nothing."""
    if not enabled:
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)
