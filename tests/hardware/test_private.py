"""The private channel: the display (then blank), the laptop passed round,
taps by motors where every seat buzzes, and the round on kits without pods."""

from __future__ import annotations

import pytest

from hardware.kit import build_kit
from hardware.outputs import TAP

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
def test_tap_buzzes_every_seat_the_same_whoever_it_is_for(kit):
    kit.private.on_show = lambda seats, text: None
    kit.private.tap_round({"Bram": ("private.charmed", {}), "Dirk": ("private.charmed", {})})
    kit.private.tap_round({})
    motors = kit.motors[kit.seat_of("Anna")]
    assert motors.felt == {f"seat:{i}": [TAP, TAP] for i in range(1, 5)}


def _round_as_seen(kit, lines):
    """What the table sees of a round: whose turn, for how long (players
    reading for 2 s a screen), but not the text."""
    seen = []

    def read(seats, text):
        start = kit.clock.now()
        kit.clock.sleep(2.0)
        if kit.console is not None:
            kit.console.click("next")
        else:
            kit.keyboard.type("")
        seen.append((seats, round(start, 3)))
    kit.private.on_show = read
    start = kit.clock.now()
    kit.private.tap_round(lines)
    return [(s, round(t - start, 3)) for s, t in seen], round(kit.clock.now() - start, 3)


@pytest.mark.parametrize("kit", ["minimal", "full", "laptop"], indirect=True)
def test_a_round_has_one_shape_with_news_without_and_for_nobody(kit):
    lovers = _round_as_seen(kit, {"Bram": ("private.in_love", {"partner": "Dirk"}),
                                  "Dirk": ("private.in_love", {"partner": "Bram"})})
    charmed = _round_as_seen(kit, {"Cees": ("private.charmed", {})})
    nobody = _round_as_seen(kit, {})
    assert lovers == charmed == nobody
    assert [s for s, _ in nobody[0]] == [(p,) for p in PLAYERS for _ in range(2)]


@pytest.mark.parametrize("kit", ["minimal"], indirect=True)
def test_a_round_shows_each_their_line_and_the_others_nothing(kit):
    seen = []

    def read(seats, text):
        seen.append((seats, text))
        kit.console.click("next")
    kit.private.on_show = read
    kit.private.tap_round({"Bram": ("private.charmed", {}), "Dirk": ("private.charmed", {})})
    lines = [t for _, t in seen if not t.endswith("jij bent aan de beurt. Druk op Volgende.")]
    assert lines == ["Niets voor jou. Druk op Volgende.", "Je bent betoverd door de fluitspeler.",
                     "Niets voor jou. Druk op Volgende.", "Je bent betoverd door de fluitspeler."]
    assert kit.private.shown == [(("Bram",), "Je bent betoverd door de fluitspeler."),
                                 (("Dirk",), "Je bent betoverd door de fluitspeler.")]


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
