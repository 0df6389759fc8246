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
KEY_COLOR = "#137a5c"  # the looked-at words (K), teal: Dark2's darkened, to stand out on RdBu's light cells
WEIGHT_COLOR = "#238b45"  # an attention weight drawn as a line or bar, the Greens scale's own hue
GUESS_COLOR = "#e7298a"  # the class's guess
TRUTH_COLOR = "#000000"  # the true winner
NEUTRAL_COLOR = "#888888"
MARK_HALO_COLOR = "#ffffff"  # drawn under every cell mark: on any cell one of the two rings stands out
# A cell mark's line (dotted, dashed, solid) names its kind along with its legend label (WCAG 1.4.1); its colour
# is black or white, whichever stands out from the cell (figures.ring_color).
PICKED_DASH = "dot"
GUESS_DASH = "dash"
WINNER_DASH = "solid"
# Lines that share a chart differ in dash and marker shape as well as colour (WCAG 1.4.1).
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "cross")
MASKED_COLOR = "#a6a6a6"  # a masked cell: grey, ΔE00 ≥ 20 from the weights scale's 0 (white) in every vision
MASKED_TEXT_COLOR = "#000000"
MASKED_SYMBOL = "✕"  # drawn in a masked cell instead of a number
# Text and focus colours the app's style sheet sets over Streamlit's (attention_core/ui/a11y.py), with their
# contrast checked in tests/test_colour_vision.py: text ≥ 4.5:1 (≥ 7:1 in presenter mode), the focus ring ≥ 3:1.
FOCUS_COLOR = "#202124"  # the focus ring on every control
CAPTION_TEXT_COLOR = "#595959"  # captions and widget labels (Streamlit's grey is 3.8:1)
CONTROL_EDGE_COLOR = "#6b6b6b"  # a toggle's outline, a text or select box's edge: ≥ 3:1 on every grey (WCAG 1.4.11)
SELECTED_TEXT_COLOR = "#9a4200"  # the selected language button's text, on Streamlit's tint of the primary colour
LINK_TEXT_COLOR = "#1a1a1a"
QUOTE_TEXT_COLOR = "#4d4d4d"  # a quoted line of the source text (Streamlit's blockquote grey is 3.9:1)
PRIMARY_COLOR = "#a84a00"  # .streamlit/config.toml's primaryColor (the contrast test reads it there too)
PRESENTER_TEXT_COLOR = "#000000"
DISABLED_BG = "#e4e4e4"  # a button that cannot act, in presenter mode
DISABLED_TEXT = "#3d3d3d"  # on DISABLED_BG: 8.5:1
# presenter mode: primary buttons (white text on it ≥ 7:1), selected segments' text (≥ 7:1 on their tints, hovered too)
PRESENTER_PRIMARY_COLOR = "#6b2f00"
TABLE_BAR_COLOR = "#c7e9c0"  # a weight drawn as a bar behind its number in a presenter table (Greens, light)
# a table cell set apart: ③'s values where the computed and the printed differ (Oranges, light)
TABLE_MARK_COLOR = "#fdd0a2"
# Dark2 without its orange (kept for the looking word), then a dark cyan so that there are still eight.
SERIES = ("#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666", "#17becf")

FONT_SIZE = 13
FONT_SIZE_PRESENTER = 18
# No chart text under MIN_TEXT_PX, on a laptop or a phone (a phone's content is 350 px wide, its grids dense)
MIN_TEXT_PX = 11
CELL_TEXT_MIN_SIZE = MIN_TEXT_PX  # numbers in cells shrink to this size at most, then are left out (hover has them)
TICK_MIN_SIZE = MIN_TEXT_PX  # tick labels shrink to this size at most, then only every k-th word is labelled
FULL_WIDTH_PX = 820  # the page's content width at 1280×720 with the sidebar open
HALF_WIDTH_PX = 400  # one of two columns
PHONE_WIDTH_PX = 350  # the content width on a phone (390 px screen): grids are laid out for it there
PLAYER_SIDE_BY_SIDE_PX = 560  # narrower than this, ③'s T player puts its curve under its heatmap
PLAYER_CURVE_EM = 12  # the height of that curve, in font sizes
WIDE_AFTER_WORDS = 12  # word × word matrices get the full width past this many words
CURVE_RANGE_PAD = 0.02  # a curve chart's fixed x axis: this share of its span past each end
COLORBAR_PX = 46  # a colour bar and its tick labels
ROTATE_TICKS_AFTER = 6  # column labels turn 45° once there are more than this many
HEATMAP_ROW_PX = 34
HEATMAP_MIN_HEIGHT = 220
HEATMAP_MAX_HEIGHT = 760
MARGIN = {"l": 10, "r": 10, "t": 48, "b": 10}

# Text metrics. Plotly's automargin does not run in every host, so the figures measure their own labels:
WIDE_GLYPH_EM = 1.0  # a Hangul/CJK glyph is about one em wide
NARROW_GLYPH_EM = 0.6  # a Latin letter or digit about 0.6 em
LINE_EM = 1.25  # one line of tick labels, measured across the lines (rotated or row labels stack like lines)
DIAGONAL_EM = 1.7  # labels turned 45° lie one line apart across, so √2 lines apart along the axis
TITLE_LINE_EM = 1.3  # one line of a wrapped chart title
ROTATED_EM = 0.72  # a label turned 45° takes about cos 45° ≈ 0.7 of its length in each direction
ROTATED_LINE_EM = 1.3  # and its own line's height turned 45° (plus a little air) under that
X_TITLE_GAP_EM = 0.8  # an x-axis title's standoff from the tick labels
TICK_GAP_PX = 6  # the least space between two upright tick labels
CELL_PAD_PX = 3  # a number in a cell keeps this far from the cell's edges

# Spacing around the plot area, in px or in ems of the chart's font size.
EDGE_PX = 10  # the figure's own margin on every side
ROW_LABEL_PAD_PX = 12  # between the row labels and the figure's left edge
Y_TITLE_EM = 2.2  # a rotated y-axis title and its gap to the row labels
Y_TITLE_GAP_EM = 0.6  # that gap (the title's standoff from the row labels)
X_TITLE_EM = 1.8  # an x-axis title under the tick labels (its line box, clear of upright 18 px ticks)
TITLE_EM = 2.0  # the chart title's line above the plot
TICKS_EM = 1.4  # upright x tick labels under the plot
TITLE_PAD_PX = 8  # the title's distance from the figure's left edge and from the plot below it
HEATMAP_FRAME_PX = 110  # a heatmap's height beyond its rows: title, x labels and their margins
PRESENTER_ROW_PX = 8  # extra height per heatmap row in presenter mode (larger text in the cells)
COLORBAR_THICKNESS_PX = 10
LEGEND_SWATCH_PX = 46  # a legend entry's symbol and the gaps around its text
LEGEND_ROW_EM = 1.7  # one row of a horizontal legend
TICK_ANGLE = -45  # crowded column labels are turned this far (degrees)
HOVER_DECIMALS = 3  # hover shows at least this many decimals, more than the cells print
EXPORT_SCALE = 2  # PNG export from the chart toolbar at 2× resolution
CLASS_CODE_PX = 72  # the class's join code on the lecturer's screen, read from the back of a room
TOUCH_TARGET_PX = 44  # a phone's least target, both ways (WCAG 2.5.5): slider thumbs are hit boxes this big
THUMB_DOT_PX = 20  # the visible dot inside a slider thumb's hit box on a phone

CONTROL_BG = "#ffffff"  # a student control's button or cell (the class's spread and tap grid: ui/web/*.css)
TRACK_COLOR = "#eeeeee"  # a spread bar's empty track, under CONTROL_EDGE_COLOR's outline
PRESENTER_BAR_BG = "#ffffff"  # the pinned presenter bar (step buttons, scene caption): the page's own background

# Presenter mode is read from the back of a room: no chart text below PRESENTER_MIN_PX (ticks, cell numbers,
# colour bars, panel titles, legends). Its page is the whole window wide (the sidebar folded): heatmaps and grids
# are laid out for the page's width as the browser measures it (ui/room.py), and until it is measured for
# PRESENTER_WIDTH_SCALE × the width a page asks for: 1148 px of 820, what a 1280 px window gives.
PRESENTER_MIN_PX = 18
PRESENTER_WIDTH_SCALE = 1.4
# A heatmap grows so that its turned y title fits on one line, but in presenter mode not past this: a 1280×720
# window leaves about 520 px under the pinned bar (184 px and a gap), and a scene's focus must fit there whole,
# with what stands above it in its column (③'s quiz line, 33 px and its gap). A longer title (the English ones)
# wraps instead.
PRESENTER_TITLE_GROWTH_MAX_PX = 464

# An outlined cell (the class's guess, the winner, the picked cell): a ring between the cell's edge and its number,
# never over the digits. The ring is drawn black or white, whichever stands out more from the cell beneath it
# (never below 4.5:1), solid for the answer, dashed for a guess; two marks on one cell nest.
MARK_LINE_PX = 3
MARK_GAP_PX = 1  # between a ring and the number inside it, and between nested rings
MARK_DARK = "#000000"
MARK_LIGHT = "#ffffff"
MARK_MIN_CONTRAST = 4.5
DIGIT_LINE_EM = 1.15  # a line of digits in a cell, measured across
TITLE_WIDTH_PX = 380  # a chart title wraps at about this width unless its chart says how wide it is
MODEBAR_PX = 90  # the chart toolbar's corner (PNG and full screen: figures.MODEBAR_REMOVED), kept clear of titles
# What stays above a chart brought under a scene's caption in presenter mode: Streamlit's header (60 px) and the
# lesson's bar (its buttons and a two-line caption at 22 px), with the gaps between
PRESENTER_CHROME_PX = 260
