"""``wakkerdam demo --variant ID --kit K --fast`` finishes for every variant
and every kit (the demo's own code path, in-process to stay fast)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from engine.variants import VARIANTS
from narrator.demo import demo_main

KITS = ("laptop", "minimal", "full", "maneschijn")
OPTIONS = {"moonlight": ["--option", "risky_candles=true"], "not_him": ["--option", "not_him_days=[2]"]}


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_demo_finishes_with_every_variant_on_every_kit(variant: str, kit: str) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = demo_main(["--variant", variant, "--kit", kit, "--fast", "--text-only", "--json",
                          "--players", "8", "--seed", "4", *OPTIONS.get(variant, [])])
    assert code == 0
    summary = json.loads(out.getvalue()[out.getvalue().index("{"):])
    assert summary["status"] == "finished" and summary["winner"]
