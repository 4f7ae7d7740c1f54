"""Fonts for the pictures (matplotlib): players' names in any script, emoji too.

matplotlib draws with one font and falls back glyph by glyph along its
family list, so the list names DejaVu Sans (Latin, Greek, Cyrillic) and then
fonts with the rest: WenQuanYi Micro Hei (Chinese, Japanese, Korean), Noto
Sans for Arabic, Hebrew and the Indic and Thai scripts, Symbola (emoji and
symbols, drawn in one colour). They are Debian packages (``fonts-wqy-microhei
fonts-noto-core fonts-symbola``: dev.sh's APT_PACKAGES, docs/pi.md); a font
that is not installed is left out, and its letters draw as boxes.
"""

from __future__ import annotations

from functools import cache

#: after DejaVu Sans, in the order matplotlib tries them
FALLBACK = ("WenQuanYi Micro Hei", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
            "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Thai", "Noto Sans Armenian",
            "Noto Sans Georgian", "Noto Sans Ethiopic", "Symbola")


@cache
def families() -> tuple[str, ...]:
    """The family list for ``font.family``: DejaVu Sans and the fallbacks installed."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    known = {f.name for f in manager.ttflist}
    if not set(FALLBACK) <= known:
        # matplotlib's font cache predates fonts installed since: read the
        # system's font files it does not know yet (once a process)
        have = {f.fname for f in manager.ttflist}
        for path in font_manager.findSystemFonts():
            if path not in have and path.lower().endswith((".ttf", ".otf", ".ttc")):
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        known = {f.name for f in manager.ttflist}
    return ("DejaVu Sans", *(f for f in FALLBACK if f in known))
