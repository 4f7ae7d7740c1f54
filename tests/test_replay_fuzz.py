"""Bad scenario files of every shape (500 cases and more, issue 29): always an exit code of the spec and one
line on stderr, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.replay import replay_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
VALID = [f for f in SCENARIOS if "expect_exit" not in f.read_text() and "error" not in f.name]

leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=8),
                 st.sampled_from(["Anna", "Bram", "werewolf", "seer", "vote", "witch", "Zoe"]))
junk = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                  st.dictionaries(st.text(max_size=6) | st.sampled_from(
                                                      ["ask", "answer", "save", "poison", "Anna"]), inner, max_size=4)),
                    max_leaves=12)


def _run(tmp: Path, data: object | str) -> None:
    path = tmp / "s.yaml"
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True))
    code, out, err = replay_file(path)
    assert code in (0, 2, 3, 4, 5)
    if code:
        assert err.count("\n") == 1 and "Traceback" not in err, err
    else:
        assert out.strip().startswith("{")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), where=st.sampled_from(["players", "roles", "middle", "options", "seed", "steps", "language", "step", "answer"]),
       value=junk)
def test_a_valid_scenario_with_one_part_replaced_by_junk(tmp_path: Path, seed: int, where: str, value: object) -> None:
    rng = random.Random(seed)
    data = yaml.safe_load(rng.choice(VALID).read_text())
    steps = data.get("steps") or []
    if where == "step" and steps:
        steps[rng.randrange(len(steps))] = value
    elif where == "answer" and steps:
        steps[rng.randrange(len(steps))]["answer"] = value
    else:
        data[where] = value
    _run(tmp_path, data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200))
def test_any_text_at_all(tmp_path: Path, text: str) -> None:
    _run(tmp_path, text)


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"players: [\xff\xfe]\n")
    code, _, err = replay_file(path)
    assert code == 2 and err.count("\n") == 1
