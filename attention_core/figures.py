"""Plotly figure builders: arrays and labels in, go.Figure out. No Streamlit, no math beyond layout.

Heatmap convention: row 0 at the top (matrix order), every word a tick label, numbers in cells
while readable (`texttemplate`, never per-cell annotations), hover naming row word, column word
and value, a diverging scale centred on 0 for signed matrices and a 0–1 sequential scale for weights.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from . import theme

BOTTOM_LEGEND = {"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0, "xanchor": "left"}


@dataclass(frozen=True)
class Mark:
    """A cell outlined on a heatmap, with a short legend name (e.g. the class's guess)."""

    row: int
    col: int
    color: str
    name: str


def chart_config(filename: str) -> dict:
    """The chart toolbar: PNG export at 2× with a sensible name, no Plotly logo."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in filename)[:60] or "chart"
    return {
        "displaylogo": False,
        "toImageButtonOptions": {"format": "png", "scale": theme.EXPORT_SCALE, "filename": safe},
        "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"],
    }


def text_width(label: str, size: int) -> float:
    """Approximate rendered width in px: wide (Hangul, CJK) glyphs ≈ 1 em, others ≈ 0.6 em."""
    return sum(size * (1.0 if unicodedata.east_asian_width(c) in "WF" else 0.6) for c in str(label))


def _margins(size: int, title: str, rows: Sequence[str] = (), y_title: str = "", top: Sequence[str] = (),
             top_angle: int = 0, x_title_top: str = "", bottom: Sequence[str] = (), bottom_angle: int = 0,
             x_title_bottom: str = "") -> dict:
    """Margins that fit the tick labels and titles (Plotly's automargin does not run in every host)."""

    def ticks(labels: Sequence[str], angle: int) -> float:
        if not labels:
            return 0
        widest = max(text_width(x, size) for x in labels)
        return (widest * 0.72 + size * 0.7) if angle else size * 1.4

    left = 12 + max((text_width(r, size) for r in rows), default=30) + (size * 1.8 if y_title else 0)
    t = 10 + (size * 2.0 if title else 0) + ticks(top, top_angle) + (size * 1.6 if x_title_top else 0)
    b = 10 + ticks(bottom, bottom_angle) + (size * 1.6 if x_title_bottom else 0)
    return {"l": int(left), "r": 10, "t": int(t), "b": int(b)}


def legend_px(names, size: int, width_px: float = 480) -> int:
    """Height of a horizontal legend under the chart: its entries wrap into rows of about `width_px`."""
    entries = [text_width(str(n), size) + 46 for n in names]
    rows, used = 1, 0.0
    for w in entries:
        if used and used + w > width_px:
            rows, used = rows + 1, 0.0
        used += w
    return int(rows * size * 1.7 + size * 0.6)


def wrap(title: str, size: int, max_px: float = 430) -> str:
    """Break a long title into lines (<br>) of at most about `max_px` pixels, at spaces."""
    lines, line = [], ""
    for word in title.split(" "):
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size) > max_px:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return "<br>".join(lines)


def plain(text: object) -> str:
    """Text shown as typed: Plotly renders a few HTML tags in labels, so < and > are escaped (our <br> stays)."""
    return str(text).replace("<br>", "\0").replace("<", "&lt;").replace(">", "&gt;").replace("\0", "<br>")


def _plain_all(values):
    if isinstance(values, str):
        return plain(values)
    if isinstance(values, np.ndarray):
        return np.vectorize(plain, otypes=[object])(values) if values.dtype == object else values
    if isinstance(values, (list, tuple)):
        return [_plain_all(v) for v in values]
    return values


def _escape_labels(fig: go.Figure) -> None:
    """Every word that reaches the chart (ticks, hover data, texts, trace names, categories) shown as plain text."""
    for trace in fig.data:
        for attr in ("text", "customdata", "name", "x"):
            value = getattr(trace, attr, None)
            if value is not None and (attr != "x" or any(isinstance(v, str) for v in np.ravel(value))):
                setattr(trace, attr, _plain_all(value if not isinstance(value, tuple) else list(value)))
    for axis in (fig.layout[k] for k in fig.layout if k.startswith(("xaxis", "yaxis"))):
        if axis.ticktext is not None:
            axis.ticktext = [plain(t) for t in axis.ticktext]


def _font_size(presenter: bool) -> int:
    return theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE


def _base_layout(
    fig: go.Figure, title: str, height: int, presenter: bool, margin: dict | None = None, title_lift: float = 0
) -> go.Figure:
    """Fonts, size, margins and the title (placed `title_lift` px above the plot area's top)."""
    size = _font_size(presenter)
    _escape_labels(fig)
    title = wrap(plain(title), size + 2)
    extra_lines = title.count("<br>")
    line_px = (size + 2) * 1.3
    margin = dict(margin or theme.MARGIN)
    margin["t"] += int(line_px * extra_lines)
    # Plotly anchors a multi-line title by its first line, so place that line above the ones below it.
    first_line_px = height - margin["t"] + 8 + title_lift + line_px * extra_lines
    fig.update_layout(
        title={"text": title, "font": {"size": size + 2}, "x": 0, "xanchor": "left", "xref": "paper",
               "y": min(first_line_px / height, 1.0), "yref": "container", "yanchor": "bottom"},
        font={"family": theme.FONT_FAMILY, "size": size},
        height=height,
        margin=margin,
        hoverlabel={"font": {"family": theme.FONT_FAMILY}},
        plot_bgcolor="white",
    )
    return fig


def heatmap_height(n_rows: int, presenter: bool = False, extra: int = 0) -> int:
    per_row = theme.HEATMAP_ROW_PX + (8 if presenter else 0)
    return int(np.clip(n_rows * per_row + 110 + extra, theme.HEATMAP_MIN_HEIGHT, theme.HEATMAP_MAX_HEIGHT))


def heatmap(
    values: np.ndarray,
    rows: Sequence[str],
    cols: Sequence[str],
    *,
    title: str = "",
    kind: str = "signed",
    x_title: str = "",
    y_title: str = "",
    hover_row: str = "row",
    hover_col: str = "column",
    decimals: int = 2,
    text: bool | None = None,
    row_sums: bool = False,
    marks: Sequence[Mark] = (),
    presenter: bool = False,
    height: int | None = None,
    show_scale: bool = True,
) -> go.Figure:
    """A labelled matrix heatmap; `kind` "signed" (diverging, centred on 0) or "weights" (0–1)."""
    z = np.asarray(values, dtype=float)
    n_rows, n_cols = z.shape
    limit = theme.CELL_TEXT_MAX_PRESENTER if presenter else theme.CELL_TEXT_MAX
    show_text = (n_cols <= limit and n_rows <= 2 * limit) if text is None else text
    custom = np.dstack(np.meshgrid(np.asarray(cols, dtype=object), np.asarray(rows, dtype=object)))
    scale: dict = (
        {"colorscale": theme.SEQUENTIAL, "zmin": theme.SEQUENTIAL_RANGE[0], "zmax": theme.SEQUENTIAL_RANGE[1]}
        if kind == "weights"
        else {"colorscale": theme.DIVERGING, "zmid": 0.0}
    )
    if kind != "weights":
        m = float(np.max(np.abs(z))) if z.size else 1.0
        scale.update(zmin=-(m or 1.0), zmax=m or 1.0)
        scale.pop("zmid")
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=list(range(n_cols)),
            y=list(range(n_rows)),
            customdata=custom,
            hovertemplate=(
                f"{hover_row}: %{{customdata[1]}}<br>{hover_col}: %{{customdata[0]}}"
                f"<br>%{{z:.{max(decimals, 3)}f}}<extra></extra>"
            ),
            texttemplate=f"%{{z:.{decimals}f}}" if show_text else None,
            xgap=1,
            ygap=1,
            showscale=show_scale,
            colorbar={"thickness": 10, "len": 0.9},
            **scale,
        )
    )
    tick_vals, tick_text = list(range(n_cols)), list(cols)
    if row_sums:
        sums = z.sum(axis=1)
        fig.add_trace(
            go.Scatter(
                x=[n_cols] * n_rows,
                y=list(range(n_rows)),
                mode="text",
                text=[f"{s:.2f}" for s in sums],
                textfont={"color": theme.NEUTRAL_COLOR},
                hoverinfo="skip",
                showlegend=False,
            )
        )
        tick_vals.append(n_cols)
        tick_text.append("Σ")
    for mark in marks:
        fig.add_trace(
            go.Scatter(
                x=[mark.col], y=[mark.row], mode="markers", name=mark.name,
                marker={"symbol": "square-open", "size": 30 if n_cols <= 12 else 16,
                        "color": mark.color, "line": {"width": 4, "color": mark.color}},
                hovertemplate=f"{mark.name}<extra></extra>",
            )
        )
    widest = max((text_width(c, _font_size(presenter)) for c in cols), default=0)
    rotate = -45 if n_cols > theme.ROTATE_TICKS_AFTER or widest * n_cols > 360 else 0
    fig.update_xaxes(
        tickmode="array", tickvals=tick_vals, ticktext=tick_text, side="bottom", tickangle=rotate,
        title={"text": x_title, "standoff": 4}, range=[-0.5, n_cols - 0.5 + (1 if row_sums else 0)],
        showgrid=False, zeroline=False,
    )
    fig.update_yaxes(
        tickmode="array", tickvals=list(range(n_rows)), ticktext=list(rows), autorange="reversed",
        title={"text": y_title}, showgrid=False, zeroline=False,
    )
    fig.update_layout(legend=BOTTOM_LEGEND, showlegend=bool(marks))
    size = _font_size(presenter)
    margin = _margins(size, title, rows=rows, y_title=y_title, bottom=tick_text, bottom_angle=rotate,
                      x_title_bottom=x_title)
    if marks:
        margin["b"] += int(size * 2.2)
    height = height or heatmap_height(n_rows, presenter, margin["t"] + margin["b"] - 60)
    return _base_layout(fig, title, height, presenter, margin)


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
) -> go.Figure:
    """Vertical bars with their values printed on them."""
    colors = [theme.QUERY_COLOR if i == highlight else color for i in range(len(values))]
    fig = go.Figure(
        go.Bar(
            x=list(range(len(values))), y=list(values), marker_color=colors,
            texttemplate=f"%{{y:.{decimals}f}}", textposition="outside", cliponaxis=False,
            customdata=list(labels), hovertemplate="%{customdata}: %{y:.3f}<extra></extra>",
        )
    )
    angle = -45 if len(labels) > theme.ROTATE_TICKS_AFTER else 0
    fig.update_xaxes(tickmode="array", tickvals=list(range(len(values))), ticktext=list(labels), tickangle=angle)
    fig.update_yaxes(title=y_title, range=list(y_range) if y_range else None, gridcolor="#eee")
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=labels, bottom_angle=angle)
    margin["t"] += size  # room for the value printed above the tallest bar
    return _base_layout(fig, title, height, presenter, margin)


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
) -> go.Figure:
    """One group of bars per label, one bar per series."""
    fig = go.Figure()
    for (name, vals), color in zip(series.items(), colors):
        fig.add_trace(go.Bar(
            name=name, x=list(labels), y=list(vals), marker_color=color,
            texttemplate=f"%{{y:.{decimals}f}}", textposition="outside", cliponaxis=False,
            hovertemplate=f"{name}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
        ))
    fig.update_layout(barmode="group", legend=BOTTOM_LEGEND)
    fig.update_xaxes(type="category")
    fig.update_yaxes(title=y_title, range=list(y_range) if y_range else None, gridcolor="#eee")
    margin = _margins(_font_size(presenter), title, rows=("-0.00",), y_title=y_title, bottom=labels)
    margin["t"] += _font_size(presenter)  # the value printed above the tallest bar
    margin["b"] += legend_px(series, _font_size(presenter))
    return _base_layout(fig, title, height, presenter, margin)


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
    presenter: bool = False,
    height: int = 340,
) -> go.Figure:
    """Lines sharing one x axis, optionally logarithmic, with a vertical line at `marker_x`."""
    fig = go.Figure()
    for (name, y), color in zip(ys.items(), _cycle(theme.SERIES, len(ys))):
        fig.add_trace(go.Scatter(x=list(x), y=list(y), mode="lines", name=name, line={"color": color, "width": 2},
                                 hovertemplate=f"{name}<br>%{{x:.3g}} → %{{y:.3f}}<extra></extra>"))
    fig.update_xaxes(title=x_title, type="log" if log_x else "linear", gridcolor="#eee")
    if marker_x is not None:
        mark_x(fig, marker_x, marker_label)
    fig.update_yaxes(title=y_title, gridcolor="#eee")
    fig.update_layout(legend=BOTTOM_LEGEND)
    margin = _margins(_font_size(presenter), title, rows=("0.000",), y_title=y_title, bottom=("1",),
                      x_title_bottom=x_title)
    margin["b"] += legend_px(ys, _font_size(presenter))
    return _base_layout(fig, title, height, presenter, margin)


def _cycle(colors: Sequence[str], n: int) -> list[str]:
    return [colors[i % len(colors)] for i in range(n)]


def arrows(
    origin_label: str,
    query: tuple[float, float],
    keys: np.ndarray,
    key_labels: Sequence[str],
    *,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    presenter: bool = False,
    height: int = 420,
) -> go.Figure:
    """Q_i and every K_j as arrows from the origin in two chosen dimensions (arrowheads as markers)."""
    fig = go.Figure()
    xs, ys = [], []
    for kx, ky in keys:
        xs += [0.0, float(kx), None]
        ys += [0.0, float(ky), None]
    fig.add_trace(go.Scatter(
        x=xs, y=ys, mode="lines+markers", name="K",
        line={"color": theme.KEY_COLOR, "width": 2},
        marker={"symbol": ["circle-open", "arrow", "circle-open"] * len(keys), "size": [1, 13, 1] * len(keys),
                "angleref": "previous", "color": theme.KEY_COLOR},
        hoverinfo="skip", showlegend=False,
    ))
    fig.add_trace(go.Scatter(
        x=keys[:, 0], y=keys[:, 1], mode="text", text=list(key_labels), textposition="top center",
        textfont={"color": theme.KEY_COLOR}, customdata=list(key_labels),
        hovertemplate="K %{customdata}: (%{x:.2f}, %{y:.2f})<extra></extra>", showlegend=False,
    ))
    fig.add_trace(go.Scatter(
        x=[0.0, query[0]], y=[0.0, query[1]], mode="lines+markers+text", name="Q",
        line={"color": theme.QUERY_COLOR, "width": 4},
        marker={"symbol": ["circle-open", "arrow"], "size": [1, 18], "angleref": "previous",
                "color": theme.QUERY_COLOR},
        text=["", f"Q {origin_label}"], textposition="bottom center", textfont={"color": theme.QUERY_COLOR},
        hovertemplate=f"Q {origin_label}: (%{{x:.2f}}, %{{y:.2f}})<extra></extra>", showlegend=False,
    ))
    span = float(np.max(np.abs(np.vstack([keys, np.array(query)[None, :]]))) or 1.0) * 1.2
    fig.update_xaxes(title=x_title, range=[-span, span], zeroline=True, zerolinecolor="#bbb", gridcolor="#eee")
    fig.update_yaxes(title=y_title, range=[-span, span], zeroline=True, zerolinecolor="#bbb", gridcolor="#eee",
                     scaleanchor="x", scaleratio=1)
    margin = _margins(_font_size(presenter), title, rows=("-0.0",), y_title=y_title, bottom=("1",),
                      x_title_bottom=x_title)
    return _base_layout(fig, title, height, presenter, margin)


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
) -> go.Figure:
    """One bar segment per word j (weight_ij · V_j) on every axis, stacked, with the sum marked."""
    fig = go.Figure()
    for j, (row, label) in enumerate(zip(parts, part_labels)):
        fig.add_trace(go.Bar(
            name=label, x=list(axis_labels), y=row, marker_color=theme.SERIES[j % len(theme.SERIES)],
            hovertemplate=f"{label}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
        ))
    fig.add_trace(go.Scatter(
        name=total_label, x=list(axis_labels), y=total, mode="markers+text",
        marker={"symbol": "line-ew-open", "size": 28, "color": theme.TRUTH_COLOR,
                "line": {"width": 3, "color": theme.TRUTH_COLOR}},
        text=[f"{v:.2f}" for v in total], textposition="top center",
        hovertemplate=f"{total_label}<br>%{{x}}: %{{y:.3f}}<extra></extra>",
    ))
    # The words beside the bars, clear of the axis ticks; past 16 words a legend is no help (hover names them).
    fig.update_layout(barmode="relative", showlegend=len(part_labels) <= 16,
                      legend={"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"})
    fig.update_yaxes(title=y_title, gridcolor="#eee", zeroline=True, zerolinecolor="#999")
    size = _font_size(presenter)
    margin = _margins(size, title, rows=("-0.00",), y_title=y_title, bottom=axis_labels)
    return _base_layout(fig, title, height, presenter, margin)


def weight_lines(
    weights_row: np.ndarray,
    labels: Sequence[str],
    focus: int,
    *,
    title: str = "",
    presenter: bool = False,
    height: int = 260,
) -> go.Figure:
    """The chosen word (top) linked to every word (bottom) by a line whose thickness is the weight."""
    fig = go.Figure()
    n = len(labels)
    top5 = float(np.sort(weights_row)[-min(5, n)])  # with many words only the five largest are labelled
    for j, w in enumerate(weights_row):
        fig.add_trace(go.Scatter(
            x=[focus, j], y=[1, 0], mode="lines", line={"width": 1 + 24 * float(w), "color": theme.VALUE_COLOR},
            opacity=0.35 + 0.65 * float(w), hovertemplate=f"{labels[focus]} → {labels[j]}: {w:.3f}<extra></extra>",
            showlegend=False,
        ))
    fig.add_trace(go.Scatter(
        x=list(range(n)), y=[0] * n, mode="markers+text",
        text=[f"{lab}<br>{w:.2f}" if n <= 10 or w >= top5 else "" for lab, w in zip(labels, weights_row)],
        textposition="bottom center", marker={"size": 10, "color": theme.KEY_COLOR}, hoverinfo="skip",
        showlegend=False,
    ))
    fig.add_trace(go.Scatter(
        x=[focus], y=[1], mode="markers+text", text=[labels[focus]], textposition="top center",
        marker={"size": 14, "color": theme.QUERY_COLOR}, hoverinfo="skip", showlegend=False,
    ))
    fig.update_xaxes(visible=False, range=[-0.7, n - 0.3])
    fig.update_yaxes(visible=False, range=[-0.6, 1.4])
    return _base_layout(fig, title, height, presenter)


def heatmap_grid(
    panels: Sequence[tuple[str, np.ndarray, Sequence[str], Sequence[str], str]],
    *,
    columns: int,
    title: str = "",
    presenter: bool = False,
    height: int | None = None,
    text: bool = False,
    width_px: float = 1000,
) -> go.Figure:
    """Small heatmaps side by side: panels of (title, values, row labels, col labels, kind).

    Gaps between panels are sized from the labels, so a panel's words never run into its neighbour.
    """
    size = _font_size(presenter)
    small = size - 2
    rows = -(-len(panels) // columns)
    row_px = max(text_width(r, small) for p in panels for r in p[2]) + 16
    col_px = max(text_width(c, small) for p in panels for c in p[3]) * 0.72 + small
    n_max = max(np.asarray(p[1]).shape[0] for p in panels)
    panel_px = max(150, min(420, n_max * 24 + 30))
    gap_px = col_px + size * 2.2
    body_px = rows * panel_px + (rows - 1) * gap_px
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=[p[0] for p in panels],
                        horizontal_spacing=min(0.3, row_px / width_px),
                        vertical_spacing=gap_px / body_px if rows > 1 else 0.1)
    for idx, (_, z, r_labels, c_labels, kind) in enumerate(panels):
        r, c = divmod(idx, columns)
        z = np.asarray(z, dtype=float)
        if kind == "weights":
            scale = {"colorscale": theme.SEQUENTIAL, "zmin": 0.0, "zmax": 1.0}
        else:
            m = float(np.max(np.abs(z))) or 1.0
            scale = {"colorscale": theme.DIVERGING, "zmin": -m, "zmax": m}
        custom = np.dstack(np.meshgrid(np.asarray(c_labels, dtype=object), np.asarray(r_labels, dtype=object)))
        fig.add_trace(go.Heatmap(
            z=z, x=list(range(z.shape[1])), y=list(range(z.shape[0])), showscale=False, xgap=1, ygap=1,
            customdata=custom, hovertemplate="%{customdata[1]} · %{customdata[0]}<br>%{z:.3f}<extra></extra>",
            texttemplate="%{z:.2f}" if text and z.shape[1] <= theme.CELL_TEXT_MAX else None, **scale,
        ), row=r + 1, col=c + 1)
        fig.update_xaxes(tickmode="array", tickvals=list(range(z.shape[1])), ticktext=list(c_labels),
                         tickangle=-45, row=r + 1, col=c + 1, showgrid=False)
        fig.update_yaxes(tickmode="array", tickvals=list(range(z.shape[0])), ticktext=list(r_labels),
                         autorange="reversed", row=r + 1, col=c + 1, showgrid=False)
    fig.update_annotations(font_size=size)
    margin = _margins(small, title, rows=[r for p in panels for r in p[2]],
                      bottom=[c for p in panels for c in p[3]], bottom_angle=-45)
    lift = int(size * 1.8)  # the first row's panel titles sit between the plots and the figure title
    margin["t"] += lift
    fig = _base_layout(fig, title, height or int(body_px + margin["t"] + margin["b"]), presenter, margin, lift)
    fig.update_layout(font={"size": small})
    return fig


def line_rows(
    x_labels: Sequence[str],
    rows: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str = "",
    y_title: str = "",
    presenter: bool = False,
    height: int = 300,
) -> go.Figure:
    """Each row (name, values over the same labels) as markers and lines, e.g. mean and std per word."""
    fig = go.Figure()
    for (name, vals), color in zip(rows, _cycle(theme.SERIES, len(rows))):
        fig.add_trace(go.Scatter(x=list(range(len(x_labels))), y=list(vals), name=name, mode="lines+markers",
                                 line={"color": color}, customdata=list(x_labels),
                                 hovertemplate=f"{name}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>"))
    fig.update_xaxes(tickmode="array", tickvals=list(range(len(x_labels))), ticktext=list(x_labels),
                     range=[-0.5, len(x_labels) - 0.5])  # room for the first and last labels
    fig.update_yaxes(title=y_title, gridcolor="#eee", zeroline=True, zerolinecolor="#999")
    fig.update_layout(legend=BOTTOM_LEGEND)
    margin = _margins(_font_size(presenter), title, rows=("-0.00",), y_title=y_title, bottom=x_labels,
                      bottom_angle=-45 if len(x_labels) > theme.ROTATE_TICKS_AFTER else 0)
    margin["b"] += legend_px([name for name, _ in rows], _font_size(presenter))
    return _base_layout(fig, title, height, presenter, margin)


def bars_grid(
    panels: Sequence[tuple[str, Sequence[float]]],
    labels: Sequence[str],
    *,
    title: str = "",
    y_range: tuple[float, float] = (0.0, 1.0),
    decimals: int = 2,
    highlight: int | None = None,
    presenter: bool = False,
    height: int = 300,
) -> go.Figure:
    """Small bar charts side by side over the same labels and y range: panels of (panel title, values)."""
    fig = make_subplots(rows=1, cols=len(panels), subplot_titles=[t for t, _ in panels], shared_yaxes=True,
                        horizontal_spacing=0.02)
    colors = [theme.QUERY_COLOR if i == highlight else theme.KEY_COLOR for i in range(len(labels))]
    show_text = len(labels) <= 6
    angle = -45 if len(labels) * len(panels) > 12 else 0
    for c, (name, vals) in enumerate(panels):
        fig.add_trace(go.Bar(
            x=list(range(len(labels))), y=list(vals), marker_color=colors, customdata=list(labels),
            texttemplate=f"%{{y:.{decimals}f}}" if show_text else None, textposition="outside", cliponaxis=False,
            hovertemplate=f"{name}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>", showlegend=False,
        ), row=1, col=c + 1)
        fig.update_xaxes(tickmode="array", tickvals=list(range(len(labels))), ticktext=list(labels),
                         tickangle=angle, row=1, col=c + 1)
    fig.update_yaxes(range=list(y_range), gridcolor="#eee")
    size = _font_size(presenter)
    small = size - 2
    fig.update_annotations(font_size=size)
    margin = _margins(small, title, rows=("0.0",), bottom=labels, bottom_angle=angle)
    margin["t"] += size * 3  # the panel titles and the values above the bars
    fig = _base_layout(fig, title, height, presenter, margin)
    fig.update_layout(font={"size": small}, title={"y": 1, "yanchor": "top", "pad": {"t": 6}})  # above panel titles
    return fig


def mark_x(fig: go.Figure, x: float, label: str = "") -> go.Figure:
    """A dashed vertical line at data value x, labelled on top; right on a log x axis too (Plotly reads an
    annotation's x there as log10(x) while it reads a shape's x as the data value)."""
    log = fig.layout.xaxis.type == "log"
    fig.add_shape(type="line", x0=x, x1=x, y0=0, y1=1, xref="x", yref="y domain",
                  line={"color": theme.TRUTH_COLOR, "dash": "dash", "width": 1.5})
    if label:
        fig.add_annotation(x=float(np.log10(x)) if log else x, y=1, xref="x", yref="y domain", text=label,
                           showarrow=False, xanchor="left", yanchor="top", xshift=4, bgcolor="rgba(255,255,255,0.85)")
    return fig
