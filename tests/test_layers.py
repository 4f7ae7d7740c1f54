"""The layers of the code, read from the imports of every .py file.

Lowest first; a package may import only packages of layers below its own:

- ``engine``: the rules, pure (imports nothing of ours);
- ``voices``, ``config``: data (the packs, the deck table and kits);
- ``ports``: the interfaces the moderator talks to (input, private channel,
  controls, speaker, clock);
- ``hardware``: the devices behind those ports (never the moderator);
- ``narrator``: the moderator, the voice, the commands.

Anything newer (``web/``, ``villages/`` ...) sits on top: it may import every
layer, and none of them may import it (``narrator.cli.ABOVE`` names what a
package on top adds to the commands, found by name when used). ``tests/`` and
``bench/`` are on top too; packages on top may import one another, without a
cycle. Inside a package, its modules import one another without a circle
either (``module_circles``). Every import counts, also one inside a function
or ``TYPE_CHECKING``: a lazy import is still a dependency, and a circle held
apart by one is still a circle.
"""

from __future__ import annotations

import ast
import warnings
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("voices", "config"),
    ("ports",),
    ("hardware",),
    ("narrator",),
    ("villages",),  # several boxes, on top of the moderator
    ("web",),  # the set-up and story page, on top of the moderator
    ("tests",),  # the tests' helpers, which the benchmarks reuse
)


#: what the package's build writes into the checkout (copies of the sources)
BUILT = frozenset({"build", "dist"})


def top_level_names(root: Path) -> set[str]:
    """The repository's top-level packages and script folders."""
    return {p.name for p in root.iterdir()
            if p.is_dir() and not p.name.startswith(".") and p.name not in BUILT and any(p.rglob("*.py"))}


def python_files(root: Path) -> list[Path]:
    return [f for f in root.rglob("*.py")
            if not any(part.startswith(".") for part in f.relative_to(root).parts)
            and f.relative_to(root).parts[0] not in BUILT]


def imports_between_packages(root: Path) -> dict[tuple[str, str], set[str]]:
    """(importing package, imported package) -> the files with such an import."""
    ours = top_level_names(root)
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in python_files(root):
        rel = path.relative_to(root)
        if len(rel.parts) < 2:
            continue  # a loose script at the root belongs to no package
        here = rel.parts[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(rel))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue  # relative imports stay inside their package
            for module in modules:
                there = module.split(".")[0]
                if there in ours and there != here:
                    edges[(here, there)].add(str(rel))
    return edges


def rank(package: str) -> int:
    """A package's layer; anything not listed is on top."""
    for i, layer in enumerate(LAYERS):
        if package in layer:
            return i
    return len(LAYERS)


def layer_violations(edges: dict[tuple[str, str], set[str]]) -> list[str]:
    def upward(a: str, b: str) -> bool:
        return rank(b) > rank(a) or (rank(b) == rank(a) < len(LAYERS))

    return [f"{a} imports {b} (in {', '.join(sorted(files))})"
            for (a, b), files in sorted(edges.items()) if upward(a, b)]


def cycles(edges: dict[tuple[str, str], set[str]]) -> list[list[str]]:
    """Every import cycle between packages (also among the ones on top)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
    found: list[list[str]] = []
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph[node]):
                if nxt == start:
                    found.append(path + [start])
                elif nxt not in path and nxt > start:  # each cycle once, from its least name
                    stack.append((nxt, path + [nxt]))
    return found


#: Import circles inside a package known and left for now, each with why. The
#: one in engine/ is type-only (TYPE_CHECKING imports among its modules); the
#: engine's restructuring (a second edition) breaks it: then delete its line.
KNOWN_CIRCLES: dict[str, str] = {
    # type-only: a registry types what registers in it (a role's steps, its
    # hooks), and those modules read the registry; weakening the registry's
    # types to structural ones would make the compiled board game's night
    # loop read its steps through generic attribute lookups (docs/growing.md)
    "engine": "type-only: the registries and what registers in them",
}


def module_name(rel: Path) -> str:
    """``hardware/kit.py`` -> ``hardware.kit``; ``engine/__init__.py`` -> ``engine``."""
    parts = list(rel.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_between_modules(root: Path) -> dict[tuple[str, str], list[str]]:
    """(importing module, imported module) -> where (``file:line``), for the
    modules of every package: absolute and relative imports, ``from p import
    m`` of a module ``p.m`` as that module, of a name as ``p`` itself."""
    files = {module_name(f.relative_to(root)): f for f in python_files(root)
             if len(f.relative_to(root).parts) > 1}

    def ours(name: str) -> str | None:
        parts = name.split(".")
        for n in range(len(parts), 0, -1):
            if ".".join(parts[:n]) in files:
                return ".".join(parts[:n])
        return None

    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        rel = path.relative_to(root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(rel))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                names = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                there = ours(name)
                if there is not None and there != module:
                    edges[(module, there)].append(f"{rel}:{node.lineno}")
    return edges


def module_circles(edges: dict[tuple[str, str], list[str]]) -> dict[str, list[list[str]]]:
    """Each top-level package with circles of imports among its own modules
    -> one circle for each knot of them (a set of modules each reachable from
    every other), each step with where its import is (``a -> b (a.py:3)``):
    the shortest way from the knot's least module back to itself."""
    graph: dict[str, set[str]] = defaultdict(set)
    for a, b in edges:
        if a.split(".")[0] == b.split(".")[0]:
            graph[a].add(b)

    def reach(start: str) -> dict[str, str]:
        """Every module reachable from ``start`` -> the one it is reached from
        on a shortest way (breadth first)."""
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier:
            reached = []
            for node in frontier:
                for nxt in sorted(graph[node] - came_from.keys()):
                    came_from[nxt] = node
                    reached.append(nxt)
            frontier = reached
        return came_from

    found: dict[str, list[list[str]]] = defaultdict(list)
    seen: set[str] = set()
    for start in sorted(graph):
        came_from = reach(start)
        if start in seen or start not in came_from:
            continue  # in a knot already shown, or in none
        knot = {m for m in came_from if start in reach(m)}
        seen |= knot
        circle = [start, came_from[start]]
        while circle[-1] != start:
            circle.append(came_from[circle[-1]])
        circle.reverse()
        found[start.split(".")[0]].append(
            [f"{a} -> {b} ({edges[(a, b)][0]})" for a, b in zip(circle, circle[1:], strict=False)])
    return dict(found)


def test_every_import_goes_down_the_layers() -> None:
    assert layer_violations(imports_between_packages(ROOT)) == []


def test_no_import_cycle_between_top_level_packages() -> None:
    assert cycles(imports_between_packages(ROOT)) == []


@cache
def _circles_here() -> dict[str, list[list[str]]]:
    """This repository's circles, read once for all its packages."""
    return module_circles(imports_between_modules(ROOT))


@pytest.mark.parametrize("package", sorted(top_level_names(ROOT)))
def test_no_import_circle_inside_a_package(package: str) -> None:
    circles = [" ; ".join(c) for c in _circles_here().get(package, [])]
    if package in KNOWN_CIRCLES:
        assert circles, f"{package}/ has no import circle any more: delete its line in KNOWN_CIRCLES"
        warnings.warn(f"the known import circle in {package}/ ({KNOWN_CIRCLES[package]}): "
                      + " | ".join(circles), stacklevel=1)
        return
    assert circles == [], f"import circles in {package}/"


def test_the_layered_packages_exist() -> None:
    names = top_level_names(ROOT)
    assert {p for layer in LAYERS for p in layer} <= names


def test_the_check_sees_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    for package, text in {
        "engine": "import math\n",
        "ports": "from engine import Game\n",
        "hardware": "def later():\n    from narrator.moderator import Moderator\n",
        "narrator": "from hardware import kit\n",
    }.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(text)
    edges = imports_between_packages(tmp_path)
    assert layer_violations(edges) == ["hardware imports narrator (in hardware/__init__.py)"]
    assert cycles(edges) == [["hardware", "narrator", "hardware"]]


def test_packages_on_top_may_import_one_another_but_not_in_a_cycle(tmp_path: Path) -> None:
    for package, text in {"narrator": "", "web": "import narrator\nimport villages\n",
                          "villages": "import narrator\n", "bench": "import web\n"}.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(text)
    assert layer_violations(imports_between_packages(tmp_path)) == []
    (tmp_path / "villages" / "__init__.py").write_text("import web\n")
    assert cycles(imports_between_packages(tmp_path)) == [["villages", "web", "villages"]]


def test_the_check_sees_a_circle_inside_a_package_held_apart_by_lazy_imports(tmp_path: Path) -> None:
    (tmp_path / "hardware").mkdir()
    for name, text in {
        "__init__.py": "",
        "events.py": "import math\n",
        "kit.py": "from hardware.events import Clock\n\ndef ports():\n    from hardware.asking import KitInput\n",
        "asking.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .kit import Kit\n",
        "flows.py": "from . import events, kit\n",
    }.items():
        (tmp_path / "hardware" / name).write_text(name and text)
    edges = imports_between_modules(tmp_path)
    assert set(edges) == {("hardware.kit", "hardware.events"), ("hardware.kit", "hardware.asking"),
                          ("hardware.asking", "hardware.kit"), ("hardware.flows", "hardware.events"),
                          ("hardware.flows", "hardware.kit")}
    assert module_circles(edges) == {"hardware": [[
        "hardware.asking -> hardware.kit (hardware/asking.py:4)",
        "hardware.kit -> hardware.asking (hardware/kit.py:4)"]]}
    # imports of one package from another are the layers' business, not a circle inside one
    (tmp_path / "ports").mkdir()
    (tmp_path / "ports" / "__init__.py").write_text("import hardware.kit\n")
    (tmp_path / "hardware" / "asking.py").write_text("import ports\n")
    assert module_circles(imports_between_modules(tmp_path)) == {}
