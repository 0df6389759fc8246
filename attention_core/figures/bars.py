"""Bars and curves: values over words or over T (bars, grouped bars, lines, a word's stacked shares, training runs),
and the vertical line that marks one x value."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from .. import theme
from . import spec
from .layout import (
    _GRID,
    BOTTOM_LEGEND,
    GROUP_GAP,
    _axis,
    _bar_values,
    _column_labels,
    _cycle,
    _figure,
    _font_size,
    _least,
    _margins,
    _room_width,
)
from .memo import Figure, copied, memoised, spec_of
from .text import legend_px, plain, text_width, wrap


@memoised
def bars(
    values: Sequence[float],
    labels: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    color: str = theme.KEY_COLOR,
    y_range: tuple[float, float] | None = None,
    decimals: int = 2,
    highlight: int | None = None,
    presenter: bool = False,
    height: int = 300,
    width_px: float = theme.TITLE_WIDTH_PX,
    room: float | None = None,
    shows: dict | None = None,
) -> go.Figure:
    """Vertical bars with their values printed on them; the title wrapped for `width_px`, the width it gets.
    `shows` (spec.shows): the quantity the bars are, for the T control to redraw them at any T."""
    n = len(values)
    data = [{
        "type": "bar", "x": list(range(n)), "y": list(values),
        "marker": {"color": [theme.QUERY_COLOR if i == highlight else color for i in range(n)]},
        "customdata": list(labels), "hovertemplate": "%{customdata}: %{y:.3f}<extra></extra>",
        **_bar_values(decimals),
    }]
    angle = theme.TICK_ANGLE if len(labels) > theme.ROTATE_TICKS_AFTER else 0
    layout = {
        "xaxis": {"tickmode": "array", "tickvals": list(range(n)), "ticktext": list(labels), "tickangle": angle},
        "yaxis": _axis(title={"text": y_title}, range=list(y_range) if y_range else None, gridcolor=_GRID),
    }
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=labels, bottom_angle=angle)
    margin["t"] += size  # room for the value printed above the tallest bar
    chart = {"parts": [spec.series("bars", [(0, y_title or None)], rows=[plain(x) for x in labels])]}
    if shows is not None:
        chart["t"] = {"traces": [spec.follow(0, "y", shows)]}
    return _figure(data, layout, title, height, presenter, margin,
                   title_px=_room_width(width_px, presenter, room) - 2 * theme.TITLE_PAD_PX, chart=chart)


@memoised
def grouped_bars(
    series: dict[str, Sequence[float]],
    labels: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    y_range: tuple[float, float] | None = None,
    decimals: int = 2,
    presenter: bool = False,
    height: int = 320,
    colors: Sequence[str] = theme.SERIES,
    width_px: float = theme.FULL_WIDTH_PX,
    room: float | None = None,
    shows: dict[str, dict] | None = None,
) -> go.Figure:
    """One group of bars per label, one bar per series, laid out for `width_px`: crowded labels turn and are
    thinned to every k-th (hover names every one), and each bar prints its value only where the number fits over
    the bar at a readable size (64 words' bars are a few px wide: their numbers were specks). `shows`: series name →
    the quantity its bars are (spec.shows), for the T control."""
    labels = list(labels)
    k = max(1, len(series))
    width_px = _room_width(width_px, presenter, room)  # presenter mode: the page's measured width
    size, angle, margin, step_px, shown, tick_size = _column_labels(labels, title, y_title, width_px, presenter)
    bar_px = step_px * (1 - GROUP_GAP) / k
    show = text_width("-0." + "0" * decimals, _least(presenter, theme.CELL_TEXT_MIN_SIZE)) <= bar_px
    data = [{
        "type": "bar", "name": name, "x": labels, "y": list(vals), "marker": {"color": color},
        "hovertemplate": f"{name}<br>%{{x}}: %{{y:.3f}}<extra></extra>", **_bar_values(decimals, show=show),
    } for (name, vals), color in zip(series.items(), colors)]
    layout = {
        "barmode": "group", "bargap": GROUP_GAP, "legend": BOTTOM_LEGEND,
        "xaxis": {"type": "category", "tickmode": "array", "tickvals": shown, "ticktext": shown, "tickangle": angle,
                  "tickfont": {"size": tick_size}},
        "yaxis": _axis(title={"text": y_title}, range=list(y_range) if y_range else None, gridcolor=_GRID),
    }
    if show:
        margin["t"] += size  # the value printed above the tallest bar
    margin["b"] += legend_px(series, size, width_px=width_px - 2 * theme.EDGE_PX)
    chart = {"parts": [spec.series("bars", [(k, plain(name)) for k, name in enumerate(series)],
                                   rows=[plain(x) for x in labels])]}
    followed = [spec.follow(k, "y", shows[name]) for k, name in enumerate(series) if name in (shows or {})]
    if followed:
        chart["t"] = {"traces": followed}
    return _figure(data, layout, title, height, presenter, margin, chart=chart)




@memoised
def curves(
    x: Sequence[float],
    ys: dict[str, Sequence[float]],
    *,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    log_x: bool = False,
    marker_x: float | None = None,
    marker_label: str = "",
    marker_t: bool = False,
    presenter: bool = False,
    height: int = 340,
    highlight: str | None = None,
    x_ticks: Sequence[float] | None = None,
    y_range: tuple[float, float] | None = None,
    y_from_zero: bool = False,
) -> go.Figure:
    """Lines sharing one x axis, optionally logarithmic, with a vertical line at `marker_x`; the line named
    `highlight` (the looking word) is drawn in the looking word's orange, the others never are. `x_ticks`: the
    x values to label (as {:g}); `y_range` fixes the y axis, `y_from_zero` starts it at 0. `marker_t`: the line
    marks the current T (the T control moves it and its label, `marker_label`, which prints T: spec.at_t)."""
    xs = list(x)
    others = iter(_cycle(theme.SERIES, len(ys)))
    colors = [theme.QUERY_COLOR if name == highlight else next(others) for name in ys]
    every = max(1, len(xs) // 8)  # a marker on every k-th point: each line has its shape as well as its dash
    marker_sizes = [8 if i % every == 0 else 0 for i in range(len(xs))]
    data = [{
        "type": "scatter", "x": xs, "y": list(y), "mode": "lines+markers", "name": name,
        "line": {"color": color, "width": 3 if name == highlight else 2, "dash": dash},
        "marker": {"symbol": symbol, "size": marker_sizes, "color": color},
        "hovertemplate": f"{name}<br>%{{x:.3g}} → %{{y:.3f}}<extra></extra>",
    } for (name, y), color, dash, symbol in zip(ys.items(), colors, _cycle(theme.DASHES, len(ys)),
                                                _cycle(theme.SYMBOLS, len(ys)))]
    layout = {
        "xaxis": {"title": {"text": x_title}, "type": "log" if log_x else "linear", "gridcolor": _GRID},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID},
        "legend": BOTTOM_LEGEND,
    }
    if x_ticks is not None:
        layout["xaxis"].update(tickvals=list(x_ticks), ticktext=[f"{v:g}" for v in x_ticks])
    if y_range is not None:
        layout["yaxis"]["range"] = list(y_range)
    if y_from_zero:
        layout["yaxis"]["rangemode"] = "tozero"
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("0.000",), y_title=y_title, bottom=("1",), x_title_bottom=x_title)
    margin["b"] += legend_px(ys, size)
    lift = 0
    if marker_x is not None:
        _vertical_mark(layout, marker_x, marker_label, log_x, (min(xs), max(xs)))
        # a fixed x axis over the data (and the line): where the line is does not move the axis, so a T preview
        # that moves the line draws what the server draws
        ends = np.array([min(min(xs), marker_x), max(max(xs), marker_x)], dtype=float)
        ends = np.log10(ends) if log_x else ends
        pad = theme.CURVE_RANGE_PAD * ((ends[1] - ends[0]) or 1.0)
        layout["xaxis"]["range"] = [float(ends[0] - pad), float(ends[1] + pad)]
        if marker_label:  # the label's own row between the title and the plot
            lift = int(size * theme.LINE_EM)
            margin["t"] += lift
    chart: dict = {"parts": [spec.series("lines", [(k, plain(name)) for k, name in enumerate(ys)],
                                         corner=x_title or None)]}
    if marker_x is not None and marker_t:
        marks: list[dict] = [{"shape": len(layout["shapes"]) - 1}]
        if marker_label:
            note = {"note": len(layout["annotations"]) - 1, "log": log_x}
            if isinstance(marker_label, spec.AtT):
                note["text"] = spec.template_in(plain(marker_label), marker_label, plain)
            marks.append(note)
        chart["t"] = {"marks": marks}
    return _figure(data, layout, title, height, presenter, margin, lift, chart=chart)


def _vertical_mark(layout: dict, x: float, label: str, log: bool, x_span: tuple[float, float]) -> None:
    """A dashed vertical line at data value x, labelled just above the plot, where no curve goes, running into
    the half of the x axis (`x_span`) that has more room (on a log axis Plotly reads an annotation's x as log10(x)
    while it reads a shape's x as the data value)."""
    layout.setdefault("shapes", []).append({
        "type": "line", "x0": x, "x1": x, "y0": 0, "y1": 1, "xref": "x", "yref": "y domain",
        "line": {"color": theme.TRUTH_COLOR, "dash": "dash", "width": 1.5},
    })
    if label:
        where = (lambda v: float(np.log10(v))) if log else float
        lo, hi = where(x_span[0]), where(x_span[1])
        left = hi <= lo or (where(x) - lo) / (hi - lo) <= 0.5
        layout.setdefault("annotations", []).append({
            "x": where(x), "y": 1, "xref": "x", "yref": "y domain", "text": plain(label), "showarrow": False,
            "xanchor": "left" if left else "right", "yanchor": "bottom", "xshift": 4 if left else -4,
        })


def mark_x(fig: go.Figure, x: float, label: str = "") -> go.Figure:
    """A copy of `fig` with a dashed vertical line at data value x, labelled above the plot (right on a log x axis
    too), with a row made for the label under the title."""
    spec = copied(spec_of(fig))  # figures are shared (memoised): never change one
    layout = spec["layout"]
    mark: dict = {}
    xs = [float(v) for trace in spec["data"] for v in _values(trace.get("x"))]
    _vertical_mark(mark, x, label, (layout.get("xaxis") or {}).get("type") == "log",
                   (min(xs, default=x), max(xs, default=x)))
    layout["shapes"] = [*(layout.get("shapes") or ()), *mark["shapes"]]
    if mark.get("annotations"):
        layout["annotations"] = [*(layout.get("annotations") or ()), *mark["annotations"]]
    if label:
        row = int(((layout.get("font") or {}).get("size") or theme.FONT_SIZE) * theme.LINE_EM)
        height = layout.get("height")
        margin = layout.setdefault("margin", {})
        margin["t"] = (margin.get("t") or 0) + row
        title = layout.get("title")
        if isinstance(title, dict) and title.get("y") is not None and height:
            title["y"] = min(title["y"] + row / height, 1.0)
    return Figure(spec)


def _values(v) -> Sequence:
    """A trace's array as a sequence (none when unset)."""
    return () if v is None else v



@memoised
def stacked_contributions(
    parts: np.ndarray,
    part_labels: Sequence[str],
    axis_labels: Sequence[str],
    total: np.ndarray,
    *,
    title: str = "",
    total_label: str = "Σ",
    y_title: str = "",
    presenter: bool = False,
    height: int = 380,
    focus: int | None = None,
    span: tuple[float, float] | None = None,
    shows: Sequence[dict | None] | None = None,
    total_shows: dict | None = None,
) -> go.Figure:
    """One bar segment per word j (weight_ij · V_j) on every axis, stacked, with the sum marked.

    `parts` is a sequence of rows (one per label); see analysis.largest_parts to fold many words into one.
    Row `focus` is the looking word's own part: orange, as the looking word is everywhere; no other is.
    `span` (analysis.contributions_span): the lowest and highest the stack reaches at any T; the value axis then
    stays put while T moves (with a line for the sums' labels at either end), else it fits these bars.
    `shows` (one per part, spec.shows: "C" word col's share of row's output, "rest" the other words') and
    `total_shows` (the row of the output): what the T control redraws at any T, the printed sums with the total.
    """
    others = iter(_cycle(theme.SERIES, len(part_labels)))
    colors = [theme.QUERY_COLOR if j == focus else next(others) for j in range(len(part_labels))]
    data = [{
        "type": "bar", "name": label, "x": list(axis_labels), "y": np.asarray(row),
        "marker": {"color": colors[j]},
        "hovertemplate": f"{plain(label)}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
    } for j, (row, label) in enumerate(zip(parts, part_labels))]
    total = np.asarray(total, dtype=float)
    data.append({
        "type": "scatter", "name": total_label, "x": list(axis_labels), "y": total, "mode": "markers",
        "marker": {"symbol": "line-ew-open", "size": 28, "color": theme.TRUTH_COLOR,
                   "line": {"width": 3, "color": theme.TRUTH_COLOR}},
        "hovertemplate": f"{plain(total_label)}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
    })
    # Each sum's value past the end of its stack on the sum's side (above for ≥ 0, below for < 0), clear of the
    # bars, and inside the plot: the y range leaves one line of text beyond the stacks on the sides that have one.
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=axis_labels)
    stack = np.asarray(parts, dtype=float).reshape(len(part_labels), -1)
    up, down = np.clip(stack, 0, None).sum(axis=0), np.clip(stack, None, 0).sum(axis=0)
    below = total < 0
    ends = np.where(below, down, up)
    notes = [{"x": name, "y": float(end), "xref": "x", "yref": "y", "text": f"{v:.2f}", "showarrow": False,
              "yanchor": "top" if b else "bottom", "yshift": -2 if b else 2}
             for name, end, v, b in zip(axis_labels, ends, total, below)]
    hi, lo = max(float(up.max(initial=0.0)), 0.0), min(float(down.min(initial=0.0)), 0.0)
    title_lines = wrap(plain(title), size + 2, max_px=_room_width(theme.TITLE_WIDTH_PX, presenter)).count("<br>")
    plot_px = max(height - margin["t"] - margin["b"] - title_lines * (size + 2) * theme.TITLE_LINE_EM, 1)
    line = (size * theme.LINE_EM + theme.TICK_GAP_PX) / plot_px  # one line of text, as a share of the plot
    top, bottom = (line if (~below).any() else 0.0), (line if below.any() else 0.0)
    if span is not None:  # the reach at any T: the axis stays put while T moves, with a line for labels each side
        lo, hi = min(lo, span[0]), max(hi, span[1])
        top, bottom = (line if hi > 0 else 0.0), (line if lo < 0 else 0.0)
    extent = max(hi - lo, 1e-9) / max(1.0 - top - bottom - 0.04, 0.5)  # and 2 % of air at either end
    y_range = [lo - (bottom + 0.02) * extent, hi + (top + 0.02) * extent]
    # The words beside the bars, clear of the axis ticks; past 16 words a legend is no help (hover names them).
    layout = {
        "barmode": "relative", "showlegend": len(part_labels) <= 16,
        "legend": {"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID, "zeroline": True, "zerolinecolor": "#999",
                  "range": y_range},
        "annotations": notes,
    }
    chart = {"parts": [spec.series("bars", [(j, plain(label)) for j, label in enumerate(part_labels)],
                                   rows=[plain(x) for x in axis_labels])]}
    followed = [spec.follow(j, "y", what) for j, what in enumerate(shows or ()) if what is not None]
    if total_shows is not None:
        followed.append(spec.follow(len(part_labels), "y", total_shows))
        chart["t"] = {"sums": {"notes": list(range(len(notes))), "marks": len(part_labels),
                               "bars": list(range(len(part_labels))), "decimals": 2}}
    if followed:
        chart.setdefault("t", {})["traces"] = followed
    return _figure(data, layout, title, height, presenter, margin, chart=chart)



@memoised
def line_rows(
    x_labels: Sequence[str],
    rows: Sequence[tuple],
    *,
    title: str = "",
    y_title: str = "",
    y_range: tuple[float, float] | None = None,
    presenter: bool = False,
    height: int = 300,
    width_px: float = theme.HALF_WIDTH_PX,
    room: float | None = None,
) -> go.Figure:
    """Each row (name, values over the same labels[, what it shows: spec.shows, for the T control]) as markers and
    lines, e.g. mean and std per word.
    `y_range`: the lowest and highest the rows reach (e.g. over every T): a fixed value axis around it.
    Laid out for `width_px`: labels that would overlap are thinned to every k-th (hover names every one), the
    markers shrink with the space a word has, and the legend's rows are counted at that width."""
    n = len(x_labels)
    width_px = _room_width(width_px, presenter, room)  # presenter mode: the page's measured width
    size, angle, margin, step_px, shown, tick_size = _column_labels(x_labels, title, y_title, width_px, presenter)
    marker = round(min(9.0, max(4.0, step_px * 0.45)), 1)
    data = [{
        "type": "scatter", "x": list(range(n)), "y": list(vals), "name": name, "mode": "lines+markers",
        "line": {"color": color, "dash": dash}, "marker": {"symbol": symbol, "size": marker},
        "customdata": list(x_labels), "hovertemplate": f"{plain(name)}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>",
    } for (name, vals, *_), color, dash, symbol in zip(rows, _cycle(theme.SERIES, len(rows)),
                                                   _cycle(theme.DASHES, len(rows)), _cycle(theme.SYMBOLS, len(rows)))]
    layout = {
        # the words sit at 0 … n−1 on a numeric axis: no zero line there (it ran through the first word like a mark)
        "xaxis": {"tickmode": "array", "tickvals": [list(x_labels).index(x) for x in shown], "ticktext": list(shown),
                  "tickangle": angle, "tickfont": {"size": tick_size}, "range": [-0.5, n - 0.5],
                  "zeroline": False, "showgrid": False},
        "yaxis": {"title": {"text": y_title}, "gridcolor": _GRID, "zeroline": True, "zerolinecolor": "#999",
                  **({"range": _padded(*y_range)} if y_range else {})},
        "legend": BOTTOM_LEGEND,
    }
    margin["b"] += legend_px([row[0] for row in rows], size, width_px=width_px - 2 * theme.EDGE_PX)
    # the table names every word, also those whose tick label is thinned out
    chart = {"parts": [spec.series("lines", [(k, plain(row[0])) for k, row in enumerate(rows)],
                                   rows=[plain(x) for x in x_labels])]}
    followed = [spec.follow(k, "y", row[2]) for k, row in enumerate(rows) if len(row) > 2 and row[2] is not None]
    if followed:
        chart["t"] = {"traces": followed}
    return _figure(data, layout, title, height, presenter, margin, chart=chart)


def _padded(lo: float, hi: float) -> list[float]:
    """[lo, hi] with room for the markers: a twentieth of the span (or 0.5 when it is one value) each side."""
    pad = 0.05 * (hi - lo) if hi > lo else 0.5
    return [lo - pad, hi + pad]



@memoised
def training_curves(
    loss_steps: Sequence[int],
    losses: Sequence[float],
    measure_steps: Sequence[int],
    measures: dict[str, Sequence[float]],
    *,
    title: str = "",
    x_title: str = "",
    loss_name: str = "loss",
    loss_title: str = "",
    measure_title: str = "",
    presenter: bool = False,
    height: int = 330,
) -> go.Figure:
    """A training run: the loss against the step (left axis) and measures in 0–1 (right axis)."""
    data = [{
        "type": "scatter", "x": list(loss_steps), "y": list(losses), "mode": "lines", "name": loss_name,
        "line": {"color": theme.TRUTH_COLOR, "width": 2},
        "hovertemplate": f"{loss_name}<br>%{{x}} → %{{y:.4f}}<extra></extra>",
    }]
    # each measure has its own dash and marker as well as its colour (WCAG 1.4.1): the loss is the solid line
    dashes = [d for d in theme.DASHES if d != "solid"] or list(theme.DASHES)
    for (name, values), color, dash, symbol in zip(measures.items(), _cycle(theme.SERIES, len(measures)),
                                                   _cycle(dashes, len(measures)),
                                                   _cycle(theme.SYMBOLS, len(measures))):
        data.append({
            "type": "scatter", "x": list(measure_steps), "y": list(values), "mode": "lines+markers", "name": name,
            "yaxis": "y2", "line": {"color": color, "width": 2, "dash": dash}, "marker": {"size": 6, "symbol": symbol},
            "hovertemplate": f"{name}<br>%{{x}} → %{{y:.3f}}<extra></extra>",
        })
    top = max([*losses, 0.0]) or 1.0
    layout = {
        "xaxis": {"title": {"text": x_title}, "gridcolor": _GRID, "rangemode": "tozero"},
        "yaxis": {"title": {"text": loss_title}, "gridcolor": _GRID, "range": [0, top * 1.05]},
        "yaxis2": {"title": {"text": measure_title}, "overlaying": "y", "side": "right", "range": [0, 1.02],
                   "showgrid": False, "tickmode": "array", "tickvals": [0, 0.2, 0.4, 0.6, 0.8, 1.0]},
        "legend": BOTTOM_LEGEND,
    }
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("0.00",), y_title=loss_title, bottom=("1",), x_title_bottom=x_title)
    margin["r"] = int(12 + text_width("0.0", size) + size * 1.8)
    margin["b"] += legend_px([loss_name, *measures], size, width_px=260)  # a half-width chart's legend
    chart = {"parts": [spec.series("lines", [(k, plain(name)) for k, name in enumerate([loss_name, *measures])],
                                   corner=x_title or None)]}
    return _figure(data, layout, title, height, presenter, margin, chart=chart)
