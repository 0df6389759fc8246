"""Grids: small heatmaps (`heatmap_grid`) or small bar charts (`bars_grid`) side by side, each panel on its own axes."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from .. import theme
from . import spec
from .colour import _scale, scale_limit
from .layout import _GRID, _bar_values, _figure, _font_size, _least, _margins, _room_width, _small
from .memo import memoised
from .text import cell_text_size, plain, text_width, thinned


def _grid_axes(layout: dict, index: int, x_domain: list[float], y_domain: list[float]) -> tuple[str, str]:
    """Axis names (x, y / x2, y2 …) of panel `index`, anchored to each other, with their domains set."""
    suffix = "" if index == 0 else str(index + 1)
    layout[f"xaxis{suffix}"] = {"domain": x_domain, "anchor": f"y{suffix}"}
    layout[f"yaxis{suffix}"] = {"domain": y_domain, "anchor": f"x{suffix}"}
    return f"x{suffix}", f"y{suffix}"


def _panel_title(text: str, x_domain: list[float], y_top: float, size: int) -> dict:
    return {"text": plain(text), "x": (x_domain[0] + x_domain[1]) / 2, "y": y_top, "xref": "paper", "yref": "paper",
            "xanchor": "center", "yanchor": "bottom", "showarrow": False, "font": {"size": size}}


def _domains(n: int, gap: float) -> list[list[float]]:
    """`n` equal spans of [0, 1] separated by `gap` (fractions of the whole)."""
    width = (1 - gap * (n - 1)) / n
    return [[k * (width + gap), k * (width + gap) + width] for k in range(n)]


@memoised
def heatmap_grid(
    panels: Sequence[tuple],
    *,
    columns: int,
    title: str = "",
    presenter: bool = False,
    height: int | None = None,
    text: bool = False,
    width_px: float = theme.FULL_WIDTH_PX,
    shared_rows: bool = False,
    room: float | None = None,
    limits: dict[str, float] | None = None,
) -> go.Figure:
    """Small heatmaps side by side: panels of (title, values, row labels, col labels, kind[, scale group[, what the
    panel shows: spec.shows, for the T control]]).
    `limits`: a signed scale group's ± (e.g. the largest |value| its panels reach over every T, so that the scale
    stays put while T moves the cells), instead of its panels' own largest |value|.

    Panels with the same scale group share one colour scale (same range) and one colour bar, drawn right of
    the group's rightmost panel; a panel without a group has its own scale and its own colour bar. Gaps
    between panels are sized from the labels and the colour bars, so nothing runs into its neighbour.
    `shared_rows`: every panel has the same rows, so only the first column prints the row labels.
    """
    size = _font_size(presenter)
    small = _small(size, presenter)
    width_px = _room_width(width_px, presenter, room)
    least = _least(presenter, theme.TICK_MIN_SIZE)
    row_px = max(text_width(r, small) for p in panels for r in p[2]) + 16
    side_px = theme.COLORBAR_PX + (0 if shared_rows else row_px)
    # fewer panels a row (down to two) rather than smaller or missing labels: each column label gets its room
    n_cols = max(len(p[3]) for p in panels)
    paper_px = width_px - row_px - 12 - theme.COLORBAR_PX - 10
    while columns > 2 and (_domains(columns, min(0.3, side_px / width_px))[0][1] * paper_px / n_cols
                           < small * theme.DIAGONAL_EM):
        columns -= 1
    rows = -(-len(panels) // columns)
    groups = [p[5] if len(p) > 5 and p[5] else f"_own{k}" for k, p in enumerate(panels)]
    col_px = max(text_width(c, small) for p in panels for c in p[3]) * 0.72 + small
    n_max = max(np.asarray(p[1]).shape[0] for p in panels)
    panel_px = max(150, min(420, n_max * 24 + 30))
    gap_px = col_px + size * 2.2
    body_px = rows * panel_px + (rows - 1) * gap_px
    x_domains = _domains(columns, min(0.3, side_px / width_px))
    y_domains = [[1 - d[1], 1 - d[0]] for d in _domains(rows, gap_px / body_px if rows > 1 else 0)]
    places = [divmod(idx, columns) for idx in range(len(panels))]
    data, layout, notes = [], {}, []
    for g_index, group in enumerate(dict.fromkeys(groups)):
        members = [k for k, g in enumerate(groups) if g == group]
        kind = panels[members[0]][4]
        scale = _scale(np.zeros(1), kind, (limits or {}).get(group) or scale_limit(*(panels[k][1] for k in members)))
        right = max(places[k][1] for k in members)
        y0 = min(y_domains[places[k][0]][0] for k in members if places[k][1] == right)
        y1 = max(y_domains[places[k][0]][1] for k in members if places[k][1] == right)
        name = "coloraxis" if g_index == 0 else f"coloraxis{g_index + 1}"  # plotly.js has no "coloraxis1"
        layout[name] = {
            "colorscale": scale["colorscale"], "cmin": scale["zmin"], "cmax": scale["zmax"],
            "colorbar": {"x": x_domains[right][1], "xanchor": "left", "xpad": 4, "y": (y0 + y1) / 2,
                         "yanchor": "middle", "len": y1 - y0, "lenmode": "fraction", "thickness": 8,
                         "tickfont": {"size": max(small - 1, least)}},  # least: never under MIN_TEXT_PX
        }
        for k in members:
            groups[k] = name
    for idx, (name, z, r_labels, c_labels, _kind, *_) in enumerate(panels):
        r, c = places[idx]
        z = np.asarray(z, dtype=float)
        xa, ya = _grid_axes(layout, idx, x_domains[c], y_domains[r])
        r_labels, c_labels = [str(r) for r in r_labels], [str(c) for c in c_labels]
        trace = {
            "type": "heatmap", "z": z, "x": c_labels, "y": r_labels, "xaxis": xa, "yaxis": ya,
            "coloraxis": groups[idx], "xgap": 1, "ygap": 1,
            "hovertemplate": "%{y} · %{x}<br>%{z:.3f}<extra></extra>",
        }
        paper_px = width_px - row_px - 12 - theme.COLORBAR_PX - 10  # the plotting area inside the margins
        cell_w = (x_domains[c][1] - x_domains[c][0]) * paper_px / max(1, z.shape[1])
        text_size = (cell_text_size(z, 2, cell_w, panel_px / max(1, z.shape[0]), small,
                                    _least(presenter, theme.CELL_TEXT_MIN_SIZE)) if text else None)
        if text and not text_size:
            layout["meta"] = {"numbers_left_out": True}
        if text_size:
            trace["texttemplate"] = "%{z:.2f}"
            trace["textfont"] = {"size": text_size}
        data.append(trace)
        # small panels: labels that would overlap are thinned to every k-th (hover names every one)
        x_shown, x_size = thinned(c_labels, cell_w, small, rotated=True, diagonal=True, least=least)
        y_shown, y_size = thinned(r_labels, panel_px / max(1, z.shape[0]), small, rotated=True, least=least)
        layout[f"xaxis{xa[1:]}"].update(type="category", categoryorder="array", categoryarray=c_labels,
                                        tickmode="array", tickvals=x_shown, ticktext=x_shown,
                                        tickangle=theme.TICK_ANGLE, tickfont={"size": x_size}, showgrid=False)
        layout[f"yaxis{ya[1:]}"].update(type="category", categoryorder="array", categoryarray=r_labels,
                                        tickmode="array", tickvals=y_shown, ticktext=y_shown,
                                        tickfont={"size": y_size}, autorange="reversed", showgrid=False,
                                        showticklabels=not shared_rows or c == 0)
        notes.append(_panel_title(name, x_domains[c], y_domains[r][1], size))
    layout["annotations"] = notes
    layout["font"] = {"family": theme.FONT_FAMILY, "size": small}
    margin = _margins(small, title, rows=[r for p in panels for r in p[2]],
                      bottom=[c for p in panels for c in p[3]], bottom_angle=theme.TICK_ANGLE)
    margin["r"] += theme.COLORBAR_PX
    lift = int(size * 1.8)  # the first row's panel titles sit between the plots and the figure title
    margin["t"] += lift
    chart: dict = {"parts": [
        spec.matrix(idx, [plain(str(r)) for r in p[2]], [plain(str(c)) for c in p[3]], "", 2,
                    caption=plain(p[0]) if len(panels) > 1 else None) for idx, p in enumerate(panels)]}
    followed = [spec.follow(idx, "z", p[6]) for idx, p in enumerate(panels) if len(p) > 6 and p[6] is not None]
    if followed:
        chart["t"] = {"traces": followed}
    return _figure(data, layout, title, height or int(body_px + margin["t"] + margin["b"]), presenter, margin, lift,
                   chart=chart)



@memoised
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
    size = _font_size(presenter)
    small = _small(size, presenter)
    colors = [theme.QUERY_COLOR if i == highlight else theme.KEY_COLOR for i in range(len(labels))]
    angle = theme.TICK_ANGLE if len(labels) * len(panels) > 12 else 0
    x_domains = _domains(len(panels), 0.02)
    data, layout, notes = [], {}, []
    for c, (name, vals) in enumerate(panels):
        xa, ya = _grid_axes(layout, c, x_domains[c], [0.0, 1.0])
        data.append({
            "type": "bar", "x": list(range(len(labels))), "y": list(vals), "xaxis": xa, "yaxis": ya,
            "marker": {"color": colors}, "customdata": list(labels), "showlegend": False,
            "hovertemplate": f"{plain(name)}<br>%{{customdata}}: %{{y:.3f}}<extra></extra>",
            **_bar_values(decimals, show=len(labels) <= 6),
        })
        layout[f"xaxis{xa[1:]}"].update(tickmode="array", tickvals=list(range(len(labels))), ticktext=list(labels),
                                        tickangle=angle)
        layout[f"yaxis{ya[1:]}"].update(range=list(y_range), gridcolor=_GRID, showticklabels=c == 0,
                                        **({"matches": "y"} if c else {}))
        notes.append(_panel_title(name, x_domains[c], 1.0, size))
    layout["annotations"] = notes
    layout["font"] = {"family": theme.FONT_FAMILY, "size": small}
    margin = _margins(small, title, rows=("0.0",), bottom=labels, bottom_angle=angle)
    lift = int(size * 1.8) + small  # the panel titles, and the values printed above the bars
    margin["t"] += lift
    chart = {"parts": [spec.series("bars", [(c, plain(name)) for c, (name, _) in enumerate(panels)],
                                   rows=[plain(x) for x in labels])]}
    return _figure(data, layout, title, height, presenter, margin, lift, chart=chart)
