"""The gaze geometry chart: coincident endpoints share one label, labels never overlap, the axes fit the arrows."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attention_core import analysis, figures
from attention_core.scenario import Scenario


def _overlap(a, b) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def test_default_sentence_groups_the_coincident_keys():
    s = Scenario()
    k = analysis.compute(s).trace.k[:, [0, 1]]
    groups = analysis.coincident_groups(k)
    assert groups == [[0], [1, 3], [2]]  # K 영화였다 = K 장면이었다 in dimensions 1, 2; 슬픈 and 아름다운 apart
    assert np.array_equal(k[1], k[3]) and not np.array_equal(k[0], k[2])


def test_grouping_uses_the_shown_precision():
    pts = np.array([[1.0, 2.0], [1.004, 2.0], [1.01, 2.0], [0.0, 0.0], [1.0, 2.0]])
    assert analysis.coincident_groups(pts) == [[0, 1, 4], [2], [3]]


def _chart(s: Scenario, i: int, a: int, b: int):
    tr = analysis.compute(s).trace
    k = tr.k[:, [a, b]]
    groups = analysis.coincident_groups(k)
    fig = figures.arrows(s.labels[i], (tr.q[i, a], tr.q[i, b]), k, list(s.labels), groups=groups, title="t",
                         x_title="x", y_title="y")
    return fig, k, tr.q[i, [a, b]], groups


def test_default_chart_has_one_label_per_group_and_fits_the_vectors():
    fig, k, q, _ = _chart(Scenario(), 0, 0, 1)
    key_labels = next(d for d in fig.data if d.name == "K labels")
    assert list(key_labels.text) == ["슬픈", "영화였다 = 장면이었다", "아름다운"]
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    pts = np.vstack([k, q, [0, 0]])
    assert np.all(pts[:, 0] > x0) and np.all(pts[:, 0] < x1) and np.all(pts[:, 1] > y0) and np.all(pts[:, 1] < y1)
    assert fig.layout.yaxis.scaleanchor == "x" and fig.layout.yaxis.scaleratio == 1
    assert (x1 - x0) < 4 * np.ptp(pts[:, 0]) + 1  # no fixed box far larger than the vectors


@pytest.mark.parametrize("seed", range(12))
def test_labels_never_overlap_on_random_points(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 12))
    anchors = np.round(rng.normal(size=(n, 2)), 2)
    anchors[rng.integers(n)] = anchors[0] + 0.01  # a near-coincident pair, labelled apart
    texts = [f"단어{j}" * int(rng.integers(1, 3)) for j in range(n)]
    placed = figures.place_labels(anchors, texts, 13, obstacles=np.zeros((1, 2)), fit_px=300)
    for (p, a), (r, b) in itertools.combinations(enumerate(placed.boxes), 2):
        assert not _overlap(a, b), (p, r)
    assert len(placed.centers) == n


def test_every_default_view_has_labels_apart():
    s = Scenario()
    for i, (a, b) in itertools.product(range(s.n), itertools.permutations(range(s.d_k), 2)):
        fig, k, q, groups = _chart(s, i, a, b)
        size = fig.layout.font.size
        tr_labels = [d for d in fig.data if d.name in ("K labels", "Q label")]
        texts = [t for d in tr_labels for t in d.text]
        anchors = np.vstack([k[[g[0] for g in groups]], q[None, :]])
        along = np.linspace(0, 1, 12)[:, None, None] * np.vstack([k, q[None, :]])[None]
        placed = figures.place_labels(anchors, texts, size, obstacles=along.reshape(-1, 2),
                                      fit_px=min(figures.ARROW_REF_PX, fig.layout.height - fig.layout.margin.t
                                                 - fig.layout.margin.b))
        xs = [x for d in tr_labels for x in d.x]
        assert np.allclose(xs, placed.centers[:, 0])  # the chart draws the checked layout
        for a_box, b_box in itertools.combinations(placed.boxes, 2):
            assert not _overlap(a_box, b_box)
