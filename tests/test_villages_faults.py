"""Dorpen, verenigt U under faults (issue 29), the lean run of the harness
that bench/villages_faults.py runs 200 evenings of each fault with
(tests/villages_faults.py): the broker SIGKILLed at random moments, a box
SIGKILLed and started again on its journal, PUBLISH packets dropped and
doubled on the way. Each evening against the same seed's evening without
faults: nobody lost or doubled at any moment read, the same moves, the same
villages at the end."""

from __future__ import annotations

import pytest

from tests.villages_faults import FAULTS, Harness

SEEDS = (3, 8)


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    return Harness(tmp_path_factory.mktemp("faults"))


@pytest.mark.parametrize("fault", FAULTS)
def test_an_evening_with_faults_is_the_evening_without(harness, fault):
    for seed in SEEDS:
        result = harness.run(seed, fault)
        assert set(result.exit_codes.values()) == {0}, result.exit_codes
        assert result.problems == [], result.problems[:5]
        assert result.lost == result.doubled == 0
        assert not result.diverged, (result.evening, harness.baseline(seed).evening)
        assert result.figures["transfers"] > 0 and result.figures["went_on_without"] == 0
    summary = harness.summary(fault)
    if fault == "network":
        assert summary["dropped"] > 0 and summary["doubled_on_the_way"] > 0
    else:
        assert summary["faults"] >= 1
