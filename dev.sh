#!/usr/bin/env bash
# The README's two commands, on a fresh machine or an old one:
#   ./dev.sh demo [options]   a whole narrated game with bot players
#   ./dev.sh test [pytest args]   ruff, mypy (strict on engine/) and the test suite
# Anything else is passed to the `wakkerdam` command inside the project's venv.
set -euo pipefail
cd "$(dirname "$0")"

# mosquitto: the MQTT broker of Dorpen, verenigt U (villages/); tests start their
# own on a free port, the system service is never used. gcc and python3-dev (for
# Debian's Python): the compiled engine, which the package's build makes
# (setup.py, narrator/compiled.py; tests/test_compiled_engine.py, tests/test_installed.py).
APT_PACKAGES=(espeak-ng libespeak-ng1 sox libportaudio2 mosquitto chromium chromium-driver gcc python3-dev)
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

on_a_pi() {
    grep -qs "Raspberry Pi" /proc/device-tree/model
}

ensure_venv() {
    # Only what pyproject.toml declares, so nothing passes because this machine
    # happens to have it; on a Pi the venv also sees Debian's python3-lgpio and
    # python3-evdev (docs/pi.md). A venv made the other way is made anew.
    local system=false
    on_a_pi && system=true
    if [ -x "$VENV/bin/python" ] && ! grep -qx "include-system-site-packages = $system" "$VENV/pyvenv.cfg"; then
        echo "dev.sh: making $VENV anew (include-system-site-packages = $system)" >&2
        rm -rf "$VENV"
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        if $system; then python3 -m venv --system-site-packages "$VENV"; else python3 -m venv "$VENV"; fi
    fi
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
        # The whole suite: on the other core meanwhile, the wheel as `pip install .`
        # builds it, the compiled engine in it (minutes of C compiling), which
        # the checkout's build/fast takes too (tests/wheel.py); the tests that
        # use them run last and wait for them (tests/test_compiled_engine.py,
        # tests/test_installed.py). Nothing to do when they are fresh, nor when
        # the arguments name the tests to run (a part of the suite).
        whole=true
        for arg in "$@"; do [ -e "${arg%%::*}" ] && whole=false; done  # a test file or folder named: a part
        if $whole; then
            mkdir -p build
            "$VENV/bin/python" -m tests.wheel >build/wheel.log 2>&1 &
        fi
        "$VENV/bin/python" -m ruff check .
        "$VENV/bin/python" -m mypy  # pyproject.toml's files: the engine and what the build compiles with it
        exec "$VENV/bin/python" -m pytest "$@"
        ;;
    *)
        exec "$VENV/bin/python" -m narrator.cli "$cmd" "$@"
        ;;
esac
