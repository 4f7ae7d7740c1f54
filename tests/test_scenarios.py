"""The golden tests of the rules: every file in tests/scenarios/ is replayed.

Each scenario is a game (or the start of one) in the replay format of
``docs/scenario-format.md``, with a first comment quoting the rule of
the seeds it checks. Expectations live in optional top-level keys that
``wakkerdam replay`` ignores:

- ``expect``: a subset of the replay's JSON output. Lists compare exactly and in
  order, except ``alive`` and ``charmed`` (sets); a mapping compares the keys
  it names (the forum's ``sides``, ``roles``, ``extra``). ``dead`` is the full list in
  order; each entry compares only the keys it gives.
- ``expect_exit`` (default 0) and ``expect_stderr`` (a case-insensitive
  substring of the one-line stderr).
- ``expect_mayor_in``: the mayor is one of these names (a lot was drawn).
- ``expect_public_has`` / ``expect_public_lacks``: case-insensitive substrings
  that some public line must contain / that no public line may contain (what
  the rules keep secret must not be announced).
- ``expect_revealed``: living players whose card the rules made public (a
  miracle brings back a victim whose card was shown at his death).
- ``expect_private_has`` / ``expect_private_lacks``: ``{player: [substring]}``
  that some / no line told to him privately must contain (the forum edition's
  output lists them under ``private``).
- ``xfail``: a reason; the scenario states the rule but the engine disagrees.

A file that is not a YAML mapping (the malformed-input scenarios) carries its
expectations in comment lines: ``# expect_exit: 2``, ``# expect_stderr: ...``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.yaml"))
SET_KEYS = {"alive", "charmed"}
COMMENT_EXPECT = re.compile(r"^#\s*(expect_exit|expect_stderr):\s*(.*?)\s*$")


def _expectations(path: Path) -> dict[str, Any]:
    """The scenario's expectation keys, from its YAML or its comment lines."""
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = None
    if isinstance(data, dict):
        return data
    found: dict[str, Any] = {}
    for line in text.splitlines():
        match = COMMENT_EXPECT.match(line)
        if match:
            key, value = match.groups()
            found[key] = int(value) if key == "expect_exit" else value.strip("\"'")
    return found


def _params() -> list[Any]:
    params = []
    for path in SCENARIOS:
        reason = _expectations(path).get("xfail")
        marks = [pytest.mark.xfail(strict=True, reason=str(reason))] if reason else []
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


def _replay(path: Path) -> tuple[int, str, str]:
    from narrator.replay import replay_file

    return replay_file(path)


def _compare_dead(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> None:
    names = [entry.get("name") for entry in actual]
    assert len(actual) == len(expected), f"dead: expected {expected}, got {actual}"
    for want, got in zip(expected, actual, strict=True):
        picked = {key: got.get(key) for key in want}
        assert picked == want, f"dead entry: expected {want}, got {got} (dead in order: {names})"


def _check_expect(expected: dict[str, Any], output: dict[str, Any]) -> None:
    for key, want in expected.items():
        assert key in output, f"output lacks {key!r}: {output}"
        got = output[key]
        if key == "dead":
            _compare_dead(want, got)
        elif key in SET_KEYS:
            assert sorted(got) == sorted(want), f"{key}: expected {sorted(want)}, got {sorted(got)}"
        elif isinstance(want, dict) and isinstance(got, dict):
            # a mapping (the forum's sides, roles, extra): the players named
            picked = {k: got.get(k) for k in want}
            assert picked == want, f"{key}: expected {want!r}, got {picked!r}"
        else:
            assert got == want, f"{key}: expected {want!r}, got {got!r}"


def _check_private(spec: dict[str, Any], output: dict[str, Any]) -> None:
    """``expect_private_has`` / ``expect_private_lacks``: {player: [substring]}
    that some / no line told to that player privately contains (the forum
    edition's results: its replay output has ``private``)."""
    told = output.get("private", {})
    for name, needles in spec.get("expect_private_has", {}).items():
        text = "\n".join(told.get(name, [])).lower()
        for needle in needles:
            assert needle.lower() in text, f"{name} was not told {needle!r}: {told.get(name)}"
    for name, needles in spec.get("expect_private_lacks", {}).items():
        text = "\n".join(told.get(name, [])).lower()
        for needle in needles:
            assert needle.lower() not in text, f"{name} was told {needle!r}: {told.get(name)}"


def _check_public(spec: dict[str, Any], public: list[str]) -> None:
    text = "\n".join(public).lower()
    for needle in spec.get("expect_public_has", []):
        assert needle.lower() in text, f"no public line mentions {needle!r}: {public}"
    for needle in spec.get("expect_public_lacks", []):
        assert needle.lower() not in text, f"a public line gives away {needle!r}: {public}"


@pytest.mark.parametrize("path", _params())
def test_scenario(path: Path) -> None:
    spec = _expectations(path)
    code, stdout, stderr = _replay(path)
    want_code = spec.get("expect_exit", 0)
    assert code == want_code, f"exit {code}, expected {want_code}; stderr: {stderr!r}"
    assert "Traceback" not in stderr
    if code == 0:
        output = json.loads(stdout)
        assert isinstance(output, dict)
        _check_expect(spec.get("expect", {}), output)
        if "expect_mayor_in" in spec:
            assert output["mayor"] in spec["expect_mayor_in"]
        _check_public(spec, output["public"])
        _check_private(spec, output)
    else:
        lines = stderr.strip().splitlines()
        assert len(lines) == 1, f"stderr must be one line, got {stderr!r}"
        if "expect_stderr" in spec:
            assert spec["expect_stderr"].lower() in lines[0].lower(), lines[0]


WAITING = [p for p in SCENARIOS if _expectations(p).get("expect", {}).get("status") == "waiting"]


@pytest.mark.parametrize("path", WAITING, ids=[p.stem for p in WAITING])
def test_public_lines_keep_living_roles_secret(path: Path) -> None:
    """While the game runs, no public line puts a living player next to his card.

    The thief (his card may have changed) and the village idiot (revealed by a
    vote, by the rules) are left out, and so is a player the scenario lists in
    ``expect_revealed`` (a miracle brings back a victim whose card was shown).
    """
    import voices

    spec = _expectations(path)
    code, stdout, _ = _replay(path)
    assert code == 0
    output = json.loads(stdout)
    pack = voices.load(spec.get("language", "nl"))
    for name in output["alive"]:
        role = spec["roles"][name]
        if role in ("thief", "village_idiot") or name in spec.get("expect_revealed", ()):
            continue
        card = pack.role_bare(role).lower()
        for line in output["public"]:
            if re.search(rf"\b{re.escape(name)}\b", line):
                assert card not in line.lower(), f"{name}'s card ({role}) in public: {line!r}"


def test_there_are_enough_scenarios() -> None:
    assert len(SCENARIOS) >= 45


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_quotes_a_seed(path: Path) -> None:
    """Every scenario begins with comments, one of which quotes a seed's rule."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    assert header, f"{path.name} must begin with a comment quoting its rule"
    assert any("seed 00" in line and '"' in line for line in header), (
        f"{path.name}: the first comment must quote a seed (seed 00N, \"...\")"
    )


# The real console script, in a subprocess: exit codes and never a traceback.


def _command() -> list[str]:
    script = shutil.which("wakkerdam")
    if script:
        return [script, "replay"]
    return [sys.executable, "-m", "narrator.cli", "replay"]


def _run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [*_command(), str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "name",
    [
        "win_village",
        "error_malformed_yaml",
        "error_wrong_ask_order",
        "error_witch_used_save",
        "error_steps_after_end",
    ],
)
def test_console_script(name: str) -> None:
    path = SCENARIO_DIR / f"{name}.yaml"
    spec = _expectations(path)
    result = _run_cli(path)
    assert result.returncode == spec.get("expect_exit", 0), result.stderr
    assert "Traceback" not in result.stderr
    if result.returncode == 0:
        assert isinstance(json.loads(result.stdout), dict)
    else:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_console_script_missing_file(tmp_path: Path) -> None:
    result = _run_cli(tmp_path / "no-such-scenario.yaml")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
