"""What a group chooses before a game, read from the page's form.

Every field of the form is checked here; whatever is wrong comes back as a
list of :class:`Problem` (a ``voices`` key and its parameters), never as an
exception, so the page can say it in the table's language and change nothing.
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import yaml

import config
import voices
from engine import (
    BOARD,
    EDITIONS,
    FORUM,
    EventDeck,
    Options,
    Role,
    SetupError,
    events_data,
    role_ids,
)
from engine.catalog import CARD_IDS, VARIANT_IDS
from engine.deck import MIDDLE_CARDS, table_row

#: the seats the page offers (the deck table's largest game)
MAX_SEATS = 18
NAME_MAX = 24
#: fields of the form that carry a seat's name: name_1, name_2, ...
NAME_FIELD = re.compile(r"name_(\d{1,3})")
#: the roles that come in any number; every other card is there once at most
COUNTED = (Role.WEREWOLF.value, Role.VILLAGER.value, Role.SEER.value)
#: the engine's rule options the page offers (seed 000's choices), playable now
RULE_OPTIONS = ("wolves_win_at_parity", "witch_single_potion")
MAYOR_DAYS = ("1", "2", "3", "none")
#: the Full Moon's "om de twee of drie ronden" for a first game
EVERY = ("1", "2", "3")
CALL_LIMITS = (3.0, 120.0)
DISCUSSION_LIMITS = (0.0, 1800.0)
#: how the page offers a variant's own options (``Variant.options``), each
#: with its words in ``web.vopt.<name>``: "flag" a tick, "days" day numbers
#: ("2, 4"; empty: every day)
PAGE_OPTIONS = {"risky_candles": "flag", "not_him_days": "days",
                "sunny_sunday_lycanthropy": "flag", "dark_monday_not_him": "flag",
                "end_of_harvest_festival": "flag"}
#: options the page leaves to the box: de dubbele ik's identities and second
#: cards, chosen on a page the whole table reads, would be no secret (the
#: box deals them with the game's secret seed)
DEALT_OPTIONS = ("double_me_wolves", "double_me_second")


@dataclass(frozen=True)
class Problem:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    #: parameters that are catalogue ids or fields, said by their names:
    #: param -> area ("variant", "card", "field", as in ``web.variant.<id>``)
    named: dict[str, str] = field(default_factory=dict)
    #: the id of the form's element it is about: the page says it there
    field: str = ""

    def text(self, pack: voices.Pack) -> str:
        params = dict(self.params)
        for param, area in self.named.items():
            if area == "forum_role":  # a role of the forum edition, by its name there
                params[param] = pack.edition(FORUM).role_bare(params[param])
            else:
                params[param] = pack.line(f"web.{area}.{params[param]}")
        return pack.line(self.key, **params)


@dataclass(frozen=True)
class Choice:
    """A checked set-up: everything the box needs to deal and play."""

    lang: str
    names: tuple[str, ...]
    #: every card, the middle included (role ids)
    cards: tuple[str, ...]
    options: dict[str, Any]
    variants: tuple[str, ...] = ()
    event_cards: tuple[str, ...] = ()
    call_seconds: tuple[float, float] = (15.0, 22.0)
    discussion_seconds: float = 180.0
    voice_votes: bool = True
    #: the Full Moon: a card every (1st, 2nd, 3rd) morning
    events_every: int = 1
    #: the talking wall on a kit: lines from the phones (else the console's keyboard)
    wall_phones: bool = True
    #: the rules' edition: ``board`` (seeds 000-003) or ``forum`` (seed 004)
    edition: str = BOARD
    #: the forum edition's extra roles, dealt beside the cards (role ids)
    extras: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Choice:
        return cls(
            lang=str(raw["lang"]), names=tuple(raw["names"]), cards=tuple(raw["cards"]),
            options=dict(raw["options"]), variants=tuple(raw.get("variants", ())),
            event_cards=tuple(raw.get("event_cards", ())),
            call_seconds=(float(raw["call_seconds"][0]), float(raw["call_seconds"][1])),
            discussion_seconds=float(raw["discussion_seconds"]),
            voice_votes=bool(raw.get("voice_votes", True)),
            events_every=int(raw.get("events_every", 1)),
            wall_phones=bool(raw.get("wall_phones", True)),
            edition=str(raw.get("edition", BOARD)), extras=tuple(raw.get("extras", ())),
        )

    def engine_options(self) -> Options:
        """The rule options and the chosen variants' own options."""
        from engine.variants import variant_options

        return Options.from_dict(self.options, variant_options(self.variants))

    def event_deck(self, shuffle_seed: int) -> EventDeck | None:
        """The Full Moon's pile: the chosen cards (or every playable one),
        shuffled ("Schud de kaarten"); None without the Full Moon."""
        if "full_moon" not in self.variants:
            return None
        pile = list(self.event_cards or playable("cards", CARD_IDS) or ())
        random.Random(shuffle_seed).shuffle(pile)
        return EventDeck(deck=tuple(pile), every=self.events_every)


@dataclass
class Reading:
    """The form read back: the choice when it can be played, else the
    problems; warnings need a confirmation before the game starts."""

    choice: Choice | None
    problems: list[Problem]
    warnings: list[Problem]
    #: the deck as read (also when something else is wrong)
    cards: list[str] = field(default_factory=list)
    #: the variants that deal a deck of their own (``fit_deck``)
    fitted: tuple[str, ...] = ()
    #: the forum edition's extra roles, as read
    extras: tuple[str, ...] = ()


#: where the engine keeps each registry, and the Setup field that carries it
REGISTRIES = {"variants": ("engine.variants", "VARIANTS", "variants"),
              "cards": ("engine.cards", "CARDS", "variant_data")}


def playable(kind: str, catalogue: Iterable[str]) -> tuple[str, ...] | None:
    """The catalogue ids the engine can play, from its registry
    (``engine.variants`` / ``engine.cards``); None while there is none, or
    while a ``Setup`` cannot carry them (a choice the game would ignore)."""
    from dataclasses import fields as dataclass_fields

    from engine import Setup

    module_name, attribute, setup_field = REGISTRIES[kind]
    if setup_field not in {f.name for f in dataclass_fields(Setup)}:
        return None
    try:
        registry = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError):
        return None
    return tuple(i for i in catalogue if i in registry)


def specials() -> tuple[str, ...]:
    """The special characters (each once in a deck), in the engine's order."""
    return tuple(r for r in role_ids() if r not in COUNTED)


def table_cards(players: int, chosen: Iterable[str] = ()) -> list[str] | None:
    """Seed 001's deck for ``players`` with ``chosen`` in place of villagers
    (None when the table has no row for so many, or they do not fit)."""
    from engine.deck import table_deck

    try:
        return [r.value for r in table_deck(players, config.deck_table(), [Role(c) for c in chosen])]
    except (SetupError, ValueError):
        return None


def deck_words(pack: voices.Pack, cards: Iterable[str]) -> str:
    """'2 × Weerwolf, 1 × Ziener, 8 × Gewone burger'."""
    counts = Counter(cards)
    return ", ".join(pack.line("web.deck.item", count=n, role=pack.role_bare(r)) for r, n in counts.items())


def _flag(form: Mapping[str, Any], name: str) -> bool:
    return str(form.get(name, "")).strip().lower() in ("1", "on", "true", "yes")


def _number(form: Mapping[str, Any], name: str, default: float, limits: tuple[float, float],
            problems: list[Problem]) -> float:
    raw = str(form.get(name, "")).strip()
    if not raw:
        return default
    try:
        value = float(raw.replace(",", "."))
    except ValueError:
        value = float("nan")
    if not limits[0] <= value <= limits[1]:  # nan fails too
        problems.append(Problem("web.error.number", {"field": name, "low": int(limits[0]),
                                                      "high": int(limits[1])}, {"field": "field"}, name))
        return default
    return value


def read_names(form: Mapping[str, Any], problems: list[Problem]) -> list[str]:
    seats: dict[int, str] = {}
    for key, value in form.items():
        if (m := NAME_FIELD.fullmatch(str(key))) is not None:
            seats[int(m.group(1))] = " ".join(str(value).split())
    filled = [s for s, name in seats.items() if name]
    if len(filled) > MAX_SEATS or any(s > MAX_SEATS or s < 1 for s in filled):
        problems.append(Problem("web.error.too_many", {"most": MAX_SEATS}, field="seats"))
        return []
    last = max(filled, default=0)
    names: list[str] = []
    for seat in range(1, last + 1):
        name = seats.get(seat, "")
        if not name:
            problems.append(Problem("web.error.no_name", {"seat": seat}, field=f"name_{seat}"))
        elif len(name) > NAME_MAX:
            problems.append(Problem("web.error.long_name", {"seat": seat, "most": NAME_MAX},
                                    field=f"name_{seat}"))
        else:
            names.append(name)
    seen: set[str] = set()
    told: set[str] = set()
    for seat in range(1, last + 1):
        folded = seats.get(seat, "").casefold()
        if folded and folded in seen and folded not in told:  # said at the second seat
            first = next(seats[s] for s in range(1, seat) if seats.get(s, "").casefold() == folded)
            problems.append(Problem("web.error.twice", {"name": first}, field=f"name_{seat}"))
            told.add(folded)
        seen.add(folded)
    return names


def read_deck(form: Mapping[str, Any], players: int, problems: list[Problem],
              warnings: list[Problem]) -> list[str]:
    """Seed 001's table with the chosen characters; another number of
    werewolves is an odd deck (allowed after a warning)."""
    wanted = [str(v) for v in _all(form, "special")]
    unknown = [r for r in wanted if r not in specials()]
    for r in dict.fromkeys(unknown):
        problems.append(Problem("web.error.unknown_role", {"role": r[:40]}, field="specials"))
    chosen = list(dict.fromkeys(r for r in wanted if r not in unknown))
    lo, hi = (min(r.players for r in config.deck_table()), max(r.players for r in config.deck_table()))
    if not lo <= players <= hi:
        problems.append(Problem("web.error.players", {"count": players, "low": lo, "high": hi},
                                field="seats"))
        return []
    row = table_row(config.deck_table(), players)
    wolves = row.werewolves
    raw = str(form.get("werewolves", "")).strip()
    if raw:
        if not raw.isdigit() or not 1 <= int(raw) <= players // 2:
            problems.append(Problem("web.error.werewolves", {"high": players // 2}, field="werewolves"))
        else:
            wolves = int(raw)
    thief = Role.THIEF.value in chosen
    villagers = players - wolves - row.seer - len(chosen) + (1 if thief else 0)
    villagers += MIDDLE_CARDS - 1 if thief else 0
    if villagers < 0:
        problems.append(Problem("web.error.too_many_specials", {"count": players}, field="specials"))
        return []
    cards = ([Role.WEREWOLF.value] * wolves + [Role.SEER.value] * row.seer + chosen
             + [Role.VILLAGER.value] * villagers)
    if wolves != row.werewolves:
        warnings.append(Problem("web.warning.odd_deck", {"count": players, "table": row.werewolves,
                                                         "werewolves": wolves}, field="deck"))
    return cards


def _all(form: Mapping[str, Any], name: str) -> list[Any]:
    getlist = getattr(form, "getlist", None)
    if getlist is not None:
        return list(getlist(name))
    value = form.get(name)
    return list(value) if isinstance(value, list | tuple) else ([] if value is None else [value])


def read_catalogue(form: Mapping[str, Any], name: str, catalogue: tuple[str, ...],
                   can_play: tuple[str, ...] | None, problems: list[Problem]) -> tuple[str, ...]:
    picked = [str(v) for v in _all(form, name)]
    out = []
    for item in dict.fromkeys(picked):
        if item not in catalogue:
            problems.append(Problem(f"web.error.unknown_{name}", {"id": item[:40]}, field=f"{name}s"))
        elif can_play is None or item not in can_play:
            problems.append(Problem(f"web.error.unplayable_{name}", {"id": item}, {"id": name},
                                    field=f"{name}s"))
        else:
            out.append(item)
    return tuple(out)


def variant_specs(variants: Iterable[str]) -> dict[str, Any]:
    """The chosen variants' own options: name -> default (``Variant.options``)."""
    from engine.variants import variant_options

    return dict(variant_options(list(variants)))


def page_specs(variants: Iterable[str]) -> dict[str, Any]:
    """Those of the options the page offers (``PAGE_OPTIONS``)."""
    return {n: d for n, d in variant_specs(variants).items() if n in PAGE_OPTIONS}


def days_text(days: Iterable[int]) -> str:
    """Day numbers as the page writes them: "2, 4" (empty: every day)."""
    return ", ".join(str(d) for d in days)


def read_variant_options(form: Mapping[str, Any], specs: Mapping[str, Any],
                         problems: list[Problem]) -> dict[str, Any]:
    """Each option from the field ``vopt_<name>``, as the page offers it
    (``PAGE_OPTIONS``), else as its default's type; an option the page
    leaves to the box (``DEALT_OPTIONS``) keeps its default."""
    out: dict[str, Any] = {}
    for name, default in specs.items():
        field_name = f"vopt_{name}"
        raw = str(form.get(field_name, "")).strip()
        if name in DEALT_OPTIONS:
            out[name] = default
        elif PAGE_OPTIONS.get(name) == "days":
            words = [w for w in re.split(r"[\s,;]+", raw[:200]) if w]
            if all(w.isdigit() and 1 <= int(w) <= 99 for w in words):
                out[name] = sorted({int(w) for w in words})
            else:
                problems.append(Problem("web.error.days", {"option": name}, {"option": "vopt"},
                                        field_name))
        elif isinstance(default, bool):
            out[name] = _flag(form, field_name)
        elif not raw:
            out[name] = default
        elif isinstance(default, int):
            if raw.lstrip("-").isdigit():
                out[name] = int(raw)
            else:
                problems.append(Problem("web.error.variant_option", {"option": name}, {"option": "vopt"},
                                        field_name))
        elif isinstance(default, list | dict):
            # written as in a scenario: "[Anna, Bram]", "{Anna: seer, Bram: villager}"
            try:
                value = yaml.safe_load(raw[:400])
            except yaml.YAMLError:
                value = None
            if isinstance(value, type(default)):
                out[name] = value
            else:
                problems.append(Problem("web.error.variant_option", {"option": name}, {"option": "vopt"},
                                        field_name))
        else:
            out[name] = raw[:80]
    return out


def check_variants(variants: tuple[str, ...], cards: tuple[str, ...], problems: list[Problem]) -> bool:
    """Combinations the seeds forbid, said in the table's words; False when
    the variants cannot be played together."""
    from engine.variants import find_variant

    together = True
    for i, a in enumerate(variants):
        for b in variants[i + 1:]:
            if b in find_variant(a).excludes or a in find_variant(b).excludes:
                problems.append(Problem("web.error.variants_clash", {"a": a, "b": b},
                                        {"a": "variant", "b": "variant"}, f"variant_{b}"))
                together = False
    if cards and "full_moon" not in variants:
        problems.append(Problem("web.error.cards_need_full_moon", {}, field="variant_full_moon"))
    return together


def fit_deck(cards: list[str], variants: tuple[str, ...]) -> tuple[list[str], tuple[str, ...]]:
    """The deck as the box deals it for these variants (``Variant.fit_deck``:
    the game for beginners its first-game deck, the black death no
    werewolves, de dubbele ik its own cards ...), and the variants that changed it."""
    from engine.variants import variants_of

    deck = [Role(c) for c in cards]
    changed = []
    for v in variants_of(variants):
        fitted = v.fit_deck(deck, len(deck) - (MIDDLE_CARDS if Role.THIEF in deck else 0))
        if Counter(fitted) != Counter(deck):
            changed.append(v.id)
        deck = fitted
    return [r.value for r in deck], tuple(changed)


def _trial(choice: Choice) -> None:
    """A trial deal of ``choice``: SetupError or ValueError when the engine refuses it."""
    from engine import check_setup, deal

    check_setup(deal(choice.names, [Role(c) for c in choice.cards], 0,
                     options=choice.engine_options(), variants=choice.variants,
                     variant_data=events_data(choice.event_deck(0))))


def engine_refuses(choice: Choice, table: list[str] | None = None) -> Problem | None:
    """The engine's own check of the whole set-up (a trial deal): whatever
    the page did not foresee is refused here, before anything starts, with
    what to change: the variant without which it plays, when there is one
    (``table``: the deck before the variants fitted it)."""
    try:
        _trial(choice)
    except (SetupError, ValueError) as exc:
        pack = voices.load(choice.lang)
        return Problem("web.error.setup", {"reason": voices.error_text(exc, pack),
                                           "hint": refusal_hint(choice, pack, table)}, field="deck")
    return None


def refusal_hint(choice: Choice, pack: voices.Pack, table: list[str] | None = None) -> str:
    """What would make a refused set-up playable, tried out: one variant less."""
    from dataclasses import replace

    for v in choice.variants:
        left = tuple(x for x in choice.variants if x != v)
        options = {k: val for k, val in choice.options.items() if k not in variant_specs([v])}
        cards = tuple(fit_deck(table, left)[0]) if table else choice.cards
        try:
            _trial(replace(choice, variants=left, options=options, cards=cards,
                           event_cards=choice.event_cards if "full_moon" in left else ()))
        except (SetupError, ValueError):
            continue
        return pack.line("web.hint.without", variant=pack.line(f"web.variant.{v}"))
    return pack.line("web.hint.setup")


def read(form: Mapping[str, Any], *, default_lang: str = voices.DEFAULT_LANGUAGE,
         confirmed: bool = False) -> Reading:
    """Check the whole form; a choice only when nothing is wrong (and odd
    decks are confirmed, or ``confirmed``: the advisor looks at any deck).
    Each problem once, at its field: a field that is wrong is not blamed
    again for what follows from it."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    lang = str(form.get("lang", default_lang))
    if lang not in voices.LANGUAGES:
        problems.append(Problem("web.error.language", {"lang": lang[:10]}, field="lang"))
        lang = default_lang
    edition = str(form.get("edition", "") or BOARD)
    if edition not in EDITIONS:
        problems.append(Problem("web.error.edition", {}, field="edition"))
        edition = BOARD
    names = read_names(form, problems)
    if edition == FORUM:
        return _read_forum(form, lang, names, problems)
    if not problems:
        cards = read_deck(form, len(names), problems, warnings)
    else:  # the deck follows the names; what is wrong with its own fields is said all the same
        cards = []
        raw = str(form.get("werewolves", "")).strip()
        if raw and not (raw.isdigit() and int(raw) >= 1):
            problems.append(Problem("web.error.werewolves", {"high": MAX_SEATS // 2}, field="werewolves"))
    options: dict[str, Any] = {o: _flag(form, o) for o in RULE_OPTIONS}
    mayor = str(form.get("mayor_election_day", "1"))
    if mayor not in MAYOR_DAYS:
        problems.append(Problem("web.error.mayor_day", {}, field="mayor_election_day"))
        mayor = "1"
    options["mayor_election_day"] = None if mayor == "none" else int(mayor)
    variants = read_catalogue(form, "variant", VARIANT_IDS, playable("variants", VARIANT_IDS), problems)
    cards_ev = read_catalogue(form, "card", CARD_IDS, playable("cards", CARD_IDS), problems)
    fitted: tuple[str, ...] = ()
    table: list[str] = []
    if check_variants(variants, cards_ev, problems):
        options.update(read_variant_options(form, variant_specs(variants), problems))
        if cards:
            table, (cards, fitted) = cards, fit_deck(cards, variants)
    every = str(form.get("events_every", "1"))
    if every not in EVERY:
        problems.append(Problem("web.error.every", {}, field="events_every"))
        every = "1"
    calls, discussion = _read_timing(form, problems)
    if warnings and not (confirmed or _flag(form, "confirm_odd")):
        problems.append(Problem("web.error.confirm_odd", {}, field="confirm_odd"))
    if problems:
        return Reading(None, problems, warnings, cards, fitted)
    choice = Choice(lang, tuple(names), tuple(cards), options, variants, cards_ev,
                    calls, discussion, _flag(form, "voice_votes"), int(every), _flag(form, "wall_phones"))
    if (problem := engine_refuses(choice, table)) is not None:
        return Reading(None, [problem], warnings, cards, fitted)
    return Reading(choice, [], warnings, cards, fitted)


def _read_timing(form: Mapping[str, Any], problems: list[Problem]) -> tuple[tuple[float, float], float]:
    """A night call's shortest and longest length, and the discussion's."""
    before = len(problems)
    lo = _number(form, "call_min", 15.0, CALL_LIMITS, problems)
    hi = _number(form, "call_max", 22.0, CALL_LIMITS, problems)
    if hi < lo and len(problems) == before:
        problems.append(Problem("web.error.call_order", {}, field="call_max"))
    discussion = _number(form, "discussion", 180.0, DISCUSSION_LIMITS, problems)
    return (lo, hi), discussion


def _read_forum(form: Mapping[str, Any], lang: str, names: list[str], problems: list[Problem]) -> Reading:
    """The forum edition's form (``web.forum``): its cards and extra roles,
    the timings; the board game's rules, variants and event cards are not
    its own (the variants and cards are refused, the rule options unread)."""
    from web import forum

    cards, extras, _ = forum.read_deck(form, None if problems else len(names), problems)
    forum.refuse_board_parts(_all(form, "variant"), _all(form, "card"), problems)
    calls, discussion = _read_timing(form, problems)
    if problems:
        return Reading(None, problems, [], cards, extras=tuple(extras))
    choice = Choice(lang, tuple(names), tuple(cards), {}, (), (), calls, discussion,
                    _flag(form, "voice_votes"), 1, _flag(form, "wall_phones"), FORUM, tuple(extras))
    if (problem := forum.refuses(choice)) is not None:
        return Reading(None, [problem], [], cards, extras=tuple(extras))
    return Reading(choice, [], [], cards, extras=tuple(extras))
