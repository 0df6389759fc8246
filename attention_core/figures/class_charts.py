"""The class's charts (plotly only): the tally, one bar per answer, and a question's frozen row.

The lecturer's tally stands upright on the wide screen. The student's charts lie down, one row per word in the
sentence's order, as the answer buttons above them: a phone's 390 px hold a row per word at any length, with
the word upright on the left, where upright columns would turn ten words' labels sideways and part a label from
its marks. Margins are computed from the labels (as in `figures`), so the axis titles never sit on the ticks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.colors import get_colorscale

from .. import theme
from . import spec
from .colour import cell_color, ring_color, scale_limit
from .text import plain, text_width

ROW_PX = 34  # one answer's row in a lying chart
LINE_EM = 1.35  # a line of a tick label that runs over lines


def _layout(fig: go.Figure, title: str, height: int, size: int, margin: dict, chart: dict) -> go.Figure:
    """The class charts' common layout, and what the chart shows (`chart`: spec.py) in its `layout.meta`."""
    fig.update_layout(
        meta={"chart": {"v": spec.VERSION, **chart}},
        title={"text": plain(title), "x": 0, "xanchor": "left"}, height=height, showlegend=False,
        font={"family": theme.FONT_FAMILY, "size": size}, margin=margin,
        plot_bgcolor="white", paper_bgcolor="white", bargap=0.25,
        dragmode=False,  # a swipe over the chart scrolls the page (a phone's zoom box left students stuck)
    )
    fig.update_xaxes(fixedrange=True)
    fig.update_yaxes(fixedrange=True)
    return fig


def _size(presenter: bool) -> int:
    return theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE


def _top(title: str, size: int) -> int:
    return int(theme.EDGE_PX + (size * theme.TITLE_EM if title else 0))


def _count_ticks(top: int) -> tuple[list[float], int]:
    """A count axis from 0 with whole steps (about five), and its end: room above the highest bar for its number."""
    step = max(1, round(top / 5)) if top else 1
    return [float(v) for v in range(0, max(1, top) + step, step)], step


def tally(labels: Sequence[str], counts: Sequence[int], right: Sequence[int] = (), mine: int | None = None,
          title: str = "", y_title: str = "", right_name: str = "", mine_name: str = "",
          presenter: bool = False, height: int = 320, lying: bool = False) -> go.Figure:
    """One bar per answer, its length the count; once revealed the right answers are drawn in the truth colour
    and named, and a participant's own answer is outlined in the guess colour and named.

    Upright (the lecturer's screen): the names under the word. `lying` (the student's page): one row per word,
    the names after the count, on the word's own row. `y_title` names the count axis either way; `height` is
    the upright chart's (a lying one grows with its rows)."""
    labels = [plain(lab) for lab in labels]  # words as typed (Plotly reads a few HTML tags in labels)
    n = len(labels)
    right = set(right)
    counts = [int(c) for c in counts]
    size = _size(presenter)
    colors = [theme.TRUTH_COLOR if j in right else theme.NEUTRAL_COLOR for j in range(n)]
    lines = [theme.GUESS_COLOR if j == mine else "rgba(0,0,0,0)" for j in range(n)]
    right_name, mine_name = plain(right_name), plain(mine_name)
    names = [[f"✓ {right_name}"] * (j in right) + [f"● {mine_name}"] * (j == mine) for j in range(n)]
    top = max(counts or [0])
    _, step = _count_ticks(top)
    if lying:
        texts = [" · ".join([str(c), *nm]) for c, nm in zip(counts, names, strict=True)]
        widest_text = max((text_width(t, size) for t in texts), default=0.0)
        fig = go.Figure(go.Bar(
            y=list(range(n)), x=counts, orientation="h", text=texts, textposition="outside", cliponaxis=False,
            marker={"color": colors, "line": {"color": lines, "width": 4}},
            customdata=list(labels), hovertemplate="%{customdata}: %{x}<extra></extra>",
        ))
        left = theme.ROW_LABEL_PAD_PX + max((text_width(lab, size) for lab in labels), default=30)
        bottom = theme.EDGE_PX + size * (theme.TICKS_EM + (theme.X_TITLE_EM if y_title else 0))
        margin = {"l": int(left), "r": int(theme.EDGE_PX + widest_text), "t": _top(title, size), "b": int(bottom)}
        _layout(fig, title, int(margin["t"] + margin["b"] + ROW_PX * max(n, 1)), size, margin,
                {"parts": [spec.series("bars", [(0, None)], rows=labels, corner=y_title or None, values="x")]})
        fig.update_yaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=list(labels),
                         range=[n - 0.5, -0.5], showgrid=False)
        fig.update_xaxes(title=y_title, range=[0, max(1, top) * 1.05], dtick=step, gridcolor="#eeeeee",
                         zeroline=True, rangemode="tozero")
        return fig
    ticks = ["<br>".join([lab, *nm]) for lab, nm in zip(labels, names, strict=True)]
    lines_under = 1 + max((len(nm) for nm in names), default=0)
    fig = go.Figure(go.Bar(
        x=list(range(n)), y=counts, text=[str(c) for c in counts], textposition="outside", cliponaxis=False,
        marker={"color": colors, "line": {"color": lines, "width": 4}},
        customdata=list(labels), hovertemplate="%{customdata}: %{y}<extra></extra>",
    ))
    numbers = text_width(str(max(1, top) + step), size)
    left = theme.ROW_LABEL_PAD_PX + numbers + (size * theme.Y_TITLE_EM if y_title else 0)
    bottom = theme.EDGE_PX + size * LINE_EM * lines_under
    margin = {"l": int(left), "r": theme.EDGE_PX, "t": _top(title, size), "b": int(bottom)}
    _layout(fig, title, height, size, margin, {"parts": [spec.series("bars", [(0, y_title or None)], rows=ticks)]})
    fig.update_xaxes(type="category", tickmode="array", tickvals=list(range(n)), ticktext=ticks)
    fig.update_yaxes(title=y_title, range=[0, max(1, top) * 1.2], dtick=step, gridcolor="#eeeeee", zeroline=True,
                     rangemode="tozero")
    return fig


def frozen_row(labels: Sequence[str], values: Sequence[float], right: Sequence[int], title: str,
               presenter: bool = False) -> go.Figure:
    """The asked word's row as the lecturer's screen froze it, lying (one row per word, as `tally`'s student
    chart), the right answers in the truth colour, every value printed beside its bar, negative ones too."""
    labels = [plain(lab) for lab in labels]
    n = len(labels)
    right = set(right)
    values = [float(v) for v in values]
    size = _size(presenter)
    texts = [f"{v:.2f}" for v in values]
    fig = go.Figure(go.Bar(
        y=list(range(n)), x=values, orientation="h", text=texts, textposition="outside", cliponaxis=False,
        marker={"color": [theme.TRUTH_COLOR if j in right else theme.WEIGHT_COLOR for j in range(n)]},
        customdata=list(labels), hovertemplate="%{customdata}: %{x:.3f}<extra></extra>",
    ))
    widest_text = max((text_width(t, size) for t in texts), default=0.0)
    left = theme.ROW_LABEL_PAD_PX + max((text_width(lab, size) for lab in labels), default=30)
    lo, hi = min(0.0, *values), max(0.0, *values)
    # a negative bar's number is printed left of its end, inside the plot: room for it there; a positive one's
    # right of its end, in the right margin
    span = (hi - lo) or 1.0
    room = widest_text / max(1.0, theme.PHONE_WIDTH_PX - left - widest_text - 2 * theme.EDGE_PX)
    low = lo - span * room * 1.3 if lo < 0 else 0.0
    margin = {"l": int(left), "r": int(theme.EDGE_PX + widest_text), "t": _top(title, size),
              "b": int(theme.EDGE_PX + size * theme.TICKS_EM)}
    _layout(fig, title, int(margin["t"] + margin["b"] + ROW_PX * max(n, 1)), size, margin,
            {"parts": [spec.series("bars", [(0, None)], rows=labels, values="x")]})
    fig.update_yaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=list(labels),
                     range=[n - 0.5, -0.5], showgrid=False)
    fig.update_xaxes(range=[low, hi if hi > 0 else span * 0.05], gridcolor="#eeeeee", zeroline=True,
                     zerolinecolor="#888888")
    return fig


STRIP_OPACITY = 0.45  # one student's share, drawn as a short line: many on one value read darker
SPREAD_HEIGHT_PX = 400


def spread(labels: Sequence[str], mean: Sequence[float], spreads: Sequence[Sequence[int]],
           model: Sequence[float] | None = None, title: str = "", y_title: str = "",
           names: tuple[str, str, str] = ("", "", ""), presenter: bool = False,
           height: int = SPREAD_HEIGHT_PX) -> go.Figure:
    """The room's spread of 100 points, upright (the lecturer's screen): per word the room's mean as a bar, every
    student's share as a faint strip over it, and (once revealed, `model`) the model's row as a bar beside it, each
    bar's number printed. Trace 0 is the room's mean, 1 the students' strips, 2 the model's row (when given).
    `names`: the legend's (room mean, one student, model)."""
    labels = [plain(lab) for lab in labels]
    n = len(labels)
    size = _size(presenter)
    room_name, each_name, model_name = (plain(x) for x in names)
    shift = 0.2 if model is not None else 0.0
    width = 0.38 if model is not None else 0.6
    mean = [float(v) for v in mean] if len(mean) else [0.0] * n
    xs = [j - shift for j in range(n)]
    fig = go.Figure()
    fig.add_trace(go.Bar(
        x=xs, y=mean, width=width, name=room_name, marker={"color": theme.GUESS_COLOR},
        text=[f"{v:.1f}" for v in mean] if len(spreads) else None, textposition="outside", cliponaxis=False,
        customdata=labels, hovertemplate=f"%{{customdata}} · {room_name}: %{{y:.1f}}<extra></extra>",
    ))
    strip_x, strip_y = [], []
    for shares in spreads:
        for j, v in enumerate(shares):
            strip_x.append(j - shift)
            strip_y.append(float(v))
    fig.add_trace(go.Scatter(
        x=strip_x, y=strip_y, mode="markers", name=each_name, hoverinfo="skip",
        marker={"symbol": "line-ew-open", "size": int(size * 2.6), "opacity": STRIP_OPACITY,
                "color": theme.TRUTH_COLOR, "line": {"width": 3, "color": theme.TRUTH_COLOR}},
    ))
    if model is not None:
        fig.add_trace(go.Bar(
            x=[j + shift for j in range(n)], y=[float(v) for v in model], width=width, name=model_name,
            marker={"color": theme.WEIGHT_COLOR}, text=[f"{float(v):.1f}" for v in model], textposition="outside",
            cliponaxis=False, customdata=labels,
            hovertemplate=f"%{{customdata}} · {model_name}: %{{y:.1f}}<extra></extra>",
        ))
    numbers = text_width("100", size)
    legend_rows = 1
    bottom = theme.EDGE_PX + size * (LINE_EM + theme.LEGEND_ROW_EM * legend_rows + 0.6)
    margin = {"l": int(theme.ROW_LABEL_PAD_PX + numbers + size * theme.Y_TITLE_EM), "r": theme.EDGE_PX,
              "t": _top(title, size), "b": int(bottom)}
    # the table: the room's mean and (once revealed) the model's row, by word
    bars = [(0, room_name or None)] + ([(2, model_name or None)] if model is not None else [])
    _layout(fig, title, height, size, margin, {"parts": [spec.series("bars", bars, rows=labels)]})
    fig.update_layout(showlegend=True, barmode="overlay",
                      legend={"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0,
                              "xanchor": "left", "font": {"size": size}})
    fig.update_xaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=labels,
                     range=[-0.6, n - 0.4], showgrid=False)
    fig.update_yaxes(title=y_title, range=[0, 112], dtick=20, gridcolor="#eeeeee", zeroline=True)
    return fig


def spread_mine(labels: Sequence[str], model: Sequence[float], mean: Sequence[float], mine: Sequence[int] | None,
                title: str = "", x_title: str = "", names: tuple[str, str, str] = ("", "", "")) -> go.Figure:
    """The student's reveal, lying (one group of rows per word, as the page's other charts): the model's row, the
    room's mean and the student's own spread, in points, each number printed. `names`: (model, room mean, mine)."""
    labels = [plain(lab) for lab in labels]
    n = len(labels)
    size = _size(False)
    model_name, room_name, mine_name = (plain(x) for x in names)
    series = [(model_name, model, theme.WEIGHT_COLOR), (room_name, mean, theme.NEUTRAL_COLOR)]
    if mine is not None:
        series.append((mine_name, mine, theme.GUESS_COLOR))
    fig = go.Figure()
    texts = []
    for name, values, color in series:
        values = [float(v) for v in values] if len(values) else [0.0] * n
        text = [f"{v:.1f}" if name != mine_name else f"{v:.0f}" for v in values]
        texts += text
        fig.add_trace(go.Bar(
            y=list(range(n)), x=values, orientation="h", name=name, marker={"color": color}, text=text,
            textposition="outside", cliponaxis=False, customdata=labels,
            hovertemplate=f"%{{customdata}} · {name}: %{{x:.1f}}<extra></extra>",
        ))
    widest_text = max((text_width(t, size) for t in texts), default=0.0)
    left = theme.ROW_LABEL_PAD_PX + max((text_width(lab, size) for lab in labels), default=30)
    # the legend's three names take two rows on a phone's 350 px
    bottom = theme.EDGE_PX + size * (theme.TICKS_EM + (theme.X_TITLE_EM if x_title else 0) + 2 * theme.LEGEND_ROW_EM
                                     + 0.6)
    margin = {"l": int(left), "r": int(theme.EDGE_PX + widest_text), "t": _top(title, size), "b": int(bottom)}
    rows_px = ROW_PX * 0.75 * len(series)
    _layout(fig, title, int(margin["t"] + margin["b"] + rows_px * max(n, 1)), size, margin,
            {"parts": [spec.series("bars", [(k, name or None) for k, (name, _, _) in enumerate(series)], rows=labels,
                                   corner=x_title or None, values="x")]})
    fig.update_layout(showlegend=True, barmode="group", bargap=0.3,
                      legend={"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0,
                              "xanchor": "left", "traceorder": "normal"})
    fig.update_yaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=labels,
                     range=[n - 0.5, -0.5], showgrid=False)
    fig.update_xaxes(title={"text": x_title, "standoff": int(size * theme.X_TITLE_GAP_EM)}, range=[0, 105], dtick=25,
                     gridcolor="#eeeeee", zeroline=True)
    return fig


def cell_colors(values: Sequence[float], kind: str = "signed") -> tuple[list[str], list[str]]:
    """Each value's cell colour on the app's heatmap scale (`kind` "weights": 0–1 sequential; "signed": diverging,
    centred on 0, ± the largest |value|), and the text colour (black or white) that stands out on it: the tap grid's
    cells once revealed look like the app's heatmap of the same matrix."""
    z = np.asarray(values, dtype=float)
    if kind == "weights":
        scale, low, high = get_colorscale(theme.SEQUENTIAL), *theme.SEQUENTIAL_RANGE
    else:
        m = scale_limit(z)
        scale, low, high = get_colorscale(theme.DIVERGING), -m, m
    backgrounds = [cell_color(float(v), scale, low, high) for v in z.ravel()]
    return backgrounds, [ring_color(b) for b in backgrounds]


def t_histogram(options: Sequence[float], counts: Sequence[int], right: Sequence[int] = (), title: str = "",
                y_title: str = "", right_name: str = "", presenter: bool = False, height: int = 340) -> go.Figure:
    """The room's T guesses, upright (the lecturer's screen): one bar per T option in the picker's order, its count
    printed when someone picked it; once revealed the right T (and any T whose row prints the same) in the truth
    colour, named in the legend. Trace 0 holds every option's count. The options' labels turn 45° when crowded."""
    labels = [f"{t:g}" for t in options]
    n = len(labels)
    counts = [int(c) for c in counts]
    right = set(right)
    size = _size(presenter)
    colors = [theme.TRUTH_COLOR if k in right else theme.NEUTRAL_COLOR for k in range(n)]
    fig = go.Figure(go.Bar(
        x=list(range(n)), y=counts, text=[str(c) if c else "" for c in counts], textposition="outside",
        cliponaxis=False, marker={"color": colors},
        customdata=labels, hovertemplate="T = %{customdata}: %{y}<extra></extra>", showlegend=False,
    ))
    if right:
        names = ", ".join(labels[k] for k in sorted(right))
        fig.add_trace(go.Bar(x=[None], y=[None], name=f"✓ {plain(right_name)}: T = {names}",
                             marker={"color": theme.TRUTH_COLOR}, showlegend=True, hoverinfo="skip"))
    top = max(counts or [0])
    _, step = _count_ticks(top)
    widest = max((text_width(lab, size) for lab in labels), default=0.0)
    rotate = n > 12
    ticks_px = widest * 0.72 + size if rotate else size * LINE_EM
    bottom = theme.EDGE_PX + ticks_px + (size * (theme.LEGEND_ROW_EM + 0.4) if right else 0)
    numbers = text_width(str(max(1, top) + step), size)
    margin = {"l": int(theme.ROW_LABEL_PAD_PX + numbers + (size * theme.Y_TITLE_EM if y_title else 0)),
              "r": theme.EDGE_PX, "t": _top(title, size), "b": int(bottom)}
    # the table: every option's count (the legend's entry for the right T is no bar of its own)
    _layout(fig, title, height, size, margin, {"parts": [spec.series("bars", [(0, y_title or None)], rows=labels)]})
    fig.update_layout(showlegend=bool(right), legend={"orientation": "h", "yref": "container", "y": 0,
                                                      "yanchor": "bottom", "x": 0, "xanchor": "left"})
    fig.update_xaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=labels,
                     tickangle=-45 if rotate else 0, range=[-0.6, n - 0.4], title=None)
    fig.update_yaxes(title=y_title, range=[0, max(1, top) * 1.2], dtick=step, gridcolor="#eeeeee", zeroline=True,
                     rangemode="tozero")
    return fig
