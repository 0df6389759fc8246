"""Players: figures with Plotly frames that play in the browser, with no script run while they play (⑦'s replay of
training, ③'s weights at every T beside their entropy)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from .. import theme
from .heatmaps import Axis, heatmap
from .layout import _font_size, _grown
from .memo import Figure, copied, memoised


@memoised
def replay_heatmap(
    frames: Sequence[np.ndarray],
    names: Sequence[str],
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    buttons: tuple[str, str, str] = ("▶", "⏸", "⏮"),
    prefix: str = "",
    box_col: int | None = None,
    presenter: bool = False,
    frame_ms: int = 120,
) -> go.Figure:
    """One heatmap per frame (a diverging scale fixed over all frames), with play, pause, rewind and a slider.

    The animation runs in the browser (Plotly frames): no script run while it plays. Frame 0 is shown first.
    """
    frames = [np.asarray(f, dtype=float) for f in frames]
    names = [str(n) for n in names]
    base = heatmap(frames[0], row_axis, col_axis, title=title, presenter=presenter)
    fig = copied(base.spec)  # the builder's own dict, shared: copied before it is changed
    top = max(float(np.max(np.abs(f))) for f in frames) or 1.0
    fig["data"][0].update(z=frames[0], zmin=-top, zmax=top)
    fig["frames"] = [{"name": name, "data": [{"type": "heatmap", "z": z}], "traces": [0]}
                     for name, z in zip(names, frames)]
    still = {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}
    play, pause, rewind = buttons
    size = _font_size(presenter)
    layout = fig["layout"]
    extra = int(size * 9)
    below = layout["margin"]["b"]  # the tick labels' room under the plot; the controls go under that
    layout["margin"]["b"] += extra
    _grown(layout, layout["height"] + extra)
    y = -below / (layout["height"] - layout["margin"]["t"] - layout["margin"]["b"])  # in plot fractions
    layout["updatemenus"] = [{
        "type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left", "y": y,
        "yanchor": "top", "pad": {"t": 8, "l": 0},
        "buttons": [
            {"label": play, "method": "animate",
             "args": [None, {"fromcurrent": True, "frame": {"duration": frame_ms, "redraw": True},
                             "transition": {"duration": 0}}]},
            {"label": pause, "method": "animate", "args": [[None], still]},
            {"label": rewind, "method": "animate", "args": [[names[0]], still]},
        ],
    }]
    layout["sliders"] = [{
        "active": 0, "x": 0.0, "len": 1.0, "y": y, "yanchor": "top", "pad": {"t": 44},
        "currentvalue": {"prefix": prefix, "font": {"size": size}},
        "steps": [{"label": name, "method": "animate", "args": [[name], still]} for name in names],
    }]
    if box_col is not None:
        layout.setdefault("shapes", []).append({
            "type": "rect", "xref": "x", "yref": "y domain", "x0": box_col - 0.5, "x1": box_col + 0.5, "y0": 0,
            "y1": 1, "line": {"color": theme.KEY_COLOR, "width": 3}, "fillcolor": "rgba(0,0,0,0)"})
    return Figure(fig)


PLAYER_HEATMAP_SHARE = 0.58  # of the player's width, beside its curve


@memoised
def temperature_player(
    weights: Sequence[np.ndarray],
    temps: Sequence[float],
    entropy: Sequence[float],
    row_axis: Axis,
    col_axis: Axis,
    *,
    title: str = "",
    curve_title: str = "",
    curve_x_title: str = "T",
    buttons: tuple[str, str] = ("▶ T", "■"),
    prefix: str = "T = ",
    presenter: bool = False,
    frame_ms: int = 350,
    width_px: float = theme.FULL_WIDTH_PX,
) -> go.Figure:
    """The attention weights at every T (one frame each) beside their mean entropy over T, with a marker on the
    frame's T; ▶ plays every T in order, ⏸ stops, the slider picks one.

    Everything runs in the browser (Plotly frames and animation): no script run while it plays, and the app's T
    is not touched. The frames are the given matrices as they are (computed by the app's softmax). Frame 0 shows
    first, so the figure does not depend on the current T and is not re-sent when T changes. `width_px`: the width
    the chart gets; the heatmap is laid out for its share of it (its cell numbers and tick labels fitted there), and
    on a narrow screen (a phone) the curve goes under the heatmap instead of beside it.
    """
    weights = [np.asarray(w, dtype=float) for w in weights]
    temps = [float(t) for t in temps]
    entropy = [float(h) for h in entropy]
    if not (len(weights) == len(temps) == len(entropy)) or not temps:
        raise ValueError("one matrix and one entropy per T")
    names = [f"{t:g}" for t in temps]
    stacked = width_px < theme.PLAYER_SIDE_BY_SIDE_PX
    share = 1.0 if stacked else PLAYER_HEATMAP_SHARE
    base = heatmap(weights[0], row_axis, col_axis, title=title, kind="weights", presenter=presenter, show_scale=False,
                   width_px=width_px * share)
    fig = copied(base.spec)  # the builder's own dict, shared: copied before it is changed
    size = _font_size(presenter)
    layout = fig["layout"]
    span = [float(np.log10(min(temps) / 1.3)), float(np.log10(max(temps) * 1.3))]  # room for the marker at the ends
    layout["xaxis2"] = {"type": "log", "anchor": "y2", "title": {"text": curve_x_title}, "range": span,
                        "tickvals": [0.1, 1, 10], "ticktext": ["0.1", "1", "10"], "showgrid": True}
    layout["yaxis2"] = {"anchor": "x2", "rangemode": "tozero", "title": {"text": curve_title}}
    if stacked:  # the curve under the heatmap: below the heatmap's own tick labels and axis title, then its own
        margin = layout["margin"]
        heat_area = layout["height"] - margin["t"] - margin["b"]
        curve_px = int(size * theme.PLAYER_CURVE_EM)
        below_heat = margin["b"] + int(size * 2)  # the heatmap's tick labels and x title, then a gap: between
        curve_below = int(size * 5)  # the curve's ticks and x title
        area = heat_area + below_heat + curve_px
        layout["yaxis"]["domain"] = [(below_heat + curve_px) / area, 1.0]
        layout["xaxis2"]["domain"], layout["yaxis2"]["domain"] = [0.0, 1.0], [0.0, curve_px / area]
        margin["b"] = curve_below
        _grown(layout, margin["t"] + area + margin["b"])
    else:
        layout["xaxis"]["domain"] = [0.0, share]
        layout["xaxis2"]["domain"] = [share + 0.12, 1.0]
    fig["data"] = [fig["data"][0],  # the heatmap (trace 0) and the entropy curve with its marker (traces 1, 2)
                   {"type": "scatter", "x": temps, "y": entropy, "xaxis": "x2", "yaxis": "y2", "mode": "lines",
                    "line": {"color": theme.NEUTRAL_COLOR, "width": 2}, "hoverinfo": "skip", "showlegend": False},
                   {"type": "scatter", "x": [temps[0]], "y": [entropy[0]], "xaxis": "x2", "yaxis": "y2",
                    "mode": "markers", "marker": {"size": 14, "color": theme.QUERY_COLOR}, "showlegend": False,
                    "hovertemplate": "T = %{x:g}<br>H = %{y:.3f}<extra></extra>"}]
    fig["frames"] = [{"name": name, "traces": [0, 2],
                      "data": [{"type": "heatmap", "z": w}, {"type": "scatter", "x": [t], "y": [h]}]}
                     for name, w, t, h in zip(names, weights, temps, entropy)]
    still = {"mode": "immediate", "frame": {"duration": 0, "redraw": True}, "transition": {"duration": 0}}
    play, pause = buttons
    extra = int(size * 8)
    below = layout["margin"]["b"]
    layout["margin"]["b"] += extra
    _grown(layout, layout["height"] + extra)
    y = -below / (layout["height"] - layout["margin"]["t"] - layout["margin"]["b"])
    layout["updatemenus"] = [{
        "type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left", "y": y,
        "yanchor": "top", "pad": {"t": 8, "l": 0},
        "buttons": [
            {"label": play, "method": "animate",
             "args": [names, {"mode": "immediate", "frame": {"duration": frame_ms, "redraw": True},
                              "transition": {"duration": 0}}]},
            {"label": pause, "method": "animate", "args": [[None], still]},
        ],
    }]
    layout["sliders"] = [{
        "active": 0, "x": 0.0, "len": 1.0, "y": y, "yanchor": "top", "pad": {"t": 44},
        "currentvalue": {"prefix": prefix, "font": {"size": size}},
        "steps": [{"label": name, "method": "animate", "args": [[name], still]} for name in names],
    }]
    return Figure(fig)
