"""Text metrics without a browser: how wide a label is drawn, titles wrapped to a width, labels thinned to fit, and
every word escaped so that Plotly shows it as typed."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import numpy as np

from .. import theme


def _wide(c: str) -> bool:
    """Drawn about 1 em wide: Hangul and CJK, and arrows (→ ↓), which the Hangul font draws full width."""
    return unicodedata.east_asian_width(c) in "WF" or "\u2190" <= c <= "\u21ff"


def text_width(label: str, size: int) -> float:
    """Approximate rendered width in px: wide glyphs (`_wide`) ≈ 1 em, others ≈ 0.6 em."""
    return sum(size * (theme.WIDE_GLYPH_EM if _wide(c) else theme.NARROW_GLYPH_EM) for c in str(label))



def legend_px(names, size: int, width_px: float = 480) -> int:
    """Height of a horizontal legend under the chart: its entries wrap into rows of about `width_px`."""
    rows, used = 1, 0.0
    for w in (text_width(str(n), size) + theme.LEGEND_SWATCH_PX for n in names):
        if used and used + w > width_px:
            rows, used = rows + 1, 0.0
        used += w
    return int(rows * size * theme.LEGEND_ROW_EM + size * 0.6)  # + the gap between plot and legend


def _words(title: str) -> list[str]:
    """The title's words, a bracketed group ("(step 0)", "(행)") kept as one: a line never starts inside it."""
    words: list[str] = []
    depth = 0
    for word in title.split(" "):
        if depth > 0 and words:
            words[-1] += " " + word
        else:
            words.append(word)
        depth = max(0, depth + word.count("(") + word.count("[") - word.count(")") - word.count("]"))
    return words


def wrap(title: str, size: int, max_px: float = 380) -> str:
    """Break a long title into lines (<br>) of at most about `max_px` pixels, at spaces outside brackets (inside a
    bracket too, when the bracket alone is wider than that). Where that leaves one word alone on the last line, the
    lines are made as even as that many lines allow."""
    words = [part for word in _words(title)
             for part in (word.split(" ") if text_width(word, size) > max_px else [word])]

    def greedy(limit: float) -> list[str]:
        lines, line = [], ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if line and text_width(candidate, size) > limit:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
        return lines

    lines = greedy(max_px)
    if len(lines) > 1 and len(_words(lines[-1])) == 1:  # the narrowest width that still needs no more lines
        low, high = max(text_width(w, size) for w in words), max_px
        while high - low > 1:
            mid = (low + high) / 2
            low, high = (mid, high) if len(greedy(mid)) > len(lines) else (low, mid)
        lines = greedy(high)
    return "<br>".join(lines)


def plain(text: object) -> str:
    """Text shown as typed: Plotly renders a few HTML tags in labels, so < and > are escaped (our <br> stays)."""
    return str(text).replace("<br>", "\0").replace("<", "&lt;").replace(">", "&gt;").replace("\0", "<br>")


def _plain_all(values):
    if isinstance(values, str):
        return plain(values)
    if isinstance(values, np.ndarray):
        return np.vectorize(plain, otypes=[object])(values) if values.dtype == object else values
    if isinstance(values, (list, tuple)):
        return [_plain_all(v) for v in values]
    return values


def _escape_labels(data: list[dict], layout: dict) -> None:
    """Every word that reaches the chart (ticks, categories, hover data, texts, trace names) shown as plain text."""
    for trace in data:
        for attr in ("text", "customdata", "name", "x", "y"):
            value = trace.get(attr)
            if value is None or (attr in "xy" and not any(isinstance(v, str) for v in np.ravel(value))):
                continue
            trace[attr] = _plain_all(value)
    for key, axis in layout.items():
        if key.startswith(("xaxis", "yaxis")):
            for attr in ("ticktext", "tickvals", "categoryarray"):
                if axis.get(attr) is not None:
                    axis[attr] = [plain(t) if isinstance(t, str) else t for t in axis[attr]]



def number_box(z: np.ndarray, decimals: int, size: int) -> tuple[float, float]:
    """The width and height in px of the widest number of `z` printed at `size` (digits are narrow glyphs; a line of
    digits is about theme.DIGIT_LINE_EM tall)."""
    widest = max((len(f"{v:.{decimals}f}") for v in np.ravel(z)), default=1)
    return widest * theme.NARROW_GLYPH_EM * size, size * theme.DIGIT_LINE_EM


def cell_text_size(z: np.ndarray, decimals: int, cell_w: float, cell_h: float, size: int,
                   least: int = theme.CELL_TEXT_MIN_SIZE, reserve: float = 0.0) -> int | None:
    """The font size at which the numbers fit their cells (down to `least`), or None; `reserve` px on every side
    of a cell stay free for the marks' rings."""
    for s in range(size, least - 1, -1):
        w, h = number_box(z, decimals, s)
        if w + theme.CELL_PAD_PX + 2 * reserve <= cell_w and h + 2 * reserve <= cell_h:
            return s
    return None



def thinned(labels: Sequence[str], step_px: float, size: int, rotated: bool,
            diagonal: bool = False, least: int = theme.TICK_MIN_SIZE) -> tuple[list[str], int]:
    """Every k-th label (k ≥ 1) and the tick font size, so that labels `step_px` apart never overlap.

    Rotated (or row) labels need about one line height each; upright ones their own width. Hover still
    names every word: the axis keeps all categories, only the printed ticks are thinned.
    """
    labels = list(labels)

    def need(s: int) -> float:
        if diagonal:
            return s * theme.DIAGONAL_EM
        return s * theme.LINE_EM if rotated else max((text_width(x, s) for x in labels), default=0) + theme.TICK_GAP_PX

    for s in range(size, least - 1, -1):
        if need(s) <= step_px:
            return labels, s
    s = least
    k = int(np.ceil(need(s) / max(step_px, 1e-9)))
    return labels[::k], s
