"""Read a running app's screen back as plain text lines (from Textual's own SVG export)."""

from __future__ import annotations

import html
import re

_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)" textLength="[\d.]+" clip-path="[^"]*">(.*?)</text>')


def screen_lines(app) -> list[str]:
    """The characters on screen, one string per terminal row (trailing spaces kept)."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    char_w, line_h = 12.2, 24.4
    for x, y, body in _TEXT.findall(svg):
        text = html.unescape(body).replace("\xa0", " ")
        col = round(float(x) / char_w)
        row = round((float(y) - 20) / line_h)
        if 0 <= row < height:
            for i, ch in enumerate(text):
                if 0 <= col + i < width:
                    rows[row][col + i] = ch
    return ["".join(r) for r in rows]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))
