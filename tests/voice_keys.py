"""Which language-pack keys the program uses, for tests/test_voices.py.

Two sources, both read from the code so that the list grows with it:

* the source: every string constant that is a whole key (``"narration.undone"``)
  and every f-string that starts like one (``f"call.{step}.wake"``). An f-string
  whose holes can be worked out from the code becomes keys (a parameter traced
  to its call sites, ``SomeEnum.MEMBER.value``, ``SomeEnum(x).value``); one that
  cannot stays a *pattern* that at least one key must match.
* the engine's vocabulary, for keys built at run time from data: every event
  ``emit``-ted in engine/ (public: ``announce.<kind>``, private:
  ``private.<kind>``), every night step's ``call.<step>.wake/.sleep``, the ask
  lines the moderator speaks, every ``rule`` an ``IllegalAnswer`` can carry,
  every role, winner and number word.

Each use remembers where it comes from and, when the call site shows them, the
parameters the code passes, so a line cannot ask for a ``{param}`` the code
never gives.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("engine", "narrator", "hardware", "voices", "config", "villages", "web")
#: Jinja templates: ``t('web.key', param=...)`` and ``t('web.area.' ~ name)``
TEMPLATE_DIRS = ("web/templates",)

#: key areas looked for even before any pack has a line in them
BASE_PREFIXES = frozenset({
    "announce", "call", "narration", "private", "prompt", "ask", "rule", "winner", "role",
    "role_bare", "number", "list", "votes", "hardware", "speech", "voice", "journal", "web",
})
#: "voice.yaml", "decks.yaml": file names look like keys but are not
_FILE_SUFFIXES = frozenset({
    "yaml", "yml", "py", "wav", "json", "jsonl", "txt", "tmp", "onnx", "db", "sqlite", "log",
    "csv", "md", "lock", "cfg", "toml", "gz", "zip", "bin", "raw", "mp3", "ogg",
})
#: number words every pack has (seats, nights, counts)
NUMBERS = range(0, 21)
#: how deep a parameter is followed back through callers
_MAX_DEPTH = 6


@dataclass(frozen=True)
class Use:
    """One key (or key pattern) the program needs.

    ``key`` is a key, or for an f-string that could not be worked out, a
    pattern with ``{}`` for each hole (``"call.{}.wake"``). ``params`` are the
    keyword parameters the call site passes, ``None`` when not known.
    """

    key: str
    where: str
    params: frozenset[str] | None = None

    @property
    def pattern(self) -> bool:
        return "{}" in self.key

    def matches(self, key: str) -> bool:
        if not self.pattern:
            return key == self.key
        parts = [re.escape(p) for p in self.key.split("{}")]
        return re.fullmatch("[^.]+".join(parts), key) is not None


class Unresolved(Exception):
    """A hole in an f-string (or a traced argument) that the code does not pin down."""


# -- the parsed source ----------------------------------------------------------------------
@dataclass(frozen=True)
class Module:
    name: str  # dotted, "engine.night"
    path: Path
    tree: ast.Module
    parents: dict[ast.AST, ast.AST]

    @property
    def rel(self) -> str:
        return self.path.relative_to(ROOT).as_posix()

    def where(self, node: ast.AST) -> str:
        return f"{self.rel}:{getattr(node, 'lineno', 0)}"

    def enclosing_functions(self, node: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield node


@cache
def modules() -> tuple[Module, ...]:
    found = []
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found.append(Module(".".join(parts), path, tree, parents))
    return tuple(found)


def _module_object(mod: Module) -> object | None:
    try:
        return importlib.import_module(mod.name)
    except Exception:  # a module that cannot be imported here (a Pi-only library)
        return None


class _Kind:
    """An Enum or an open id kind (``engine.vocab.Id``) seen the same way:
    named members and every value."""

    def __init__(self, kind: type) -> None:
        self.kind = kind

    @property
    def __members__(self) -> dict[str, Any]:
        if issubclass(self.kind, Enum):
            return dict(self.kind.__members__)
        return {n: getattr(self.kind, n) for n in dir(self.kind)
                if n.isupper() and isinstance(getattr(self.kind, n), self.kind)}

    def __getitem__(self, name: str) -> Any:
        return self.__members__[name]

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self.kind))


def _enum_named(mod: Module, name: str) -> _Kind | None:
    from engine.vocab import Id

    obj = getattr(_module_object(mod), name, None)
    if isinstance(obj, type) and (issubclass(obj, Enum) or issubclass(obj, Id)):
        return _Kind(obj)
    return None


# -- working out what an expression can be -----------------------------------------------------
def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    a = fn.args
    return [*a.posonlyargs, *a.args, *a.kwonlyargs]


def _calls_to(name: str) -> Iterator[tuple[Module, ast.Call]]:
    for mod in modules():
        for node in ast.walk(mod.tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            # f(...) or module.f(...) (answers.target(...)), not obj.f()
            if (isinstance(func, ast.Name) and func.id == name) or (
                    isinstance(func, ast.Attribute) and func.attr == name
                    and isinstance(func.value, ast.Name)
                    and isinstance(getattr(_module_object(mod), func.value.id, None), ModuleType)):
                yield mod, node


def _argument(call: ast.Call, fn: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == param:
            return kw.value
    positional = [*fn.args.posonlyargs, *fn.args.args]
    for i, a in enumerate(positional):
        if a.arg == param and i < len(call.args) and not isinstance(call.args[i], ast.Starred):
            return call.args[i]
    return None


def _guards(mod: Module, node: ast.AST, fn: ast.AST) -> set[str]:
    """Names of plain ``if NAME:`` tests between ``node`` and its function:
    a caller passing ``NAME=False`` never reaches ``node``."""
    names = set()
    child = node
    while child in mod.parents and child is not fn:
        parent = mod.parents[child]
        if isinstance(parent, ast.If) and child in parent.body and isinstance(parent.test, ast.Name):
            names.add(parent.test.id)
        child = parent
    return names


def values(mod: Module, node: ast.expr, depth: int = 0) -> set[str]:
    """Every string ``node`` can be, or :class:`Unresolved`."""
    if depth > _MAX_DEPTH:
        raise Unresolved("traced too deep")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.JoinedStr):
        pieces = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                if part.format_spec is not None or part.conversion != -1:
                    raise Unresolved("formatted hole")
                pieces.append(sorted(values(mod, part.value, depth + 1)))
            else:
                pieces.append(sorted(values(mod, part, depth + 1)))
        return {"".join(p) for p in itertools.product(*pieces)}
    if isinstance(node, ast.IfExp):
        return values(mod, node.body, depth + 1) | values(mod, node.orelse, depth + 1)
    if isinstance(node, ast.Attribute):
        # Enum.MEMBER / Enum.MEMBER.value / Enum(x).value: the enum's values
        target = node.value if node.attr == "value" else node
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            enum = _enum_named(mod, target.value.id)
            if enum is not None and target.attr in enum.__members__:
                return {str(enum[target.attr].value)}
        if node.attr == "value" and isinstance(target, ast.Call) and isinstance(target.func, ast.Name):
            enum = _enum_named(mod, target.func.id)
            if enum is not None:
                return {str(m.value) for m in enum}
        if node.attr == "value" and isinstance(target, ast.Name):
            defined = _defined_id(mod, target.id)
            if defined is not None:
                return {defined}
            return _parameter_values(mod, node, target.id, depth, enum_only=True)
        raise Unresolved(ast.unparse(node))
    if isinstance(node, ast.Name):
        defined = _defined_id(mod, node.id)
        if defined is not None:
            return {defined}
        return _parameter_values(mod, node, node.id, depth, enum_only=False)
    raise Unresolved(ast.unparse(node))


def _defined_id(mod: Module, name: str) -> str | None:
    """``NAME = Kind.define("literal")`` at a module's top: the literal (a
    role, ask or cause a module adds to the vocabulary)."""
    for stmt in mod.tree.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name
                and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute)
                and stmt.value.func.attr == "define" and stmt.value.args
                and isinstance(stmt.value.args[0], ast.Constant)):
            return str(stmt.value.args[0].value)
    return None


def _parameter_values(mod: Module, node: ast.AST, name: str, depth: int, *, enum_only: bool) -> set[str]:
    """A function parameter: what its callers pass (its enum's every value
    when a caller passes something that cannot be worked out)."""
    for fn in mod.enclosing_functions(node):
        param = next((p for p in _params(fn) if p.arg == name), None)
        if param is None:
            continue
        enum = None
        if isinstance(param.annotation, ast.Name):
            enum = _enum_named(mod, param.annotation.id)
        guards = {p.arg for p in _params(fn)} & _guards(mod, node, fn)
        found: set[str] = set()
        callers = 0
        for caller_mod, call in _calls_to(fn.name):
            if any(isinstance(_argument(call, fn, g), ast.Constant) and _argument(call, fn, g).value is False
                   for g in guards):
                continue  # this caller turns the use off
            callers += 1
            arg = _argument(call, fn, name)
            if arg is None:
                raise Unresolved(f"{fn.name}() called without {name}")
            try:
                if enum_only:
                    found |= values(caller_mod, ast.Attribute(arg, "value"), depth + 1)
                else:
                    found |= values(caller_mod, arg, depth + 1)
            except Unresolved:
                if enum is None:
                    raise
                found |= {str(m.value) for m in enum}
        if callers == 0:
            raise Unresolved(f"nobody calls {fn.name}()")
        return found
    raise Unresolved(name)


# -- keys written in the source ----------------------------------------------------------------
def _is_module_path(text: str) -> bool:
    """"hardware.flows" in a table of lazily imported commands is a module."""
    base = ROOT.joinpath(*text.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _looks_like_key(text: str, prefixes: frozenset[str]) -> bool:
    if re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+", text) is None:
        return False
    if _is_module_path(text):
        return False
    return text.split(".", 1)[0] in prefixes and text.rsplit(".", 1)[1] not in _FILE_SUFFIXES


def _pattern(node: ast.JoinedStr) -> str:
    return "".join("{}" if isinstance(p, ast.FormattedValue) else str(p.value) for p in node.values)


def _call_params(mod: Module, node: ast.AST) -> frozenset[str] | None:
    """The keyword parameters given with a key: ``f(key, a=..., b=...)`` or
    ``f(..., key, {"a": ...})``; None when the call does not show them all."""
    parent = mod.parents.get(node)
    if isinstance(parent, ast.keyword):
        # Question(..., prompt="prompt.x", params={"name": ...})
        call = mod.parents.get(parent)
        given = next((k.value for k in call.keywords if k.arg == "params"), None) if isinstance(call, ast.Call) else None
        if isinstance(given, ast.Dict) and all(isinstance(k, ast.Constant) for k in given.keys):
            return frozenset(str(k.value) for k in given.keys if isinstance(k, ast.Constant))
        return None
    call = parent
    if not isinstance(call, ast.Call) or node not in call.args:
        return None
    i = call.args.index(node)
    if i + 1 < len(call.args):
        after = call.args[i + 1]
        if isinstance(after, ast.Dict) and all(isinstance(k, ast.Constant) for k in after.keys):
            return frozenset(str(k.value) for k in after.keys if isinstance(k, ast.Constant))
        return None
    if i != 0 or any(kw.arg is None for kw in call.keywords):
        return None
    return frozenset(kw.arg for kw in call.keywords if kw.arg is not None)


def _is_docstring(mod: Module, node: ast.AST) -> bool:
    parent = mod.parents.get(node)
    return isinstance(parent, ast.Expr)


def source_uses(prefixes: frozenset[str]) -> list[Use]:
    uses = []
    for mod in modules():
        inside_fstring = {id(v) for n in ast.walk(mod.tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in inside_fstring or _is_docstring(mod, node):
                    continue
                if _looks_like_key(node.value, prefixes):
                    uses.append(Use(node.value, mod.where(node), _call_params(mod, node)))
            elif isinstance(node, ast.JoinedStr):
                head = node.values[0] if node.values else None
                if not (isinstance(head, ast.Constant) and "." in head.value):
                    continue
                if head.value.split(".", 1)[0] not in prefixes:
                    continue
                params = _call_params(mod, node)
                try:
                    keys = values(mod, node)
                except Unresolved:
                    uses.append(Use(_pattern(node), mod.where(node), params))
                    continue
                uses.extend(Use(k, mod.where(node), params) for k in sorted(keys))
    return uses


# -- keys built at run time from the engine's data -------------------------------------------
#: emits that pass on events the key finder reads where they are made (the
#: forum's dawn gives the fold's notes: ``note_uses``)
RELAYS = {("engine.forum.day", "dawn")}


def _emits() -> Iterator[tuple[Module, ast.Call]]:
    for mod in modules():
        if not mod.name.startswith("engine"):
            continue
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                if any((mod.name, fn.name) in RELAYS for fn in mod.enclosing_functions(node)):
                    continue
                yield mod, node


def note_uses() -> list[Use]:
    """The forum's night results and dawn news: ``fold.note(player, "kind",
    ...)`` and ``tell_at_dawn(s, player, "kind", ...)`` are private events
    told in the player's turn (``private.<kind>``)."""
    uses = []
    for mod in modules():
        if not mod.name.startswith("engine.forum"):
            continue
        for node in ast.walk(mod.tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            index = {"note": 1, "tell_at_dawn": 2}.get(name or "")
            if index is None or len(node.args) <= index:
                continue
            try:
                kinds = values(mod, node.args[index])
            except Unresolved as exc:
                raise Unresolved(f"{mod.where(node)}: cannot tell which news this {name}() gives "
                                 f"({exc})") from None
            given = None if any(k.arg is None for k in node.keywords) else frozenset(
                k.arg for k in node.keywords if k.arg is not None)
            uses.extend(Use(f"private.{k}", f"news for a turn given at {mod.where(node)}", given)
                        for k in sorted(kinds))
    return uses


def event_uses() -> list[Use]:
    """``announce.<kind>`` for public events, ``private.<kind>`` for private
    ones (those given a ``to``); cues (``cue=True``) are night calls."""
    uses = []
    for mod, call in _emits():
        kw = {k.arg: k.value for k in call.keywords}
        cue = isinstance(kw.get("cue"), ast.Constant) and kw["cue"].value is True
        if cue:
            continue
        to = call.args[1] if len(call.args) > 1 else kw.get("to")
        private = to is not None and not (isinstance(to, ast.Constant) and to.value is None)
        if not call.args:
            raise Unresolved(f"{mod.where(call)}: emit() without a kind")
        try:
            kinds = values(mod, call.args[0])
        except Unresolved as exc:
            raise Unresolved(f"{mod.where(call)}: cannot tell which event kinds this emit() sends "
                             f"({exc}); pass a literal kind, or teach tests/voice_keys.py") from None
        given = None if None in kw else frozenset(k for k in kw if k not in ("to", "cue", "sleeper"))
        if given is not None and "card" in given:
            given |= {"text"}  # narrator.announce.params reads a card's text for it
        area = "private" if private else "announce"
        what = f"{'private' if private else 'public'} event emitted at {mod.where(call)}"
        uses.extend(Use(f"{area}.{k}", what, given) for k in sorted(kinds))
    return uses


def _refusal_rules() -> set[str]:
    """What every ``refusal`` hook (engine.rules.Rules) can return: the rule
    of a variant that narrowed an ask's choices."""
    found: set[str] = set()
    for mod in modules():
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.FunctionDef) and node.name == "refusal":
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Constant) \
                            and isinstance(ret.value.value, str):
                        found.add(ret.value.value)
    return found


def rule_uses() -> list[Use]:
    """``rule.<rule>`` for every rule an IllegalAnswer can carry."""
    uses = [Use(f"rule.{r}", "a variant's refusal hook (engine.answers.choice)") for r in sorted(_refusal_rules())]
    for mod in modules():
        for node in ast.walk(mod.tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "IllegalAnswer"):
                arg = node.args[0] if node.args else next(
                    (k.value for k in node.keywords if k.arg == "rule"), None)
                if isinstance(arg, ast.Name) and arg.id == "narrowed":
                    continue  # a refusal hook's rule: _refusal_rules
                try:
                    if arg is None:
                        raise Unresolved("no rule given")
                    rules = values(mod, arg)
                except Unresolved as exc:
                    raise Unresolved(f"{mod.where(node)}: cannot tell which rule this IllegalAnswer "
                                     f"carries ({exc}); pass a literal rule, or teach "
                                     f"tests/voice_keys.py") from None
                for rule in sorted(rules):
                    uses.append(Use(f"rule.{rule}", f"IllegalAnswer rule raised at {mod.where(node)}"))
    return uses


def form_uses(spec: Any, where: str) -> list[Use]:
    """The prompts of an ask's form (``engine.forms``): each part's own or
    the ask's, with the parameters the narrator fills in."""
    found = []
    for part in spec.shape.parts:
        params = {"name", *(p for p, _ in part.params)} | ({"item"} if part.each else set())
        found.append(Use(part.prompt or spec.prompt_key, f"{where} form part {part.key!r}",
                         frozenset(params)))
    return found


def vocabulary_uses() -> list[Use]:
    import engine  # noqa: F401  (registers every role, variant and card)
    from engine.cards import CARDS
    from engine.registry import ASKS, ROLES, all_steps
    from engine.variants import VARIANTS
    from engine.vocab import Winner

    uses = []
    for step in all_steps():
        for end in ("wake", "sleep"):
            uses.append(Use(f"call.{step.name}.{end}", f"night step {step.name!r} (engine.registry.all_steps)"))
    for ask, spec in ASKS.items():
        where = f"ask {ask.value} (engine.registry.ASKS)"
        if spec.ballot:
            uses.append(Use(f"ask.{ask.value}.start", where, frozenset()))
            uses.append(Use(f"ask.{ask.value}", where, frozenset({"name"})))
        elif not spec.secret:
            uses.append(Use(f"ask.{ask.value}", where, frozenset({"name"})))
        uses += form_uses(spec, where)
    for role in ROLES:
        uses.append(Use(f"role.{role.value}", f"role {role.value} (engine.registry.ROLES)", frozenset()))
        uses.append(Use(f"role_bare.{role.value}", f"role {role.value} (engine.registry.ROLES)", frozenset()))
    for winner in Winner:
        uses.append(Use(f"winner.{winner.value}", f"winner {winner.value}", frozenset()))
    for vid in VARIANTS:
        uses.append(Use(f"variant.{vid}", f"variant {vid} (engine.variants)", frozenset()))
    for cid in CARDS:
        uses.append(Use(f"card.{cid}", f"card {cid} (engine.cards): its name", frozenset()))
        uses.append(Use(f"card.{cid}.text", f"card {cid} (engine.cards): the text read aloud",
                        frozenset()))
    for n in NUMBERS:
        uses.append(Use(f"number.{n}", "number words 0-20 (voices.Pack.number)", frozenset()))
    return uses + forum_uses()


def forum_uses() -> list[Use]:
    """The forum edition's vocabulary: its steps' calls, its asks' prompts
    and the labels of their options, its day actions, every role of its
    catalogue (built or not: ``wakkerdam roles`` names them all)."""
    import engine.forum.game  # noqa: F401  (registers the forum's roles)
    from engine.forum.catalog import ALL_IDS
    from engine.forum.registry import FORUM_ASKS, all_steps, day_actions

    uses = []
    for step in all_steps():
        for end in ("wake", "sleep"):
            uses.append(Use(f"call.{step.name}.{end}", f"forum night step {step.name!r}"))
    for ask, spec in FORUM_ASKS.items():
        where = f"forum ask {ask.value} (engine.forum.registry.FORUM_ASKS)"
        if spec.ballot:
            uses.append(Use(f"ask.{ask.value}.start", where, frozenset()))
            uses.append(Use(f"ask.{ask.value}", where, frozenset({"name"})))
        elif not spec.secret:
            uses.append(Use(f"ask.{ask.value}", where, frozenset({"name"})))
        uses += form_uses(spec, where)
        for part in spec.shape.parts:
            if part.label:
                uses.append(Use(part.label, f"{where} option labels", frozenset()))
    for action in day_actions():
        uses.append(Use(f"forum.action.{action.id}", f"day action {action.id}", frozenset()))
    from engine.forum.registry import FORUM_ROLES

    for role in FORUM_ROLES:  # the set-up page's one line about each playable role
        uses.append(Use(f"forum.about.{role.value}", f"forum role {role.value} (the page)", frozenset()))
    for rid in ALL_IDS:
        uses.append(Use(f"role.{rid}", f"forum role {rid} (engine.forum.catalog)", frozenset()))
        uses.append(Use(f"role_bare.{rid}", f"forum role {rid} (engine.forum.catalog)", frozenset()))
    return uses


_TEMPLATE_CALL = re.compile(r"""\bt\(\s*'([a-z_][a-z0-9_.]*)'\s*(~)?([^)]*)\)""")
_TEMPLATE_PARAM = re.compile(r"\b([a-z_][a-z0-9_]*)\s*=(?!=)")


def template_uses() -> list[Use]:
    """Keys asked for by the page's templates: ``t('key', a=...)`` is a key
    with its parameters, ``t('area.' ~ x)`` a pattern."""
    uses = []
    for folder in TEMPLATE_DIRS:
        for path in sorted((ROOT / folder).glob("*.html")):
            text = path.read_text(encoding="utf-8")
            for m in _TEMPLATE_CALL.finditer(text):
                where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
                key, joined, rest = m.group(1), m.group(2), m.group(3)
                if joined:
                    uses.append(Use(key + "{}", where))
                else:
                    uses.append(Use(key, where, frozenset(_TEMPLATE_PARAM.findall(rest))))
    return uses


def all_uses(prefixes: frozenset[str]) -> list[Use]:
    return [*source_uses(prefixes), *event_uses(), *note_uses(), *rule_uses(), *vocabulary_uses(),
            *template_uses()]
