"""The kit's Input: bots' answers read back exactly through every way of
answering, and each kind of bad input has its defined answer."""

from __future__ import annotations

import pytest

from hardware.bothands import BotHands, KitBotTable
from hardware.kit import build_kit
from ports import Question

PLAYERS = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fleur", "Gijs", "Hanna"]


def seer(**kw):
    return Question("pick", "seer", ("Anna",), tuple(PLAYERS[1:]), secret=True, prompt="prompt.seer", **kw)


def wolves():
    return Question("pick", "werewolves", ("Bram", "Cees"), ("Anna", "Dirk", "Eva", "Fleur"),
                    allow_none=True, secret=True, prompt="prompt.werewolves")


QUESTIONS = [
    (seer(), ("Dirk",)),
    (wolves(), ()),
    (wolves(), ("Fleur",)),
    (Question("pick", "cupid", ("Anna",), tuple(PLAYERS), count=2, secret=True), ("Gijs", "Anna")),
    (Question("yes_no", "witch", ("Eva",), secret=True, prompt="prompt.witch_save",
              params={"name": "Dirk"}), True),
    (Question("yes_no", "witch", ("Eva",), secret=True), False),
    (Question("pick", "thief", ("Hanna",), ("werewolf", "seer"), allow_none=True, secret=True), ("seer",)),
    (Question("pick", "scapegoat", ("Hanna",), tuple(PLAYERS[:5]), count=5, exact=False), ("Anna", "Bram")),
    (Question("pick", "vote", ("Cees",), tuple(PLAYERS), allow_none=True), ("Bram",)),
    (seer(), None),
]


@pytest.fixture
def make_kit():
    kits = []

    def make(name, **kw):
        kit = build_kit(name, fake=True, players=PLAYERS, lang=kw.pop("lang", "nl"), **kw)
        kits.append(kit)
        return kit

    yield make
    for kit in kits:
        kit.close()


@pytest.mark.parametrize("name, prefer", [
    ("laptop", None), ("minimal", None), ("minimal", "console"), ("minimal", "keyboard"),
    ("full", None), ("full", "tokens"), ("full", "console"), ("maneschijn", None),
])
def test_bots_answers_read_back_exactly(make_kit, name, prefer):
    kit = make_kit(name)
    hands = BotHands(kit, prefer)
    intended = {}
    hands.attach(lambda q: intended["answer"])
    for question, answer in QUESTIONS:
        intended["answer"] = answer
        assert kit.input.ask(question) == answer, (question.ask, answer)
    assert kit.display is None or kit.display.text == []  # cleared after each question


def test_kit_bot_table_wraps_any_bot_input(make_kit):
    class Always:
        def ask(self, q):
            return ("Dirk",)

    kit = make_kit("minimal")
    table = KitBotTable(kit, Always())
    assert table.ask(seer()) == ("Dirk",)


def test_token_of_a_dead_player_is_refused_and_the_question_waits(make_kit):
    kit = make_kit("minimal")
    q = Question("pick", "seer", ("Anna",), ("Bram", "Cees"), secret=True)  # Dirk is dead
    kit.input.on_prompt = lambda q: (kit.present(kit.registry.token_of(4)),
                                     kit.present(kit.registry.token_of(3)))
    seen = []
    show = kit.display.show
    kit.display.show = lambda text: (seen.append(text), show(text))
    assert kit.input.ask(q) == ("Cees",)
    assert any("Dirk kan nu niet gekozen worden." in t for t in seen)


def test_unknown_tag_and_token_of_an_empty_seat_are_refused(make_kit):
    kit = make_kit("minimal")
    kit.input.on_prompt = lambda q: (kit.present("DEADBEEF"), kit.present(kit.registry.token_of(20)))
    assert kit.input.ask(seer(timeout_s=5)) is None
    assert kit.display.text == []
    texts = [f for f in kit.display.frames]
    assert len(texts) >= 4  # prompt, two refusals, cleared


def test_nothing_in_time_is_none_without_sleeping(make_kit):
    kit = make_kit("full")
    start = kit.clock.now()
    assert kit.input.ask(seer(timeout_s=45)) is None
    assert kit.clock.now() - start == pytest.approx(45, abs=0.1)


def test_presses_before_the_question_do_not_answer_it(make_kit):
    kit = make_kit("minimal")
    kit.console.click("yes")
    q = Question("yes_no", "witch", ("Eva",), secret=True, timeout_s=3)
    assert kit.input.ask(q) is None


def test_a_sleepers_seat_button_is_ignored(make_kit):
    kit = make_kit("full")

    def act(q):
        kit.seat("Dirk").click()          # not asked: ignored
        kit.clock.sleep(0.5)
        kit.seat("Dirk").hold()
        kit.clock.sleep(0.5)
        kit.seat("Anna").click()           # the seer: cursor on Bram
        kit.clock.sleep(0.5)
        kit.seat("Anna").hold()            # take Bram
    kit.input.on_prompt = act
    assert kit.input.ask(seer()) == ("Bram",)


def test_two_werewolves_pressing_together_step_once(make_kit):
    kit = make_kit("full")

    def act(q):
        kit.seat("Bram").press()
        kit.seat("Cees").press()
        kit.clock.sleep(0.1)
        kit.seat("Bram").release()
        kit.seat("Cees").release()        # 0 s after Bram's: one step, not two
        kit.clock.sleep(0.5)
        kit.seat("Cees").hold()
    kit.input.on_prompt = act
    assert kit.input.ask(wolves()) == ("Anna",)


def test_a_bouncing_console_button_steps_once(make_kit):
    kit = make_kit("minimal")

    def act(q):
        kit.console.bounce("next")
        kit.clock.sleep(0.3)
        kit.console.release("next")
        kit.clock.sleep(0.3)
        kit.console.click("yes")
    kit.input.on_prompt = act
    assert kit.input.ask(seer()) == ("Bram",)


@pytest.mark.parametrize("lost", [False, True], ids=["bouncing", "release lost"])
def test_a_bouncing_seat_pod_tap_is_the_yes_the_player_meant(make_kit, lost):
    kit = make_kit("full")
    bank = kit.seat_buttons[kit.seat_of("Eva")]

    def act(q):
        seat = kit.seat_of("Eva")
        if lost:  # the chip's INT line still active: the release raises no interrupt
            kit.seat("Eva").press()
            kit.clock.sleep(0.004)
            chip, pin = bank.pins[seat]
            model = kit.i2c.devices[chip.address]
            model.int_active = True
            model.set_input(pin, low=False)
        else:  # ten edges in 5 ms, ending released
            for i in range(10):
                bank._drive(seat, i % 2 == 0)
                kit.clock.sleep(0.005 / 9)
    kit.input.on_prompt = act
    q = Question("yes_no", "witch", ("Eva",), secret=True, prompt="prompt.witch_save",
                 params={"name": "Dirk"}, timeout_s=10)
    assert kit.input.ask(q) is True


def test_seat_cursor_brightens_the_targets_candle_and_restores_it(make_kit):
    kit = make_kit("maneschijn")
    kit.candles.light(PLAYERS)
    bank = kit.candles._banks["seat:3"]
    bank.history.clear()

    def act(q):
        kit.seat("Anna").click()
        kit.clock.sleep(0.5)
        kit.seat("Anna").click()
        kit.seat("Anna").hold()
    kit.input.on_prompt = act
    assert kit.input.ask(seer()) == ("Cees",)
    assert bank.history == [("seat:2", "bright"), ("seat:2", "lit"), ("seat:3", "bright"),
                            ("seat:3", "lit")]
    assert set(kit.candles.states.values()) == {"lit"}


def test_risky_maneschijn_one_candle_is_the_victim(make_kit):
    kit = make_kit("maneschijn", risky_candles=True)
    kit.candles.light(PLAYERS)
    kit.input.on_prompt = lambda q: kit.seat("Eva").press()
    assert kit.input.ask(wolves()) == ("Eva",)
    assert kit.candles.states["Eva"] == "out"
    kit.candles.sync([p for p in PLAYERS if p != "Eva"])
    assert kit.candles.states["Eva"] == "out" and kit.candles.states["Anna"] == "lit"


def blow_two(kit, first: str, second: str) -> None:
    """At the prompt two pods put out their candles, two seconds apart."""
    def act(q):
        kit.seat(first).press()
        kit.clock.sleep(2)
        kit.seat(second).press()
    kit.input.on_prompt = act


def test_risky_maneschijn_two_candles_out_means_no_victim(make_kit):
    kit = make_kit("maneschijn", risky_candles=True)
    kit.candles.light(PLAYERS)
    blow_two(kit, "Eva", "Anna")
    assert kit.input.ask(wolves()) == ()
    kit.candles.sync(PLAYERS)   # dawn: nobody died, every candle burns again
    assert set(kit.candles.states.values()) == {"lit"}


def test_risky_maneschijn_a_werewolfs_own_candle_is_no_victim(make_kit):
    kit = make_kit("maneschijn", risky_candles=True)
    kit.input.on_prompt = lambda q: kit.seat("Bram").press()  # Bram is a wolf: not an option
    assert kit.input.ask(wolves()) == ()


def test_expander_that_vanishes_mid_game_is_reported_once_and_tokens_still_work(make_kit):
    kit = make_kit("full")
    notices = []
    kit.on_notice = notices.append
    hands = BotHands(kit)
    intended = {}
    hands.attach(lambda q: intended["a"])
    intended["a"] = ("Dirk",)
    assert kit.input.ask(seer()) == ("Dirk",)   # by the seat pods
    kit.i2c.unplug(0x20)                         # the seat buttons' chip
    intended["a"] = ("Eva",)
    assert kit.input.ask(seer()) == ("Eva",)     # now by token: the pods are gone
    assert kit.input.ask(seer()) == ("Eva",)
    assert len(notices) == 1 and "knoppen bij de stoelen" in notices[0]


def test_keyboard_typos_are_refused_then_a_good_line_answers(make_kit):
    kit = make_kit("laptop")
    kit.input.on_prompt = lambda q: [kit.keyboard.type(t) for t in ("Zoe", "Anna", "2")]
    assert kit.input.ask(seer()) == ("Cees",)   # "Anna" is not an option; 2 = Cees
    out = kit.screen.getvalue()
    assert "Niet begrepen: Zoe" in out and "Niet begrepen: Anna" in out


def test_missing_devices_are_reported_once(tmp_path, monkeypatch):
    from hardware.kit import Kit
    from hardware.microphone import MicrophoneUnavailable

    def no_microphone(self):
        raise MicrophoneUnavailable("no usable microphone")
    monkeypatch.setattr(Kit, "_probe_microphone", no_microphone)  # whatever this machine has
    path = tmp_path / "kit.yaml"
    path.write_text("name: t\nconsole:\n  reader: {type: keyboard, device: /dev/input/nope}\n"
                    "  display: {type: ssd1306, address: 0x3D}\n  microphone: true\n")
    kit = build_kit(str(path), fake=False, players=["A", "B"], registry=None)
    try:
        assert set(kit.missing) == {"reader", "display", "microphone"}
        lines = kit.report_missing()
        assert lines == ["Niet gevonden: de kaartlezer, de microfoon (stemmen gaan dan met de knoppen "
                         "of het toetsenbord) en het schermpje. We spelen verder met wat er is; het "
                         "toetsenbord werkt altijd."]
        assert kit.report_missing() == []
        kit.input.on_prompt = lambda q: kit.keyboard.type("B")
        q = Question("pick", "vote", ("A",), ("B",), timeout_s=1)
        assert kit.input.ask(q) == ("B",)   # the keyboard remains
    finally:
        kit.close()


def test_reader_and_display_that_vanish_are_reported_once_and_the_console_remains(make_kit):
    kit = make_kit("minimal")
    notices = []
    kit.on_notice = notices.append
    hands = BotHands(kit)
    intended = {"a": ("Dirk",)}
    hands.attach(lambda q: intended["a"])
    assert kit.input.ask(seer()) == ("Dirk",)        # by token
    kit.rc522_model.unplugged = True
    kit.display.device.display = _broken              # the OLED's bus fails
    intended["a"] = ("Eva",)
    assert kit.input.ask(seer(timeout_s=5)) is None   # this one was lost with the devices
    assert kit.input.ask(seer()) == ("Eva",)          # then typed: the keyboard remains
    assert kit.input.ask(seer()) == ("Eva",)
    assert sorted(notices) == ["De kaartlezer reageert niet meer. We spelen verder zonder.",
                               "Het schermpje reageert niet meer. We spelen verder zonder."]


def _broken(image):
    raise OSError(121, "Remote I/O error")


def test_on_a_dark_table_the_cursor_only_glows(make_kit):
    kit = make_kit("full")            # candles out: not Maneschijn
    bank = kit.candles._banks["seat:2"]

    def act(q):
        kit.seat("Anna").click()
        kit.seat("Anna").hold()
    kit.input.on_prompt = act
    assert kit.input.ask(seer()) == ("Bram",)
    assert bank.history == [("seat:2", "glow"), ("seat:2", "out")]


def test_risky_maneschijn_through_the_engine_two_candles_no_victim(make_kit):
    """seed 000: "als er meer dan een kaars uitgaat, vallen er deze nacht geen
    slachtoffers" — the kit's candles answer the engine's ``candles`` ask."""
    from engine import Game, Options, Role, Setup
    from narrator.questions import decision_from, single_question

    roles = dict(zip(PLAYERS, [Role.SEER, Role.WEREWOLF, Role.WEREWOLF, Role.WITCH] + [Role.VILLAGER] * 4,
                     strict=True))
    options = Options(extra={"risky_candles": True})
    game = Game(Setup(tuple(PLAYERS), roles, options=options, variants=("moonlight",)))
    game.apply(None)  # the seer looks at nobody
    assert game.request is not None and game.request.ask == "candles"
    kit = make_kit("maneschijn")
    kit.candles.light(PLAYERS)
    blow_two(kit, "Eva", "Fleur")
    got = kit.input.ask(single_question(game.request, 30.0))
    assert got == ("Eva", "Fleur")
    game.apply(decision_from(game.request, got))
    assert game.request.ask == "witch" and game.request.info["victim"] is None


@pytest.mark.parametrize("kit_name", ["minimal", "full", "maneschijn"])
def test_a_line_for_the_talking_wall_is_typed_on_the_keyboard(make_kit, kit_name):
    """Buttons and tokens cannot write: the box's keyboard takes the line."""
    kit = make_kit(kit_name)
    q = Question("text", "talking_wall", ("Bram",), secret=True, prompt="prompt.talking_wall",
                 params={"name": "Bram"}, timeout_s=30.0)

    def act(q):
        kit.seat("Eva").press() if kit_name != "minimal" else None
        kit.keyboard.type("Gijs  loog")
    kit.input.on_prompt = act
    assert kit.input.ask(q) == ("Gijs loog",)
