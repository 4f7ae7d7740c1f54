"""The box around the engine: narration, devices, bots, simulations.

The compiled build (narrator/compiled.py) holds compiled copies of a few of
these modules (the bots, their draws, the seeds, the simulation): when the
build's folder is on ``sys.path`` (``compiled.use_compiled``, or a child
process's PYTHONPATH), its ``narrator`` folder goes first on this package's
path, so those modules come from the build and all others from here.
"""

import os
import sys

_HERE = os.path.dirname(os.path.realpath(__file__))
#: the compiled build of an installed package: its wheel's, made at install
INSTALLED = os.path.join(_HERE, "_compiled")
#: the compiled build's folder (narrator/compiled.py's BUILD): the installed
#: package's own, else a checkout's (``wakkerdam compile``)
BUILD = INSTALLED if os.path.isdir(INSTALLED) else os.path.join(os.path.dirname(_HERE), "build", "fast")


def overlay() -> None:
    """Put the build's compiled modules before these sources when the
    build is on ``sys.path`` (before any of them is imported)."""
    mine = os.path.join(BUILD, "narrator")
    if BUILD in sys.path and mine not in __path__:
        __path__.insert(0, mine)


overlay()
