"""Every colour, font and size the figures use, in one place (no plotly import here).

Palettes are ColorBrewer schemes that stay readable for the common forms of colour blindness:
RdBu (diverging, centred on 0) for signed matrices and Greens (sequential, 0–1) for weights. Blue means
"negative" on the signed matrices, so the weights (never negative) use a single hue that is neither blue
nor purple (which red–green colour-blind viewers see as blue) nor orange (the looking word): white → green.

One meaning per colour on every screen: orange is the looking word (Q), teal the looked-at words (K),
green the attention weights, purple what is handed over (V); the line and bar series never use orange.
"""

from __future__ import annotations

FONT_FAMILY = (
    '"Noto Sans KR", "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", '
    '"Nanum Gothic", "Source Han Sans KR", sans-serif'
)
DIVERGING = "RdBu_r"  # negative blue, positive red, white at 0
SEQUENTIAL = "Greens"  # 0 white … 1 dark green, for attention weights (never blue: blue is negative)
SEQUENTIAL_RANGE = (0.0, 1.0)

QUERY_COLOR = "#d95f02"  # the looking word (Q), orange
KEY_COLOR = "#1b9e77"  # the looked-at words (K), teal
VALUE_COLOR = "#7570b3"  # what is handed over (V), purple
WEIGHT_COLOR = "#238b45"  # an attention weight drawn as a line or bar, the Greens scale's own hue
GUESS_COLOR = "#e7298a"  # the class's guess
TRUTH_COLOR = "#000000"  # the true winner
NEUTRAL_COLOR = "#888888"
MASKED_COLOR = "#d9d9d9"  # a masked cell: grey, never a colour of the weights scale (whose 0 is white)
MASKED_TEXT_COLOR = "#555555"
MASKED_SYMBOL = "✕"  # drawn in a masked cell instead of a number
# Dark2 without its orange (kept for the looking word), then a dark cyan so that there are still eight.
SERIES = ("#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666", "#17becf")

FONT_SIZE = 13
FONT_SIZE_PRESENTER = 18
TITLE_SIZE = 15
CELL_TEXT_MIN_SIZE = 10  # numbers in cells shrink to this font size at most, then are left out (hover has them)
TICK_MIN_SIZE = 10  # tick labels shrink to this size at most, then only every k-th word is labelled
FULL_WIDTH_PX = 820  # the page's content width at 1280×720 with the sidebar open
HALF_WIDTH_PX = 400  # one of two columns
WIDE_AFTER_WORDS = 12  # word × word matrices get the full width past this many words
COLORBAR_PX = 46  # a colour bar and its tick labels
ROTATE_TICKS_AFTER = 6  # column labels turn 45° once there are more than this many
HEATMAP_ROW_PX = 34
HEATMAP_MIN_HEIGHT = 220
HEATMAP_MAX_HEIGHT = 760
MARGIN = {"l": 10, "r": 10, "t": 48, "b": 10}
EXPORT_SCALE = 2  # PNG export from the chart toolbar at 2× resolution
