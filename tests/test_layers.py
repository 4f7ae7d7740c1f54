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
cycle. Every import counts, also one inside a function or ``TYPE_CHECKING``:
a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

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


def top_level_names(root: Path) -> set[str]:
    """The repository's top-level packages and script folders."""
    return {p.name for p in root.iterdir()
            if p.is_dir() and not p.name.startswith(".") and any(p.rglob("*.py"))}


def python_files(root: Path) -> list[Path]:
    return [f for f in root.rglob("*.py")
            if not any(part.startswith(".") for part in f.relative_to(root).parts)]


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


def test_every_import_goes_down_the_layers() -> None:
    assert layer_violations(imports_between_packages(ROOT)) == []


def test_no_import_cycle_between_top_level_packages() -> None:
    assert cycles(imports_between_packages(ROOT)) == []


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
