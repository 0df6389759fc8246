"""Screen ⑦'s figures: the training curves, the boxed emotion column and the replay with Plotly frames."""

import numpy as np

from attention_core import figures, theme


def test_training_curves_put_the_loss_left_and_the_measures_right():
    fig = figures.training_curves(range(4), [0.7, 0.5, 0.3, 0.2], [0, 3], {"acc": [0.0, 1.0], "focus": [0.2, 0.6]},
                                  title="t", loss_name="loss")
    assert [t.name for t in fig.data] == ["loss", "acc", "focus"]
    assert list(fig.data[0].y) == [0.7, 0.5, 0.3, 0.2] and fig.data[0].yaxis in (None, "y")
    assert fig.data[1].yaxis == "y2" and list(fig.data[2].x) == [0, 3]
    assert tuple(fig.layout.yaxis2.range) == (0, 1.02) and fig.layout.yaxis2.overlaying == "y"
    # told apart without colour too (WCAG 1.4.1): every line its own dash, every measure its own marker
    styles = [(t.line.dash or "solid", t.marker.symbol if t.mode != "lines" else None) for t in fig.data]
    assert len(set(styles)) == len(styles) and len({d for d, _ in styles}) == len(styles)


def test_box_column_outlines_one_category_column():
    fig = figures.box_column(figures.heatmap(np.eye(3), figures.Axis(list("abc")), figures.Axis(list("xyz"))), 2,
                             theme.KEY_COLOR)
    shape = fig.layout.shapes[-1]
    assert (shape.x0, shape.x1, shape.yref) == (1.5, 2.5, "y domain")


def test_replay_has_one_frame_per_snapshot_a_fixed_colour_range_and_controls():
    frames = [np.full((2, 2), v) for v in (0.1, -2.0, 4.0)]
    fig = figures.replay_heatmap(frames, ["0", "10", "20"], figures.Axis(["r1", "r2"]), figures.Axis(["c1", "c2"]),
                                 title="replay", buttons=("play", "pause", "start"), prefix="step ", box_col=0)
    assert [f.name for f in fig.frames] == ["0", "10", "20"]
    assert np.array_equal(np.array(fig.frames[1].data[0].z), frames[1])
    assert np.array_equal(np.array(fig.data[0].z), frames[0])  # the first snapshot is shown first
    assert (fig.data[0].zmin, fig.data[0].zmax) == (-4.0, 4.0)
    menu = fig.layout.updatemenus[0]
    assert [b.label for b in menu.buttons] == ["play", "pause", "start"]
    assert menu.buttons[0].args[1]["fromcurrent"] is True and list(menu.buttons[2].args[0]) == ["0"]
    slider = fig.layout.sliders[0]
    assert [s.label for s in slider.steps] == ["0", "10", "20"] and slider.currentvalue.prefix == "step "
    assert fig.layout.shapes[0].x0 == -0.5 and fig.layout.shapes[0].line.color == theme.KEY_COLOR
