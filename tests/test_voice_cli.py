"""`wakkerdam voice`: say, cues, warm (the lead hooks main(argv) into the CLI)."""

from __future__ import annotations

import soundfile

import voices
from narrator.voice.cli import complete_lines, main


def test_say_writes_real_speech_to_the_wav_and_the_text_to_the_terminal(tmp_path, capsys):
    wav = tmp_path / "say.wav"
    assert main(["say", "--lang", "de", "--fast", "--wav", str(wav), "--cache-dir",
                 str(tmp_path / "c"), "Die", "Seherin", "erwacht."]) == 0
    assert capsys.readouterr().out.strip() == "Die Seherin erwacht."
    data, rate = soundfile.read(str(wav), dtype="int16")
    assert 0.8 < len(data) / rate < 4


def test_cues_are_all_played(tmp_path, capsys):
    wav = tmp_path / "cues.wav"
    assert main(["cues", "--lang", "en", "--fast", "--wav", str(wav), "--cache-dir",
                 str(tmp_path / "c")]) == 0
    assert capsys.readouterr().out.count("[sound:") == 4
    data, rate = soundfile.read(str(wav), dtype="int16")
    assert len(data) / rate > 4 * 0.4


def test_warm_renders_every_complete_line_once(tmp_path, capsys):
    pack = voices.load("nl")
    lines = complete_lines(pack)
    assert lines and all("{" not in line for line in lines)
    assert main(["warm", "--lang", "nl", "--cache-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"nl: {len(lines)} zinnen klaar in {tmp_path}")
    assert len(list(tmp_path.rglob("*.wav"))) == len(set(lines))


def test_usage_errors_are_one_message_and_a_code(capsys):
    assert main(["say", "--lang", "xx", "hallo"]) == 2
    err = capsys.readouterr().err  # one line, in Dutch (no --lang it knows)
    assert "'xx' kan niet bij --lang" in err and err.count("\n") == 1
    assert main([]) == 2


def test_an_unwritable_wav_is_one_message(tmp_path, capsys):
    blocker = tmp_path / "f"
    blocker.write_text("x")
    assert main(["say", "--fast", "--wav", str(blocker / "x.wav"), "--cache-dir",
                 str(tmp_path / "c"), "--lang", "de", "hallo"]) == 2
    err = capsys.readouterr().err  # one line in the game's language, naming the file
    assert err == (f"wakkerdam voice: Die Tondatei {blocker / 'x.wav'} kann nicht geschrieben werden: "
                   "ein Teil des Pfades ist kein Ordner.\n")
