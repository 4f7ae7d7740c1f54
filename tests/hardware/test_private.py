"""The private channel: the display (then blank), the laptop passed round,
taps by motors where every seat buzzes, and the round on kits without pods."""

from __future__ import annotations

import pytest

from hardware.kit import build_kit
from hardware.outputs import NOT_YOU, YOU

PLAYERS = ["Anna", "Bram", "Cees", "Dirk"]


@pytest.fixture
def kit(request):
    k = build_kit(request.param, fake=True, players=PLAYERS)
    yield k
    k.close()


@pytest.mark.parametrize("kit", ["minimal"], indirect=True)
def test_show_on_the_display_until_next_then_blank(kit):
    seen = []

    def read(seats, text):
        seen.append((seats, list(kit.display.text)))
        kit.console.click("next")
    kit.private.on_show = read
    kit.private.show(("Anna",), "private.seer_sees", {"name": "Dirk", "role": "de weerwolf"})
    assert seen == [(("Anna",), ["Dirk is de weerwolf."])]
    assert kit.display.text == []


@pytest.mark.parametrize("kit", ["minimal"], indirect=True)
def test_show_ends_by_itself_when_nobody_acknowledges(kit):
    start = kit.clock.now()
    kit.private.show(("Anna",), "private.charmed", {})
    assert kit.display.text == [] and kit.clock.now() - start >= 30


@pytest.mark.parametrize("kit", ["full"], indirect=True)
def test_show_acknowledged_by_the_own_seat_button_or_token(kit):
    kit.private.on_show = lambda seats, text: kit.seat("Cees").click()  # someone else: no
    start = kit.clock.now()
    kit.private.show(("Anna",), "private.charmed", {})
    assert kit.clock.now() - start >= 30
    kit.private.on_show = lambda seats, text: kit.seat("Anna").click()
    start = kit.clock.now()
    kit.private.show(("Anna",), "private.charmed", {})
    assert kit.clock.now() - start < 1
    kit.private.on_show = lambda seats, text: kit.present(kit.registry.token_of(1))
    start = kit.clock.now()
    kit.private.show(("Anna",), "private.charmed", {})
    assert kit.clock.now() - start < 1


@pytest.mark.parametrize("kit", ["laptop"], indirect=True)
def test_laptop_is_passed_round_and_the_line_scrolled_away(kit):
    kit.private.on_show = lambda seats, text: kit.keyboard.type("")
    kit.private.show(("Anna", "Bram"), "private.in_love", {"partner": "X"})
    out = kit.screen.getvalue()
    assert out.index("Geef de laptop aan Anna") < out.index("Je bent verliefd op X") < out.index(
        "Geef de laptop aan Bram")
    assert out.rstrip("\n").endswith("geef de laptop terug.")  # then the scroll
    assert "\n" * 50 in out


@pytest.mark.parametrize("kit", ["full"], indirect=True)
def test_tap_buzzes_every_seat_and_only_the_addressed_feel_you(kit):
    kit.private.tap(("Bram", "Dirk"))
    motors = kit.motors[kit.seat_of("Anna")]
    assert motors.felt == {"seat:1": [NOT_YOU], "seat:2": [YOU], "seat:3": [NOT_YOU],
                           "seat:4": [YOU]}
    assert kit.display.frames == []  # nothing on the screen


@pytest.mark.parametrize("kit", ["minimal"], indirect=True)
def test_tap_without_pods_is_a_round_past_every_seat(kit):
    seen = []

    def read(seats, text):
        seen.append((seats, text))
        kit.console.click("next")
    kit.private.on_show = read
    kit.private.tap(("Cees",))
    assert seen == []                 # waits for the line that follows a tap
    kit.private.flush()               # none came: the round happens now
    assert [s for s, _ in seen] == [(p,) for p in PLAYERS for _ in range(2)]
    you = [s for s, t in seen if t.startswith("Jij bent het")]
    assert you == [("Cees",)]
    assert sum(t.startswith("Niets voor jou") for _, t in seen) == 3


@pytest.mark.parametrize("kit", ["minimal"], indirect=True)
def test_a_tap_and_its_line_are_one_round(kit):
    seen = []

    def read(seats, text):
        seen.append((seats, text))
        kit.console.click("next")
    kit.private.on_show = read
    kit.private.tap(("Bram", "Dirk"))
    kit.private.show(("Bram", "Dirk"), "private.charmed", {})
    lines = [t for _, t in seen if not t.endswith("jij bent aan de beurt. Druk op Volgende.")]
    assert lines == ["Niets voor jou. Druk op Volgende.", "Je bent betoverd door de fluitspeler.",
                     "Niets voor jou. Druk op Volgende.", "Je bent betoverd door de fluitspeler."]
    assert kit.private.shown == [(("Bram", "Dirk"), "Je bent betoverd door de fluitspeler.")]


def test_no_secret_reaches_a_log_when_no_one_looks_at_the_screen():
    import io

    from ports import Question

    log = io.StringIO()  # a service's stdout: the journal, not a person
    kit = build_kit("laptop", fake=False, players=PLAYERS, screen=log, registry=None)
    try:
        kit.private.show(("Anna",), "private.seer_sees", {"name": "Dirk", "role": "de weerwolf"})
        q = Question("yes_no", "witch", ("Eva",), secret=True, prompt="prompt.witch_save",
                     params={"name": "Dirk"}, timeout_s=0)
        assert kit.input.ask(q) is None
        assert "Dirk" not in log.getvalue()
    finally:
        kit.close()
