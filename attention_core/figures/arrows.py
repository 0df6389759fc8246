"""Arrows and label layout: Q and the K's as arrows in two dimensions, their labels placed apart (`place_labels`), and
one word linked to every word by lines as thick as its weights (`weight_lines`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from .. import theme
from . import spec
from .layout import _GRID, _figure, _font_size, _margins, _room_width
from .memo import memoised
from .text import plain, text_width

ARROW_REF_PX = 300  # the smallest plot side the arrows chart is laid out for (a phone's column)
_LABEL_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1),
                     (0, 2), (2, 0), (0, -2), (-2, 0), (2, 2), (-2, 2), (2, -2), (-2, -2),
                     (0, 3), (3, 0), (0, -3), (-3, 0))


@dataclass(frozen=True)
class LabelLayout:
    """Where each label's centre goes (data units) and its box in reference pixels (x0, y0, x1, y1), y up."""

    centers: np.ndarray  # (m, 2)
    boxes: np.ndarray  # (m, 4)
    px_per_unit: float


def _overlap(a: np.ndarray, b: np.ndarray, gap: float = 2.0) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def _place(anchors: np.ndarray, texts: Sequence[str], size: int, scale: float,
           obstacles: np.ndarray) -> tuple[list, list]:
    line = size * 1.3
    blocked = [np.array([x - 4, y - 4, x + 4, y + 4]) for x, y in np.vstack([obstacles, anchors]) * scale]
    centers, boxes = [], []
    for (px, py), text in zip(anchors * scale, texts, strict=True):
        w, h = text_width(text, size) + 4, line
        best = None
        for dx, dy in _LABEL_DIRECTIONS:
            cx, cy = px + dx * (w / 2 + 8), py + dy * (h / 2 + 8)
            box = np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
            if not any(_overlap(box, other) for other in blocked):
                best = (cx, cy, box)
                break
        if best is None:  # crowded: stack it above everything placed so far
            top = max(b[3] for b in blocked) + 2
            best = (px, top + h / 2, np.array([px - w / 2, top, px + w / 2, top + h]))
        blocked.append(best[2])
        centers.append((best[0] / scale, best[1] / scale))
        boxes.append(best[2])
    return centers, boxes


def place_labels(anchors: np.ndarray, texts: Sequence[str], size: int, obstacles: np.ndarray | None = None,
                 fit_px: float = ARROW_REF_PX) -> LabelLayout:
    """Put each text next to its anchor point so that no two label boxes overlap (greedy, nearest spot first).

    The scale is chosen so that the points, the labels and a 6 % margin fit in `fit_px` pixels each way, the
    smallest plot the chart is drawn in: drawn larger (equal aspect), the points move apart while the text
    keeps its size, so labels that were apart stay apart.
    """
    anchors = np.asarray(anchors, dtype=float).reshape(-1, 2)
    obstacles = np.zeros((0, 2)) if obstacles is None else np.asarray(obstacles, dtype=float).reshape(-1, 2)
    pts = np.vstack([anchors, obstacles])
    span = float(max(np.max(pts.max(axis=0) - pts.min(axis=0)), 1e-6))
    scale = fit_px / span
    for _ in range(8):
        centers, boxes = _place(anchors, texts, size, scale, obstacles)
        b = np.array(boxes).reshape(-1, 4)
        lo = np.minimum(pts.min(axis=0) * scale, b[:, :2].min(axis=0))
        hi = np.maximum(pts.max(axis=0) * scale, b[:, 2:].max(axis=0))
        extent = float(np.max(hi - lo)) * 1.12  # with the 6 % margin on each side
        if extent <= fit_px + 0.5:
            break
        scale *= 0.98 * fit_px / extent  # the labels keep their size: shrink the points' part until all fits
    return LabelLayout(np.array(centers).reshape(-1, 2), np.array(boxes).reshape(-1, 4), scale)


@memoised
def arrows(
    origin_label: str,
    query: tuple[float, float],
    keys: np.ndarray,
    key_labels: Sequence[str],
    *,
    groups: Sequence[Sequence[int]] | None = None,
    title: str = "",
    x_title: str = "",
    y_title: str = "",
    presenter: bool = False,
    height: int = 460,
) -> go.Figure:
    """Q_i and every K_j as arrows from the origin in two chosen dimensions (arrowheads as markers).

    Keys in one of `groups` (coincident endpoints) share one label, "a = b"; labels are placed apart
    (`place_labels`); the axes fit the arrows and labels with a margin, at equal scale.
    """
    keys = np.asarray(keys, dtype=float).reshape(-1, 2)
    query = np.array(query, dtype=float)
    groups = [list(g) for g in groups] if groups is not None else [[j] for j in range(len(keys))]
    size = _font_size(presenter)
    xs, ys = [], []
    for kx, ky in keys:
        xs += [0.0, float(kx), None]
        ys += [0.0, float(ky), None]
    pts = np.vstack([keys, query[None, :], np.zeros((1, 2))])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    margin = _margins(size, title, rows=("-0.0",), y_title=y_title, bottom=("1",), x_title_bottom=x_title)
    texts = [" = ".join(key_labels[j] for j in g) for g in groups] + [f"Q {origin_label}"]
    anchors = np.vstack([keys[[g[0] for g in groups]], query[None, :]])
    along = np.linspace(0.0, 1.0, 12)[:, None, None] * np.vstack([keys, query[None, :]])[None, :, :]
    placed = place_labels(anchors, texts, size, obstacles=along.reshape(-1, 2),  # keep off the arrows
                          fit_px=min(ARROW_REF_PX, height - margin["t"] - margin["b"]))
    boxes = placed.boxes / placed.px_per_unit
    lo = np.minimum(lo, boxes[:, :2].min(axis=0))
    hi = np.maximum(hi, boxes[:, 2:].max(axis=0))
    pad = 0.06 * float(np.max(hi - lo))
    n_keys = len(groups)
    data = [
        {"type": "scatter", "x": xs, "y": ys, "mode": "lines+markers", "name": "K",
         "line": {"color": theme.KEY_COLOR, "width": 2},
         "marker": {"symbol": ["circle-open", "arrow", "circle-open"] * len(keys), "size": [1, 13, 1] * len(keys),
                    "angleref": "previous", "color": theme.KEY_COLOR},
         "hoverinfo": "skip", "showlegend": False},
        {"type": "scatter", "x": [0.0, float(query[0])], "y": [0.0, float(query[1])], "mode": "lines+markers",
         "name": "Q", "line": {"color": theme.QUERY_COLOR, "width": 4},
         "marker": {"symbol": ["circle-open", "arrow"], "size": [1, 18], "angleref": "previous",
                    "color": theme.QUERY_COLOR},
         "hovertemplate": f"Q {plain(origin_label)}: (%{{x:.2f}}, %{{y:.2f}})<extra></extra>", "showlegend": False},
        {"type": "scatter", "x": placed.centers[:n_keys, 0], "y": placed.centers[:n_keys, 1], "mode": "text",
         "text": texts[:n_keys], "textposition": "middle center", "textfont": {"color": theme.KEY_COLOR},
         "customdata": [[texts[k], float(keys[g[0], 0]), float(keys[g[0], 1])] for k, g in enumerate(groups)],
         "hovertemplate": "K %{customdata[0]}: (%{customdata[1]:.2f}, %{customdata[2]:.2f})<extra></extra>",
         "showlegend": False, "name": "K labels"},
        {"type": "scatter", "x": placed.centers[n_keys:, 0], "y": placed.centers[n_keys:, 1], "mode": "text",
         "text": texts[n_keys:], "textposition": "middle center", "textfont": {"color": theme.QUERY_COLOR},
         "hoverinfo": "skip", "showlegend": False, "name": "Q label"},
    ]
    axis = {"zeroline": True, "zerolinecolor": "#bbb", "gridcolor": _GRID}
    layout = {"xaxis": {"title": {"text": x_title}, "range": [float(lo[0] - pad), float(hi[0] + pad)], **axis},
              "yaxis": {"title": {"text": y_title}, "range": [float(lo[1] - pad), float(hi[1] + pad)],
                        "scaleanchor": "x", "scaleratio": 1, **axis}}
    # the table: each arrow's tip by its word, the keys' and then the query's
    tips = spec.points([*(plain(label) for label in key_labels[:len(keys)]), plain(texts[-1])], (x_title, y_title),
                       [*keys.tolist(), query.tolist()])
    return _figure(data, layout, title, height, presenter, margin, chart={"parts": [tips]})



@memoised
def weight_lines(
    weights_row: np.ndarray,
    labels: Sequence[str],
    focus: int,
    *,
    title: str = "",
    presenter: bool = False,
    height: int = 260,
    width_px: float = theme.TITLE_WIDTH_PX,
    room: float | None = None,
    shows: dict | None = None,
) -> go.Figure:
    """The chosen word (top) linked to every word (bottom) by a line whose thickness is the weight; the title wrapped
    for `width_px`, the width it gets. `shows` (spec.shows, a row of the weights): what the T control redraws at
    any T, the lines' thickness and the weights printed under the words."""
    n = len(labels)
    top5 = float(np.sort(weights_row)[-min(5, n)])  # with many words only the five largest are labelled
    drawn = float(np.sort(weights_row)[-min(16, n)])  # and only the 16 thickest lines are drawn (one trace each)
    data = [{
        "type": "scatter", "x": [focus, j], "y": [1, 0], "mode": "lines",
        "line": {"width": 1 + 24 * float(w), "color": theme.WEIGHT_COLOR}, "opacity": 0.35 + 0.65 * float(w),
        "hovertemplate": f"{plain(labels[focus])} → {plain(labels[j])}: {w:.3f}<extra></extra>", "showlegend": False,
    } for j, w in enumerate(weights_row) if w >= drawn]
    data.append({
        "type": "scatter", "x": list(range(n)), "y": [0] * n, "mode": "markers+text",
        "text": [f"{lab}<br>{w:.2f}" if n <= 10 or w >= top5 else "" for lab, w in zip(labels, weights_row)],
        "textposition": "bottom center", "marker": {"size": 10, "color": theme.KEY_COLOR}, "hoverinfo": "skip",
        "showlegend": False,
    })
    data.append({
        "type": "scatter", "x": [focus], "y": [1], "mode": "markers+text", "text": [labels[focus]],
        "textposition": "top center", "marker": {"size": 14, "color": theme.QUERY_COLOR}, "hoverinfo": "skip",
        "showlegend": False,
    })
    layout = {"xaxis": {"visible": False, "range": [-0.7, n - 0.3]}, "yaxis": {"visible": False, "range": [-0.6, 1.4]}}
    lines = [(k, trace["x"][1]) for k, trace in enumerate(data) if trace["mode"] == "lines"]
    chart: dict = {"parts": [spec.texts([data[k]["hovertemplate"].split("<extra>")[0] for k, _ in lines])]}
    if shows is not None:
        hover = [f"{plain(labels[focus])} → {plain(labels[j])}: {{w}}<extra></extra>" for _, j in lines]
        followed = [spec.follow(k, "line", shows, col=int(j), hover=h) for (k, j), h in zip(lines, hover)]
        if n >= 2:  # the words, each with its weight (past 10 words those of the five largest)
            followed.append(spec.follow(len(lines), "text", shows, words=[plain(w) for w in labels],
                                        top=None if n <= 10 else 5, text=2))
        chart["t"] = {"traces": followed}
    return _figure(data, layout, title, height, presenter,
                   title_px=_room_width(width_px, presenter, room) - 2 * theme.TITLE_PAD_PX, chart=chart)
