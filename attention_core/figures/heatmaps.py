"""Heatmaps: a labelled matrix (`heatmap`), its marked cells, and a column outlined (`box_column`).

Heatmap convention: row 0 at the top (matrix order), every word a tick label, numbers in cells while readable
(`texttemplate`, never per-cell annotations), hover naming row word, column word and value, a diverging scale centred
on 0 for signed matrices and a 0–1 sequential scale for weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from .. import theme
from . import spec
from .colour import _scale, cell_color, ring_color, scale_limit
from .layout import (
    BOTTOM_LEGEND,
    _figure,
    _font_size,
    _least,
    _margins,
    _room_width,
    _small,
    heatmap_height,
)
from .memo import Figure, copied, memoised, spec_of
from .text import cell_text_size, legend_px, plain, text_width, thinned, wrap


@dataclass(frozen=True)
class Axis:
    """One side of a matrix chart: its tick labels (distinct), the axis title, and what hover calls a tick
    (the title when not given)."""

    labels: Sequence[str]
    title: str = ""
    hover: str = ""


@dataclass(frozen=True)
class Mark:
    """A cell outlined on a heatmap, with a short legend name (e.g. the class's guess). The ring is drawn black or
    white against its cell (`ring_color`), told apart by `dash`."""

    row: int
    col: int
    name: str
    dash: str = "solid"  # a guess is dashed, an answer solid: the ring's own colour follows the cell beneath it


def mark_rings(depth: int) -> float:
    """The px a cell keeps free on every side for `depth` nested rings (and the cell gap outside them)."""
    return (1 + depth * (theme.MARK_LINE_PX + theme.MARK_GAP_PX)) if depth else 0.0



@memoised
def heatmap(
    values: np.ndarray,
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    kind: str = "signed",
    decimals: int = 2,
    text: bool | None = None,
    row_sums: bool = False,
    marks: Sequence[Mark] = (),
    presenter: bool = False,
    height: int | None = None,
    show_scale: bool = True,
    limit: float | None = None,
    width_px: float = theme.HALF_WIDTH_PX,
    masked: np.ndarray | None = None,
    masked_label: str = "masked",
    room: float | None = None,
    span: tuple[float, float] | None = None,
    max_height: int | None = None,
    shows: dict | None = None,
) -> go.Figure:
    """A labelled matrix heatmap; `kind` "signed" (diverging, centred on 0) or "weights" (0–1). `max_height`: the
    tallest it may be drawn (presenter mode's window, less what stays above it: ui.room.height), its rows shorter.
    `span`: the lowest and highest the values reach (e.g. over every T): the signed scale (unless `limit`) and the
    size of the cell numbers are fitted to it instead of to `values`, so they stay put while the values move.

    Rows and columns are category axes named by their (distinct) labels, so hover reads the words
    from the axes and no per-cell label array travels to the browser. `limit` shares one signed scale
    (±limit) with other charts; `width_px` is the width the chart gets on the page: from it follow the
    cell size, whether numbers fit in the cells, and how many tick labels can be printed. `masked` (bool,
    True = masked) draws those cells grey with a ✕ and a `masked_label` hover instead of a value, so a masked
    0 never looks computed (row sums still add the row's values). `shows` (spec.shows): the quantity the matrix is,
    for the T control to redraw it at any T.
    """
    z = np.asarray(values, dtype=float)
    n_rows, n_cols = z.shape
    rows, cols = [str(r) for r in row_axis.labels], [str(c) for c in col_axis.labels]
    x_title, y_title = col_axis.title, row_axis.title
    hover_row, hover_col = row_axis.hover or y_title or "row", col_axis.hover or x_title or "column"
    if len(set(rows)) != n_rows or len(set(cols)) != n_cols:
        raise ValueError("heatmap labels must be distinct (repeated words are labelled apart: 슬픈¹, 슬픈²)")
    size = _font_size(presenter)
    width_px = _room_width(width_px, presenter, room)
    hidden = None if masked is None else np.asarray(masked, dtype=bool)
    if hidden is not None and hidden.shape != z.shape:
        raise ValueError("the masked cells must have the matrix's shape")
    hover_decimals = max(decimals, theme.HOVER_DECIMALS)
    data: list[dict] = [{
        "type": "heatmap", "z": z if hidden is None else np.where(hidden, np.nan, z), "x": cols, "y": rows,
        "hovertemplate": f"{hover_row}: %{{y}}<br>{hover_col}: %{{x}}<br>%{{z:.{hover_decimals}f}}<extra></extra>",
        "xgap": 1, "ygap": 1, "showscale": show_scale, "hoverongaps": False,
        "colorbar": {"thickness": theme.COLORBAR_THICKNESS_PX, "len": 0.9,
                     "tickfont": {"size": _small(size, presenter)}},
        **_scale(z, kind, limit if limit is not None or span is None else scale_limit(np.asarray(span))),
    }]
    if hidden is not None and hidden.any():
        data.append({
            "type": "heatmap", "z": np.where(hidden, 1.0, np.nan), "x": cols, "y": rows, "name": masked_label,
            "colorscale": [[0.0, theme.MASKED_COLOR], [1.0, theme.MASKED_COLOR]], "zmin": 0, "zmax": 1,
            "showscale": False, "xgap": 1, "ygap": 1, "hoverongaps": False,
            "hovertemplate": f"{hover_row}: %{{y}}<br>{hover_col}: %{{x}}<br>{plain(masked_label)}<extra></extra>",
            # a text per cell (a constant texttemplate would be drawn on the gaps too)
            "text": np.where(hidden, theme.MASKED_SYMBOL, "").tolist(), "texttemplate": "%{text}",
            "textfont": {"color": theme.MASKED_TEXT_COLOR},
        })
    ticks = list(cols)
    sigma = "Σ" if "Σ" not in cols else "Σ∑"
    if row_sums:
        ticks.append(sigma)
    widest = max((text_width(c, size) for c in cols), default=0)
    # turned when crowded, or when upright labels would fill more than 4/5 of the width
    rotate = theme.TICK_ANGLE if n_cols > theme.ROTATE_TICKS_AFTER or widest * n_cols > width_px * 0.8 else 0
    sums_px = int(text_width("1.00", size) + theme.TITLE_PAD_PX if row_sums else 0)  # the Σ column's numbers
    extra_r = sums_px + (theme.COLORBAR_PX if show_scale else 0)

    def fitted_margin(x_labels: Sequence[str], x_size: int, y_labels: Sequence[str], y_size: int) -> dict:
        low = _margins(x_size, title, bottom=x_labels, bottom_angle=rotate, x_title_bottom=x_title)
        m = _margins(y_size, title, rows=y_labels, y_title=y_title)
        legend = legend_px(dict.fromkeys(k.name for k in marks), size, width_px) if marks else 0
        m["b"] = low["b"] + legend  # the marks' legend under the chart
        m["t"] = _margins(size, title)["t"]
        m["r"] += extra_r  # the Σ numbers written right of the matrix, then the colour bar
        return m

    margin = fitted_margin(ticks, size, rows, size)
    fixed_height = height is not None
    height = height or heatmap_height(n_rows, presenter, margin["t"] + margin["b"] - 60)
    if max_height is not None:
        height = min(height, max_height)
    cell_w = max(1.0, (width_px - margin["l"] - margin["r"]) / len(ticks))
    cell_h = max(1.0, (height - margin["t"] - margin["b"]) / n_rows)
    if not rotate and widest + theme.TICK_GAP_PX > cell_w:  # upright labels would run into each other: turn them
        rotate = theme.TICK_ANGLE
        margin = fitted_margin(ticks, size, rows, size)
    least = _least(presenter, theme.TICK_MIN_SIZE)
    x_shown, x_size = thinned(cols, cell_w, size, rotated=bool(rotate), diagonal=bool(rotate), least=least)
    y_shown, y_size = thinned(rows, cell_h, size, rotated=True, least=least)
    margin = fitted_margin([*x_shown, *ticks[n_cols:]], x_size, y_shown, y_size)
    if y_title and not fixed_height:  # tall enough for the rotated y title on one line (wrapped, it lost glyphs)
        cap = theme.PRESENTER_TITLE_GROWTH_MAX_PX if presenter else theme.HEATMAP_MAX_HEIGHT
        cap = min(cap, max_height) if max_height is not None else cap
        height = int(max(height, min(cap, text_width(plain(y_title), size) + size + margin["t"] + margin["b"])))
        cell_h = max(1.0, (height - margin["t"] - margin["b"]) / n_rows)
    if y_title:  # a rotated title longer than the plot is tall runs into the chart title: wrap it
        y_title = wrap(plain(y_title), size, max_px=max(80.0, height - margin["t"] - margin["b"]))
        margin["l"] += int(size * theme.TITLE_LINE_EM * y_title.count("<br>"))
    depth = max((sum((m.row, m.col) == (k.row, k.col) for m in marks) for k in marks), default=0)
    cell_size = max(size - 1, _least(presenter, theme.CELL_TEXT_MIN_SIZE))
    fits = z if span is None else np.asarray(span)
    text_size = (cell_text_size(fits, decimals, cell_w, cell_h, cell_size, _least(presenter, theme.CELL_TEXT_MIN_SIZE),
                                reserve=mark_rings(depth))
                 if text is None or (text and presenter) else (cell_size if text else None))
    if text_size:
        data[0]["texttemplate"] = f"%{{z:.{decimals}f}}"
        data[0]["textfont"] = {"size": text_size}
    sums_trace = None
    if row_sums:
        sums_trace = len(data)
        sum_size = cell_size if presenter else min(size - 1, max(theme.CELL_TEXT_MIN_SIZE, cell_h))
        # rows closer than a line of these numbers: every k-th row's sum (64 rows of "1.00" ran into each other)
        every = max(1, int(np.ceil(sum_size * theme.LINE_EM / cell_h)))
        data.append({
            "type": "scatter", "x": [sigma] * n_rows, "y": rows, "mode": "text", "cliponaxis": False,
            "text": [f"{s:.2f}" if r % every == 0 else "" for r, s in enumerate(z.sum(axis=1))],
            "textposition": "middle right", "textfont": {"color": theme.NEUTRAL_COLOR, "size": sum_size},
            "hoverinfo": "skip", "showlegend": False,
        })
    shapes = _rings(marks, z, data[0], cell_w, cell_h)
    for name, dash in dict.fromkeys((m.name, m.dash) for m in marks):  # one legend entry per kind of mark
        first = next(m for m in marks if (m.name, m.dash) == (name, dash))
        data.append({"type": "scatter", "x": [cols[first.col]], "y": [rows[first.row]], "mode": "lines",
                     "name": name, "hoverinfo": "skip",
                     "line": {"color": theme.MARK_DARK, "dash": dash, "width": theme.MARK_LINE_PX}})
    if row_sums:
        x_shown = [*[c for c in x_shown if c != sigma], sigma]
    layout = {
        "xaxis": {"type": "category", "categoryorder": "array", "categoryarray": ticks, "tickmode": "array",
                  "tickvals": x_shown, "ticktext": x_shown, "side": "bottom", "tickangle": rotate,
                  "tickfont": {"size": x_size},
                  "title": {"text": x_title, "standoff": int(size * theme.X_TITLE_GAP_EM)},
                  "range": [-0.5, len(ticks) - 0.5],
                  "showgrid": False, "zeroline": False},
        "yaxis": {"type": "category", "categoryorder": "array", "categoryarray": rows, "tickmode": "array",
                  "tickvals": y_shown, "ticktext": y_shown, "autorange": "reversed",
                  "title": {"text": y_title, "standoff": int(size * theme.Y_TITLE_GAP_EM)},
                  "tickfont": {"size": y_size}, "showgrid": False, "zeroline": False},
        "legend": BOTTOM_LEGEND, "showlegend": bool(marks),
    }
    if shapes:
        layout["shapes"] = shapes
    if text is not False and not text_size:
        layout["meta"] = {"numbers_left_out": True}
    if show_scale:
        data[0]["colorbar"].update(x=1.0, xanchor="left", xpad=4 + sums_px)
    # what a reader is told: the matrix by its words, printed as the cells print it (2 decimals where they do not)
    corner = " / ".join(t for t in (y_title, x_title) if t)
    mask = 1 if hidden is not None and hidden.any() else None  # the grey overlay drawn over the masked cells
    chart = {"parts": [spec.matrix(0, [plain(r) for r in rows], [plain(c) for c in cols], corner,
                                   decimals if text_size else 2, mask=mask, sums=sums_trace)],
             "cells": [[m.name, int(m.row), int(m.col)] for m in marks]}
    if shows is not None:
        hide = {"hide": hidden.tolist()} if hidden is not None and hidden.any() else {}
        chart["t"] = {"traces": [spec.follow(0, "z", shows, **hide)]}
    return _figure(data, layout, title, height, presenter, margin, title_px=width_px - 2 * theme.TITLE_PAD_PX,
                   chart=chart)


def _rings(marks: Sequence[Mark], z: np.ndarray, trace: dict, cell_w: float, cell_h: float) -> list[dict]:
    """Each mark as a ring inside its cell, clear of the number in the middle: a rectangle of fixed px size around
    the cell's centre (so a cell drawn wider than laid out only leaves more room), the first mark on a cell
    outermost. Each ring is black or white against the colour of the cell beneath it (`ring_color`)."""
    shapes = []
    for k, mark in enumerate(marks):
        depth = sum((m.row, m.col) == (mark.row, mark.col) for m in marks[:k])  # marks on this cell before it
        inset = 1 + depth * (theme.MARK_LINE_PX + theme.MARK_GAP_PX) + theme.MARK_LINE_PX / 2  # to the line's middle
        half_w, half_h = max(1.0, cell_w / 2 - inset), max(1.0, cell_h / 2 - inset)
        color = ring_color(cell_color(float(z[mark.row, mark.col]), trace["colorscale"], trace["zmin"],
                                      trace["zmax"]))
        shapes.append({
            "type": "rect", "xref": "x", "yref": "y", "xsizemode": "pixel", "ysizemode": "pixel",
            "xanchor": mark.col, "yanchor": mark.row, "x0": -half_w, "x1": half_w, "y0": -half_h, "y1": half_h,
            "line": {"color": color, "width": theme.MARK_LINE_PX, "dash": mark.dash},
            "fillcolor": "rgba(0,0,0,0)", "name": mark.name, "layer": "above",
        })
    return shapes



def box_column(fig: go.Figure, col: int, color: str) -> go.Figure:
    """A copy of `fig` (a category-axis heatmap) with column `col` outlined, e.g. the looked-at emotion axis."""
    spec = copied(spec_of(fig))  # figures are shared (memoised): never change one
    layout = spec["layout"]
    layout["shapes"] = [*(layout.get("shapes") or ()), *(  # over a halo, as a mark
        {"type": "rect", "xref": "x", "yref": "y domain", "x0": col - 0.5, "x1": col + 0.5, "y0": 0, "y1": 1,
         "line": line, "fillcolor": "rgba(0,0,0,0)"}
        for line in ({"color": theme.MARK_HALO_COLOR, "width": 7}, {"color": color, "width": 3}))]
    return Figure(spec)
