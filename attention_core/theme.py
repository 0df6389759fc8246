"""Every colour, font and size the figures use, in one place (no plotly import here).

Palettes are ColorBrewer schemes that stay readable for the common forms of colour blindness:
RdBu (diverging, centred on 0) for signed matrices and Blues (sequential, 0–1) for weights.
"""

from __future__ import annotations

FONT_FAMILY = (
    '"Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", '
    '"Nanum Gothic", "Source Han Sans KR", sans-serif'
)
DIVERGING = "RdBu_r"  # negative blue, positive red, white at 0
SEQUENTIAL = "Blues"  # 0 white … 1 dark blue, for attention weights
SEQUENTIAL_RANGE = (0.0, 1.0)

QUERY_COLOR = "#d95f02"  # the looking word (Q), orange
KEY_COLOR = "#1b9e77"  # the looked-at words (K), teal
VALUE_COLOR = "#7570b3"  # what is handed over (V), purple
GUESS_COLOR = "#e7298a"  # the class's guess
TRUTH_COLOR = "#000000"  # the true winner
NEUTRAL_COLOR = "#888888"
MASKED_COLOR = "#d9d9d9"  # a masked cell: grey, never a colour of the weights scale (whose 0 is white)
MASKED_TEXT_COLOR = "#555555"
MASKED_SYMBOL = "✕"  # drawn in a masked cell instead of a number
SERIES = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666")  # Dark2

FONT_SIZE = 13
FONT_SIZE_PRESENTER = 18
TITLE_SIZE = 15
CELL_TEXT_MAX = 16  # numbers are drawn in cells while the matrix has at most this many columns
CELL_TEXT_MAX_PRESENTER = 12
ROTATE_TICKS_AFTER = 6  # column labels turn 45° once there are more than this many
HEATMAP_ROW_PX = 34
HEATMAP_MIN_HEIGHT = 220
HEATMAP_MAX_HEIGHT = 760
MARGIN = {"l": 10, "r": 10, "t": 48, "b": 10}
EXPORT_SCALE = 2  # PNG export from the chart toolbar at 2× resolution
