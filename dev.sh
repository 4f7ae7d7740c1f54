#!/usr/bin/env bash
# The README's two commands, on a fresh machine or an old one:
#   ./dev.sh demo [options]   a whole narrated game with bot players
#   ./dev.sh test [pytest args]   ruff, mypy (strict on engine/) and the test suite
# and one optional step (CI takes it, so the tests of those voices run there):
#   ./dev.sh voices           MBROLA's Dutch, German and English voices (Debian non-free)
# Anything else is passed to the `wakkerdam` command inside the project's venv.
set -euo pipefail
cd "$(dirname "$0")"

# mosquitto: the MQTT broker of Dorpen, verenigt U (villages/); tests start their
# own on a free port, the system service is never used. gcc: the compiled engine
# (narrator/compiled.py) that tests/test_compiled_engine.py builds. The fonts: players'
# names in any script and emoji in the page's pictures (web/fonts.py); iproute2: the
# network namespace in which tests/test_web_reach.py finds the page by its name.
APT_PACKAGES=(espeak-ng libespeak-ng1 sox libportaudio2 mosquitto chromium chromium-driver gcc
              fonts-wqy-microhei fonts-noto-core fonts-symbola iproute2)
VENV=.venv
# MBROLA's diphone voices, spoken through espeak-ng (docs/voice.md): far better
# understood than espeak-ng's own (Whisper's word errors on every spoken line,
# bench/narration_quality.py: nl 70 -> 36 %, de 58 -> 13 %, en 22 -> 12 %).
# Debian has them in non-free: their licence allows non-commercial,
# non-military use only.
VOICE_PACKAGES=(mbrola mbrola-nl2 mbrola-de6 mbrola-us2)

ensure_system_packages() {
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing system packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_venv() {
    # --system-site-packages: on the Pi this sees Debian's lgpio and evdev.
    [ -x "$VENV/bin/python" ] || python3 -m venv --system-site-packages "$VENV"
    local stamp="$VENV/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
    if [ ! -f "$stamp" ]; then
        "$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
        "$VENV/bin/python" -m pip install -q -e '.[test]'
        touch "$stamp"
    fi
}

ensure_non_free() {
    # Where the system's apt sources lack Debian's non-free component, add it
    # for the release and mirror they already use (Raspberry Pi OS has it).
    apt-cache policy "$1" 2>/dev/null | grep -q "Candidate: [0-9]" && return 0
    local sudo="" line
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    line=$(python3 - <<'PY'
import glob, re
codename = dict(l.strip().split("=", 1) for l in open("/etc/os-release") if "=" in l)["VERSION_CODENAME"].strip('"')
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in open(path).read().split("\n\n"):
        fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
        if codename in fields.get("Suites", "").split() and "debian" in fields.get("URIs", ""):
            print(fields["URIs"].split()[0], codename, fields.get("Signed-By", ""))
            raise SystemExit
for path in ["/etc/apt/sources.list", *sorted(glob.glob("/etc/apt/sources.list.d/*.list"))]:
    for l in open(path) if glob.os.path.exists(path) else []:
        parts = l.split()
        if len(parts) > 2 and parts[0] == "deb" and parts[2] == codename and "debian" in parts[1]:
            print(parts[1], codename, "")
            raise SystemExit
PY
)
    [ -n "$line" ] || { echo "no Debian source found to add non-free to" >&2; return 1; }
    set -- $line
    echo "adding Debian's contrib and non-free components ($2) for MBROLA" >&2
    printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: contrib non-free\n%s\n' "$1" "$2" \
        "${3:+Signed-By: $3}" | $sudo tee /etc/apt/sources.list.d/wakkerdam-non-free.sources >/dev/null
    $sudo apt-get update -qq
}

ensure_voices() {
    local missing=()
    for pkg in "${VOICE_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        ensure_non_free "${missing[0]}"
        echo "installing MBROLA's voices (Debian non-free; free for non-commercial, non-military use): ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    echo "MBROLA adds: Dutch mb-nl2, German mb-de6, English mb-us2 (each pack speaks with" \
         "the best voice installed: wakkerdam voices list)" >&2
}

cmd="${1:-demo}"
shift || true
if [ "$cmd" = voices ]; then
    ensure_voices
    exit 0
fi
ensure_system_packages
ensure_venv
case "$cmd" in
    test)
        # The whole suite: the compiled engine (narrator/compiled.py, minutes of C
        # compiling) builds on the other core while ruff, mypy and the tests run;
        # tests/test_compiled_engine.py waits for it. Nothing to do when fresh.
        if ! printf '%s\n' "$@" | grep -q '^[^-]'; then
            mkdir -p build
            "$VENV/bin/python" -m narrator.compiled --quiet >build/compile.log 2>&1 &
        fi
        "$VENV/bin/python" -m ruff check .
        "$VENV/bin/python" -m mypy  # pyproject.toml's files: the engine and what the build compiles with it
        exec "$VENV/bin/python" -m pytest "$@"
        ;;
    *)
        exec "$VENV/bin/python" -m narrator.cli "$cmd" "$@"
        ;;
esac
