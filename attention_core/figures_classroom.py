"""The class's charts (plotly only): the tally, one bar per answer, and a question's frozen row.

The lecturer's tally stands upright on the wide screen. The student's charts lie down, one row per word in the
sentence's order, as the answer buttons above them: a phone's 390 px hold a row per word at any length, with
the word upright on the left, where upright columns would turn ten words' labels sideways and part a label from
its marks. Margins are computed from the labels (as in `figures`), so the axis titles never sit on the ticks.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from . import theme
from .figures import plain, text_width

ROW_PX = 34  # one answer's row in a lying chart
LINE_EM = 1.35  # a line of a tick label that runs over lines


def _layout(fig: go.Figure, title: str, height: int, size: int, margin: dict) -> go.Figure:
    fig.update_layout(
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
        _layout(fig, title, int(margin["t"] + margin["b"] + ROW_PX * max(n, 1)), size, margin)
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
    _layout(fig, title, height, size, margin)
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
    _layout(fig, title, int(margin["t"] + margin["b"] + ROW_PX * max(n, 1)), size, margin)
    fig.update_yaxes(type="linear", tickmode="array", tickvals=list(range(n)), ticktext=list(labels),
                     range=[n - 0.5, -0.5], showgrid=False)
    fig.update_xaxes(range=[low, hi if hi > 0 else span * 0.05], gridcolor="#eeeeee", zeroline=True,
                     zerolinecolor="#888888")
    return fig
