"""Any mess of presses, tags and typing gives a legal answer or None — never
an exception, never an answer outside the question."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.events import Press, Tag, Typed
from hardware.kit import build_kit
from ports import Question

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva"]
NAMES = ["yes", "no", "next", "seat:1", "seat:2", "seat:3", "seat:9", "bogus"]


@pytest.fixture(scope="module")
def kit():
    k = build_kit("maneschijn", fake=True, players=PLAYERS)
    k.candles.light(PLAYERS)
    yield k
    k.close()


EVENTS = st.lists(st.one_of(
    st.tuples(st.just("press"), st.sampled_from(NAMES), st.booleans(), st.floats(0, 3)),
    st.tuples(st.just("tag"), st.sampled_from(["5EA70001", "5EA70003", "5EA70009", "CA020000",
                                               "DEADBEEF", ""]), st.just(False), st.floats(0, 3)),
    st.tuples(st.just("type"), st.text(max_size=12), st.just(False), st.floats(0, 3)),
), max_size=25)

QUESTIONS = st.one_of(
    st.builds(lambda n, none, exact: Question("pick", "seer", ("Anna",), tuple(PLAYERS[1:]),
                                              count=n, allow_none=none, exact=exact, secret=True,
                                              timeout_s=5),
              st.integers(1, 3), st.booleans(), st.booleans()),
    st.just(Question("yes_no", "witch", ("Anna",), secret=True, timeout_s=5)),
    st.just(Question("pick", "thief", ("Anna",), ("werewolf", "seer"), allow_none=True, timeout_s=5)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=QUESTIONS, events=EVENTS)
def test_any_input_gives_a_legal_answer_or_none(kit, q, events):
    def act(_q):
        for kind, what, down, gap in events:
            t = kit.clock.now() + gap
            kit.clock.advance(gap)
            if kind == "press":
                kit.events.put(Press(what, down, t))
            elif kind == "tag":
                kit.events.put(Tag(what, t))
            else:
                kit.events.put(Typed(what, t))
    kit.input.on_prompt = act
    answer = kit.input.ask(q)
    if q.kind == "yes_no":
        assert answer in (True, False, None)
    elif answer is not None:
        assert isinstance(answer, tuple)
        assert set(answer) <= set(q.options) and len(set(answer)) == len(answer)
        assert len(answer) <= q.count
        if not answer:
            assert q.allow_none
    assert kit.display.text == []
    assert "bright" not in kit.candles.states.values() and "glow" not in kit.candles.states.values()
