"""Plotly figure builders: arrays and labels in, a `Figure` (a go.Figure) out. No Streamlit, no math beyond layout.

Rooms, in reading order:

- `heatmaps`: a labelled matrix with its marked cells (`heatmap`, `Axis`, `Mark`, `box_column`);
- `bars`: bars and curves (`bars`, `grouped_bars`, `curves`, `line_rows`, `stacked_contributions`,
  `training_curves`, `mark_x`);
- `arrows`: arrows and label layout (`arrows`, `place_labels`, `weight_lines`);
- `grids`: small panels side by side (`heatmap_grid`, `bars_grid`);
- `players`: figures that play in the browser (`replay_heatmap`, `temperature_player`);
- `class_charts`: the class's charts (the tally, a frozen row, the spread of points, the T guesses);
- behind them: `layout` (fonts, margins, the title, `_figure`), `colour` (scales, contrast), `text` (text metrics,
  wrapping, escaping) and `memo` (`Figure`, the memo every builder's figures are shared through, `for_touch`);
- `spec`: the chart spec, what every figure says it shows.

Every builder here is imported by its name from this package (`figures.heatmap(...)`); `BUILDERS` names the ones a
page calls through `page.fig`, which binds the presenter styling.

**Charts that say what they show.** Every builder writes into its figure's `layout.meta["chart"]` a plain JSON dict,
the chart spec (`spec.py` documents its shape, versioned by `spec.VERSION`): what a reader is told (each matrix with
its row and column labels and how its numbers are printed, each series of bars or lines, the arrows' tips, fixed
sentences, the marked cells), and, where the page said so, what each trace is at another T and which inputs
recompute it. For example the weights on ④ (`shows=figures.shows("W")`, title `figures.at_t(page.t("value.
weights_chart", t=figures.T), t)`):

    {"v": 1,
     "parts": [{"kind": "matrix", "trace": 0, "caption": null, "corner": "Query ↓ … / Key → …",
                "rows": ["슬픈", "영화였다", …], "cols": ["슬픈", "영화였다", …], "decimals": 2, "mask": null,
                "sums": 1}],
     "cells": [],
     "t": {"traces": [{"i": 0, "axis": "z", "src": "main", "q": "W"}], "title": "Attention weights (T = {T})"}}

`accessible.describe` makes the chart's accessible name and its tables from `parts` and `cells`; the T control
(`ui/tcontrol.attach`) sends `t` with the inputs of the sources it names (`t_inputs`), and the browser redraws the
chart at any T from them. Nothing reads a chart's numbers back to guess what it shows.
"""

from __future__ import annotations

from .arrows import ARROW_REF_PX, LabelLayout, arrows, place_labels, weight_lines
from .bars import bars, curves, grouped_bars, line_rows, mark_x, stacked_contributions, training_curves
from .colour import cell_color, contrast, luminance, ring_color, scale_limit
from .grids import bars_grid, heatmap_grid
from .heatmaps import Axis, Mark, box_column, heatmap, mark_rings
from .layout import (
    BOTTOM_LEGEND,
    BUILDERS,
    GROUP_GAP,
    MODEBAR_REMOVED,
    chart_config,
    heatmap_height,
    numbers_left_out,
)
from .memo import Figure, copied, for_touch, memoised, spec_of
from .players import PLAYER_HEATMAP_SHARE, replay_heatmap, temperature_player
from .spec import PAIR_A, PAIR_B, T, at_t, shows
from .text import cell_text_size, legend_px, number_box, plain, text_width, thinned, wrap

__all__ = [
    "ARROW_REF_PX",
    "BOTTOM_LEGEND",
    "BUILDERS",
    "GROUP_GAP",
    "MODEBAR_REMOVED",
    "PAIR_A",
    "PAIR_B",
    "PLAYER_HEATMAP_SHARE",
    "Axis",
    "Figure",
    "LabelLayout",
    "Mark",
    "T",
    "arrows",
    "at_t",
    "bars",
    "bars_grid",
    "box_column",
    "cell_color",
    "cell_text_size",
    "chart_config",
    "contrast",
    "copied",
    "curves",
    "for_touch",
    "grouped_bars",
    "heatmap",
    "heatmap_grid",
    "heatmap_height",
    "legend_px",
    "line_rows",
    "luminance",
    "mark_rings",
    "mark_x",
    "memoised",
    "number_box",
    "numbers_left_out",
    "place_labels",
    "plain",
    "replay_heatmap",
    "ring_color",
    "scale_limit",
    "shows",
    "spec_of",
    "stacked_contributions",
    "temperature_player",
    "text_width",
    "thinned",
    "training_curves",
    "weight_lines",
    "wrap",
]
