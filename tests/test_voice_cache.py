"""The render cache (memory and disk) and rendering ahead of time."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from narrator.voice import Audio, RenderCache, Renderer, Say, VoiceSettings, make_backend
from narrator.voice.wavio import encode_wav


class Counting:
    """The real espeak-ng backend, counting its renders (and able to hold one)."""

    def __init__(self, voice: str = "nl", gate: threading.Event | None = None) -> None:
        self.inner = make_backend(VoiceSettings(voice=voice))
        self.name = self.inner.name
        self.renders: list[str] = []
        self.gate = gate
        self.started = threading.Event()

    def identity(self) -> str:
        return self.inner.identity()

    def render(self, say: Say) -> Audio:
        self.renders.append(say.text)
        self.started.set()
        if self.gate is not None:
            self.gate.wait(10)
        return self.inner.render(say)


LINE = "De weerwolven worden wakker."


def test_second_render_is_a_memory_hit_with_identical_bytes(tmp_path):
    synth = Counting()
    renderer = Renderer(synth, RenderCache(tmp_path), "nl")
    first = renderer.audio(LINE)
    second = renderer.audio(LINE)
    assert synth.renders == [LINE]
    assert second is first
    assert renderer.cache.stats.memory_hits == 1
    renderer.close()


def test_a_new_process_finds_the_line_on_disk(tmp_path):
    first = Renderer(Counting(), RenderCache(tmp_path), "nl").audio(LINE)
    synth = Counting()
    again = Renderer(synth, RenderCache(tmp_path), "nl")
    audio = again.audio(LINE)
    assert synth.renders == []
    assert again.cache.stats.disk_hits == 1
    assert encode_wav(audio) == encode_wav(first)
    assert len(list(tmp_path.rglob("*.wav"))) == 1


def test_key_depends_on_voice_language_and_text(tmp_path):
    base = Counting("nl").identity()
    keys = {
        RenderCache.key(base, Say(LINE, "nl")),
        RenderCache.key(base, Say(LINE + " ", "nl")),
        RenderCache.key(base, Say(LINE, "de")),
        RenderCache.key(make_backend(VoiceSettings(voice="nl", rate=151)).identity(), Say(LINE, "nl")),
        RenderCache.key(make_backend(VoiceSettings(voice="nl+f2")).identity(), Say(LINE, "nl")),
    }
    assert len(keys) == 5


def test_a_damaged_disk_entry_is_rendered_again(tmp_path):
    Renderer(Counting(), RenderCache(tmp_path), "nl").audio(LINE)
    (entry,) = tmp_path.rglob("*.wav")
    entry.write_bytes(entry.read_bytes()[:100])  # cut short, like a power cut
    synth = Counting()
    audio = Renderer(synth, RenderCache(tmp_path), "nl").audio(LINE)
    assert synth.renders == [LINE]
    assert audio.rms() > 300
    assert len(entry.read_bytes()) > 100  # repaired


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_cache_dir_is_reported_once_then_memory_only(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    reports = []
    cache = RenderCache(locked, on_disk_error=lambda d, r: reports.append((d, r)))
    renderer = Renderer(Counting(), cache, "nl")
    renderer.audio(LINE)
    renderer.audio("Nog een zin.")
    assert len(reports) == 1 and reports[0][0] == locked
    assert renderer.audio(LINE) is not None


def test_a_cache_path_that_is_a_file_is_reported_once(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    reports = []
    cache = RenderCache(blocker, on_disk_error=lambda d, r: reports.append(r))
    renderer = Renderer(Counting(), cache, "nl")
    renderer.audio(LINE)
    renderer.audio("Nog een zin.")
    assert len(reports) == 1
    assert renderer.cache.stats.memory_hits == 0
    renderer.audio(LINE)
    assert renderer.cache.stats.memory_hits == 1


def test_memory_is_bounded_least_recently_used_first():
    cache = RenderCache(None, memory_bytes=3 * 2000)
    for i in range(5):
        cache.put(str(i), Audio(np.zeros(1000, dtype=np.int16), 22050))
    assert cache.get("0") is None and cache.get("1") is None
    assert cache.get("4") is not None


def test_prefetch_renders_ahead_so_the_line_is_a_hit(tmp_path):
    synth = Counting()
    renderer = Renderer(synth, RenderCache(tmp_path), "nl")
    lines = ["De ziener wordt wakker.", "De ziener gaat weer slapen.", "", "  "]
    renderer.prefetch(lines)
    renderer.settle()
    assert synth.renders == lines[:2]
    renderer.audio(lines[0])
    renderer.audio(lines[1])
    assert synth.renders == lines[:2]  # nothing rendered twice
    renderer.prefetch(lines)  # already cached: no new renders
    renderer.settle()
    assert synth.renders == lines[:2]
    renderer.close()


def test_a_line_due_while_its_prefetch_is_running_waits_for_that_render(tmp_path):
    gate = threading.Event()
    synth = Counting(gate=gate)
    renderer = Renderer(synth, RenderCache(tmp_path), "nl")
    renderer.prefetch([LINE])
    assert synth.started.wait(10)
    got: list[Audio] = []
    waiter = threading.Thread(target=lambda: got.append(renderer.audio(LINE)))
    waiter.start()
    gate.set()
    waiter.join(10)
    assert synth.renders == [LINE]
    assert got and got[0].rms() > 300
    renderer.close()


def test_a_failed_prefetch_is_retried_when_the_line_is_due(tmp_path):
    class FailsOnce(Counting):
        def render(self, say: Say) -> Audio:
            if not self.renders:
                self.renders.append("failed")
                raise RuntimeError("flaky engine")
            return super().render(say)

    synth = FailsOnce()
    renderer = Renderer(synth, RenderCache(tmp_path), "nl")
    renderer.prefetch([LINE])
    renderer.settle()
    assert renderer.audio(LINE).rms() > 300
    assert renderer.audio(LINE).rms() > 300
    assert synth.renders == ["failed", LINE]
    renderer.close()
