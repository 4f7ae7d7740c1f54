"""The forum edition (seed 004) on the set-up page: its cards and extra
roles as the engine's registry has them, the deck read from the form, and
the engine's refusals said at the field they are about.

Nothing here names a role but the two plain cards that fill a deck: every
playable role the registry holds (``engine.forum.registry.FORUM_ROLES``) is
offered under its side with its name and its line ``forum.about.<id>``, so a
role added to the engine appears on the page by itself.

The deck: every count left empty is the box's own deck for that many
players (``config.forum_demo_deck``, its extra roles included); once a
count is given the box deals exactly the counts, and villagers fill the
seats left unless their own count is given too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import config
import voices
from engine import FORUM, Role, SetupError

if TYPE_CHECKING:
    from engine import Setup
    from web.choices import Choice, Problem

#: the sides a card is offered under, in the page's order
SIDES = ("good", "bad", "neutral")
#: the card that fills the seats no count was given for ("gewone burger")
FILL = "villager"
#: shown first in their sides: the plain cards
PLAIN = ("villager", "werewolf")
#: the form's fields: a count for each card, and for each extra role
COUNT, EXTRA = "fcount_", "fextra_"
FIELD = re.compile(r"f(count|extra)_(.+)")
#: where a problem of the deck as a whole is said
DECK_FIELD = "forum-deck"
#: the most of one card (every seat the page has)
MOST = 18


def _registry() -> dict[Role, Any]:
    import engine.forum.game  # noqa: F401  (registers every forum role)
    from engine.forum.registry import FORUM_ROLES

    return FORUM_ROLES


def card_ids() -> dict[str, tuple[str, ...]]:
    """The cards a table may deal, by side (playable, dealt, not extra)."""
    found: dict[str, list[str]] = {side: [] for side in SIDES}
    for rid, card in _registry().items():
        if card.kind == "role" and card.dealt and card.side is not None and card.side.value in found:
            found[card.side.value].append(rid.value)
    return {side: tuple(ids) for side, ids in found.items()}


def extra_ids() -> tuple[str, ...]:
    """The extra roles dealt beside a card (not those that arise in play)."""
    return tuple(rid.value for rid, card in _registry().items() if card.kind == "extra" and card.dealt)


def all_card_ids() -> tuple[str, ...]:
    return tuple(r for ids in card_ids().values() for r in ids)


def pack_of(pack: voices.Pack) -> voices.Pack:
    """The pack as a forum game speaks (the edition's own names and lines)."""
    return pack.edition(FORUM)


@dataclass(frozen=True)
class Offered:
    """One role as the page offers it."""

    id: str
    name: str
    about: str
    field: str
    value: str


def _offered(pack: voices.Pack, ids: Iterable[str], prefix: str, form: Mapping[str, Any]) -> list[Offered]:
    forum = pack_of(pack)
    found = [Offered(r, forum.role_bare(r),
                     forum.line(f"forum.about.{r}") if forum.has(f"forum.about.{r}") else "",
                     prefix + r, str(form.get(prefix + r, "") or "").strip()[:3])
             for r in ids]
    return sorted(found, key=lambda o: (o.id not in PLAIN, PLAIN.index(o.id) if o.id in PLAIN else 0,
                                        o.name.casefold()))


def context(form: Mapping[str, Any], pack: voices.Pack, players: int, problems: Iterable[Problem]) -> dict[str, Any]:
    """What the set-up page shows of the forum edition."""
    from web.choices import deck_words

    sides = [(side, _offered(pack, ids, COUNT, form)) for side, ids in card_ids().items() if ids]
    extras = _offered(pack, extra_ids(), EXTRA, form)
    fields = {p.field for p in problems}
    opened = {side for side, offered in sides if any(o.value or o.field in fields for o in offered)}
    if any(o.value or o.field in fields for o in extras):
        opened.add("extra")
    deck_text = extras_text = ""
    own = False
    if players:
        scratch: list[Problem] = []
        cards, dealt, own = read_deck(form, players, scratch)
        if not scratch:
            forum = pack_of(pack)
            deck_text = deck_words(forum, cards)
            extras_text = deck_words(forum, dealt)
    return {"forum_sides": sides, "forum_extras": extras, "forum_open": opened,
            "forum_deck": deck_text, "forum_deck_extras": extras_text, "forum_own": own}


def _count(form: Mapping[str, Any], field: str, role: str, problems: list[Problem]) -> int | None:
    from web.choices import Problem

    raw = str(form.get(field, "") or "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) > MOST:
        problems.append(Problem("web.error.forum_count", {"role": role, "high": MOST},
                                {"role": "forum_role"}, field))
        return None
    return int(raw)


def read_deck(form: Mapping[str, Any], players: int | None,
              problems: list[Problem]) -> tuple[list[str], list[str], bool]:
    """The cards and the extra roles the form asks for, and whether the
    table chose them (False: the box's own deck); ``players`` None: only
    the fields' own problems are said (the names are wrong)."""
    from web.choices import Problem

    cards_known, extras_known = all_card_ids(), extra_ids()
    for key in list(form.keys()):
        m = FIELD.fullmatch(str(key))
        if m is not None and m.group(2) not in (cards_known if m.group(1) == "count" else extras_known):
            problems.append(Problem("web.error.forum_unknown", {"role": m.group(2)[:40]}, field=DECK_FIELD))
    counts = {r: n for r in cards_known if (n := _count(form, COUNT + r, r, problems)) is not None}
    extras = {r: n for r in extras_known if (n := _count(form, EXTRA + r, r, problems)) is not None}
    if not players or problems:  # (no one at the table: the engine says how many it needs)
        return [], [], False
    if not counts and not extras:  # nothing typed: the box's own deck
        cards, dealt = config.forum_demo_deck(players)
        return cards, dealt, False
    cards = [r for r, n in counts.items() if r != FILL for _ in range(n)]
    given = len(cards) + counts.get(FILL, 0)
    if FILL in counts:
        cards += [FILL] * counts[FILL]
        if given < players:
            problems.append(Problem("web.error.forum_too_few", {"count": given, "players": players,
                                                                 "less": players - given}, field=DECK_FIELD))
    elif given <= players:
        cards += [FILL] * (players - given)
    if given > players:
        problems.append(Problem("web.error.forum_too_many", {"count": given, "players": players,
                                                              "more": given - players}, field=DECK_FIELD))
    dealt = [r for r, n in extras.items() for _ in range(n)]
    # (said as a deck is: the werewolves first, the villagers who fill it last)
    return sorted(cards, key=lambda r: (r != "werewolf", r == FILL)), dealt, True


def deal(choice: Choice, deal_seed: int, game_seed: int) -> Setup:
    """The forum game of ``choice``: its cards shuffled, its extra roles given."""
    from engine.forum.deck import check_deal
    from engine.forum.deck import deal as deal_forum

    _registry()
    setup = deal_forum(list(choice.names), [Role(c) for c in choice.cards],
                       [Role(e) for e in choice.extras], deal_seed,
                       options=choice.engine_options(), seed=game_seed)
    check_deal(setup)
    return setup


def refuses(choice: Choice) -> Problem | None:
    """The engine's own check of a forum deck (a trial deal), said at the
    field it is about, with what to change."""
    from web.choices import Problem

    try:
        deal(choice, 0, 0)
    except (SetupError, ValueError) as exc:
        pack = voices.load(choice.lang)
        forum = pack_of(pack)
        field, hint = _where(exc, forum)
        return Problem("web.error.forum_setup", {"reason": voices.error_text(exc, forum), "hint": hint},
                       field=field)
    return None


def _where(exc: Exception, pack: voices.Pack) -> tuple[str, str]:
    """The field a refusal is about, and what would make the deck playable."""
    key = getattr(exc, "key", "")
    params: dict[str, Any] = dict(getattr(exc, "params", {}) or {})
    registry = _registry()
    if key == "refusal.no_werewolf":
        wolves = sorted(pack.role_bare(r.value) for r, c in registry.items() if c.wolf and c.kind == "role")
        field = COUNT + "werewolf" if "werewolf" in all_card_ids() else DECK_FIELD
        return field, pack.line("web.hint.forum_werewolf", wolves=pack.join(wolves))
    if key in ("refusal.forum_nobody_carries", "refusal.forum_cannot_carry") and params.get("role") in extra_ids():
        from engine.forum.deck import may_carry

        extra = registry[Role(params["role"])]
        able = {r.value for r, c in registry.items() if c.kind == "role" and c.dealt and may_carry(extra, c)}
        role = pack.role_bare(params["role"])
        side = next((side for side, ids in card_ids().items() if able == set(ids)), None)
        if side is not None and pack.has(f"forum.side_name.{side}"):  # every card of a side
            return EXTRA + params["role"], pack.line("web.hint.forum_carry_side", role=role,
                                                     side=pack.line(f"forum.side_name.{side}"))
        return (EXTRA + params["role"],
                pack.line("web.hint.forum_carry", role=role, cards=pack.join(sorted(names_of(pack, able)))))
    if key == "refusal.few_players":
        return "seats", pack.line("web.hint.forum_players")
    return DECK_FIELD, pack.line("web.hint.forum_setup")


def refuse_board_parts(variants: Iterable[str], cards: Iterable[str], problems: list[Problem]) -> None:
    """The board game's variants and event cards do not apply to the forum
    edition: a form that asks for them with it is refused at the edition."""
    from web.choices import Problem

    if list(variants) or list(cards):
        problems.append(Problem("web.error.forum_variants", {}, field="edition"))


def previous_fields(choice: Choice) -> dict[str, str]:
    """The form's forum fields for a choice played before (villagers left
    to fill the seats, as they did)."""
    fields = {COUNT + r: str(n) for r, n in Counter(choice.cards).items() if r != FILL}
    fields.update({EXTRA + r: str(n) for r, n in Counter(choice.extras).items()})
    return fields


def names_of(pack: voices.Pack, ids: Iterable[str]) -> list[str]:
    forum = pack_of(pack)
    return [forum.role_bare(r) for r in ids]
