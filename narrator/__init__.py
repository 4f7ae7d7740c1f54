"""The box around the engine: narration, devices, bots, simulations.

The compiled build (narrator/compiled.py) holds compiled copies of a few of
these modules (the bots, their draws, the seeds, the simulation): when the
build's folder is on ``sys.path`` (``compiled.use_compiled``, or a child
process's PYTHONPATH), its ``narrator`` folder goes first on this package's
path, so those modules come from the build and all others from here.
"""

import os
import sys

#: the compiled build's folder (narrator/compiled.py's BUILD)
BUILD = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "build", "fast")


def overlay() -> None:
    """Put the build's compiled modules before these sources when the
    build is on ``sys.path`` (before any of them is imported)."""
    mine = os.path.join(BUILD, "narrator")
    if BUILD in sys.path and mine not in __path__:
        __path__.insert(0, mine)


overlay()
