"""Labels a room reads, placed from the data: ④'s stacked contributions print each sum past the end of its stack
(below it for a negative sum) and inside the plot; ③'s "now T" marker label sits above the plot, where no curve
goes, on the side of the line that keeps it inside."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import analysis, figures, scenes, theme
from attention_core.i18n import text

LESSON = scenes.builtin()
VALUE_SCENE = next(s for s in LESSON if s.page == "value")


def value_scene_chart(lang: str, presenter: bool, sentence: str | None = None):
    """④'s stacked chart as pages/4_value.py builds it for the built-in lesson's ④ scene (or another sentence)."""
    scenario, i = VALUE_SCENE.scenario, VALUE_SCENE.view.focus
    if sentence is not None:
        scenario, _ = scenario.with_sentence(sentence)
    trace = analysis.compute(scenario).trace
    words = list(scenario.labels)
    parts = analysis.value_contributions(trace.weights, trace.v, i)
    kept, rest = analysis.largest_parts(parts, 12)
    rows, names = [parts[j] for j in kept], [words[j] for j in kept]
    if rest is not None:
        rows.append(rest)
        names.append("rest")
    dims = [f"v{c + 1}" for c in range(trace.v.shape[1])]
    fig = figures.stacked_contributions(rows, names, dims, trace.output[i], presenter=presenter,
                                        title=text(lang, "value.stack_chart", word=words[i]),
                                        total_label=text(lang, "value.total_label"), y_title=text(lang, "lbl.value"))
    return fig, np.asarray(rows), trace.output[i]


SENTENCES = (None, "the dog sat on the mat", "고요한 밤 별이 빛났다 그리고 슬픈 노래가 좋았다")


@pytest.mark.parametrize("presenter", [False, True])
@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("sentence", SENTENCES)
def test_each_sum_is_printed_past_its_stack_inside_the_plot_and_clear_of_every_bar(lang, presenter, sentence):
    fig, rows, total = value_scene_chart(lang, presenter, sentence)
    size = theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE
    m = fig.layout.margin
    plot_px = fig.layout.height - m.t - m.b
    lo, hi = fig.layout.yaxis.range
    px = lambda y: (y - lo) / (hi - lo) * plot_px  # noqa: E731  (data → px from the plot's bottom)
    up, down = np.clip(rows, 0, None).sum(axis=0), np.clip(rows, None, 0).sum(axis=0)
    notes = fig.layout.annotations
    assert [n.text for n in notes] == [f"{v:.2f}" for v in total]  # every sum, two decimals
    line_px = size * theme.LINE_EM
    for c, note in enumerate(notes):
        if total[c] < 0:  # below the negative stack, hanging from its end
            assert note.yanchor == "top" and np.isclose(note.y, down[c])
            box = (px(note.y) + note.yshift - line_px, px(note.y) + note.yshift)
        else:  # above the positive stack
            assert note.yanchor == "bottom" and np.isclose(note.y, up[c])
            box = (px(note.y) + note.yshift, px(note.y) + note.yshift + line_px)
        assert box[0] >= 0 and box[1] <= plot_px, (c, note.text, box, plot_px)  # inside the plot, not clipped
        bar = (px(down[c]), px(up[c]))
        assert box[0] >= bar[1] or box[1] <= bar[0], (c, note.text, box, bar)  # clear of its own column's bars


def test_the_value_scene_has_a_negative_sum_and_a_sum_near_the_top():
    """The built-in ④ scene shows both cases the layout is for (a sum below 0, and the tallest stack's)."""
    _, rows, total = value_scene_chart("ko", True)
    assert (total < 0).any() and (total > 0).any()
    assert (np.clip(rows, 0, None).sum(axis=0) > 0).any() and (np.clip(rows, None, 0).sum(axis=0) < 0).any()


def sweep_chart(t: float, lang: str, presenter: bool):
    """③'s sweep chart of exp(H) per word, as pages/3_temperature.py builds it on the built-in lesson's state."""
    scene = next(s for s in LESSON if s.page == "temperature")
    trace = analysis.compute(scene.scenario).trace
    temps = analysis.temperature_grid()
    curve = analysis.effective_words_curve(trace.scores, temps)
    words = list(scene.scenario.labels)
    lines = {w: curve[:, k] for k, w in enumerate(words)}
    return figures.curves(temps, lines, title=text(lang, "temperature.curve_effective"),
                          x_title=text(lang, "temperature.t_log"), y_title=text(lang, "temperature.measure_effective"),
                          log_x=True, marker_x=t, marker_label=text(lang, "temperature.now", t=t), presenter=presenter,
                          highlight=words[0], x_ticks=(0.1, 0.3, 1, 3, 10)), temps


@pytest.mark.parametrize("presenter", [False, True])
@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("t", [0.05, 0.3, 1.0, 5.0, 20.0])
def test_the_now_t_label_sits_above_the_plot_and_inside_the_chart(t, lang, presenter):
    fig, temps = sweep_chart(t, lang, presenter)
    (note,) = fig.layout.annotations
    assert note.text == text(lang, "temperature.now", t=t)
    assert note.yref == "y domain" and note.y == 1 and note.yanchor == "bottom"  # above every curve
    size = theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE
    m = fig.layout.margin
    title_px = (size + 2) * theme.TITLE_LINE_EM * (fig.layout.title.text.count("<br>") + 1)
    assert m.t >= title_px + size * theme.LINE_EM  # a row for the label between the title and the plot
    # the label runs from the line into the plot's side that has room for it
    lo, hi = np.log10(min(temps)), np.log10(max(temps))
    at = (np.log10(t) - lo) / (hi - lo)
    assert note.xanchor == ("left" if at <= 0.5 else "right")
    label_px = figures.text_width(note.text, size)
    plot_px = theme.HALF_WIDTH_PX * 1.5 - m.l - m.r  # the narrowest the sweep chart is drawn (3 of 5 columns)
    room = (1 - at) * plot_px if note.xanchor == "left" else at * plot_px
    assert room >= label_px or at in (0.0, 1.0), (t, room, label_px)
    # the title lifted above the label's row: its first line's bottom is above the label's top
    title_bottom = fig.layout.title.y * fig.layout.height
    assert title_bottom >= fig.layout.height - m.t + size * theme.LINE_EM - 1


def test_mark_x_makes_the_same_room_for_its_label():
    base = figures.curves([1, 4, 64, 256], {"a": [1, 2, 8, 16]}, log_x=True, title="spread")
    fig = figures.mark_x(base, 64, "d_k = 64")
    (note,) = fig.layout.annotations
    assert note.yref == "y domain" and note.y == 1 and note.yanchor == "bottom"
    assert fig.layout.margin.t > base.layout.margin.t and fig.layout.title.y > base.layout.title.y

