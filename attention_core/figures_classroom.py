"""The class's charts (plotly only): the tally, one bar per answer, and a question's frozen row."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from . import theme


def _layout(fig: go.Figure, title: str, y_title: str, height: int, presenter: bool) -> go.Figure:
    size = theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE
    fig.update_layout(
        title={"text": title, "x": 0, "xanchor": "left"}, height=height, showlegend=False,
        font={"family": theme.FONT_FAMILY, "size": size}, margin={"l": 40, "r": 10, "t": 48, "b": 10},
        plot_bgcolor="white", paper_bgcolor="white", bargap=0.25,
    )
    fig.update_yaxes(title=y_title, rangemode="tozero", gridcolor="#eeeeee", zeroline=True)
    fig.update_xaxes(type="category", tickmode="array", automargin=True)
    return fig


def tally(labels: Sequence[str], counts: Sequence[int], right: Sequence[int] = (), mine: int | None = None,
          title: str = "", y_title: str = "", right_name: str = "", mine_name: str = "",
          presenter: bool = False, height: int = 320) -> go.Figure:
    """One bar per answer, its height the count; once revealed the right answers are drawn in the truth colour
    (and named under the bar), and a participant's own answer is outlined in the guess colour."""
    right = set(right)
    colors = [theme.TRUTH_COLOR if j in right else theme.NEUTRAL_COLOR for j in range(len(labels))]
    lines = [theme.GUESS_COLOR if j == mine else "rgba(0,0,0,0)" for j in range(len(labels))]
    ticks = [f"{lab}<br>✓ {right_name}" if j in right else lab for j, lab in enumerate(labels)]
    if mine is not None and 0 <= mine < len(ticks):
        ticks[mine] += f"<br>● {mine_name}"
    fig = go.Figure(go.Bar(
        x=list(range(len(labels))), y=[int(c) for c in counts], text=[str(int(c)) for c in counts],
        textposition="outside", marker={"color": colors, "line": {"color": lines, "width": 4}},
        customdata=list(labels), hovertemplate="%{customdata}: %{y}<extra></extra>",
    ))
    _layout(fig, title, y_title, height, presenter)
    fig.update_xaxes(tickvals=list(range(len(labels))), ticktext=ticks)
    top = max([int(c) for c in counts] or [0])
    fig.update_yaxes(range=[0, max(1, top) * 1.2], dtick=max(1, round(top / 5)) if top else 1)
    return fig


def frozen_row(labels: Sequence[str], values: Sequence[float], right: Sequence[int], title: str,
               presenter: bool = False, height: int = 240) -> go.Figure:
    """The asked word's row as the lecturer's screen froze it, the right answers in the truth colour."""
    right = set(right)
    fig = go.Figure(go.Bar(
        x=list(range(len(labels))), y=list(values), text=[f"{v:.2f}" for v in values], textposition="outside",
        marker={"color": [theme.TRUTH_COLOR if j in right else theme.WEIGHT_COLOR for j in range(len(labels))]},
        customdata=list(labels), hovertemplate="%{customdata}: %{y:.3f}<extra></extra>",
    ))
    _layout(fig, title, "", height, presenter)
    fig.update_xaxes(tickvals=list(range(len(labels))), ticktext=list(labels))
    lo, hi = min(0.0, *values), max(0.0, *values)
    fig.update_yaxes(range=[lo * 1.2, hi * 1.25 if hi > 0 else 1.0])
    return fig
