#!/usr/bin/env bash
# The README's two commands, on a fresh machine or an old one:
#   ./dev.sh demo [options]   a whole narrated game with bot players
#   ./dev.sh test [pytest args]   ruff, mypy (strict on engine/) and the test suite
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

cmd="${1:-demo}"
shift || true
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
