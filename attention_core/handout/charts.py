"""The charts a handout scene draws: for each screen, the charts a scene's focus can name, each built by the same
figure builder with the same arguments as the screen builds it (pages/ and app.py), for a reader of the page
(presenter styling off, a laptop's widths).

`for_scene(scene, lang)` gives the scene's focused chart when this catalogue has it, else the screen's main chart
(`MAIN`): a handout draws one chart per scene, the one its caption is about. A chart that follows T on its screen
declares it here too (`figures.shows`, `figures.at_t`), so the page redraws it at every T from the same inputs the
app's T control sends (`t_inputs`).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import analysis, figures, learn, order, presets, theme
from ..attention import layer_norm
from ..i18n import text
from ..registry import t_options
from ..scenario import Scenario, View
from ..screen import ScreenWords

Builder = Callable[["Ctx"], object]


class Ctx(ScreenWords):
    """What a screen's chart is built from: the scene's state and view, and the reader's language."""

    def __init__(self, scenario: Scenario, view: View, lang: str) -> None:
        self.scenario, self.view, self.lang = scenario, view, lang
        self.lesson = analysis.shared_lesson(scenario)  # the app's own, when a session has built it
        self.words = list(scenario.labels)

    def t(self, key: str, **params: object) -> str:
        return text(self.lang, key, **params)



# --- Home ---------------------------------------------------------------------------------------------------------

def home_share(c: Ctx):
    s = c.scenario
    (a, b), share = analysis.most_looked_pair(c.lesson.trace.weights)
    title = figures.at_t(c.t("home.share_chart", t=figures.T, a=figures.PAIR_A, b=figures.PAIR_B), s.temperature,
                         pair=(s.labels, (a, b)))
    return figures.bars(share, s.labels, title=title, y_title=c.t("home.share_axis"), y_range=(0.0, 110.0),
                        decimals=0, width_px=theme.FULL_WIDTH_PX * 2 / 5, shows=figures.shows("share"))


def home_pipeline(c: Ctx):
    panels, limits = c.pipeline_panels()
    return figures.heatmap_grid(panels, columns=4, limits=limits)


# --- ① gaze -------------------------------------------------------------------------------------------------------

def _dims(c: Ctx) -> list[str]:
    return [f"{k + 1}" for k in range(c.scenario.d_k)]


def gaze_q(c: Ctx):
    tr = c.lesson.trace
    return figures.heatmap(tr.q, figures.Axis(c.words, c.t("lbl.word")),
                           figures.Axis([f"q{d}" for d in _dims(c)], c.t("lbl.dim")), title=c.t("gaze.q_chart"),
                           limit=figures.scale_limit(tr.q, tr.k))


def gaze_k(c: Ctx):
    tr = c.lesson.trace
    return figures.heatmap(tr.k, figures.Axis(c.words, c.t("lbl.word")),
                           figures.Axis([f"k{d}" for d in _dims(c)], c.t("lbl.dim")), title=c.t("gaze.k_chart"),
                           limit=figures.scale_limit(tr.q, tr.k))


def gaze_dots(c: Ctx):
    i = c.view.focus
    return figures.bars(c.lesson.trace.scores[i], c.words, title=c.t("gaze.dots_chart", word=c.words[i]),
                        y_title=c.t("gaze.score"), highlight=i)


def gaze_terms(c: Ctx):
    i, tr = c.view.focus, c.lesson.trace
    return figures.heatmap(analysis.dot_terms(tr.q, tr.k, i), figures.Axis(c.words, c.t("lbl.looked"), "K"),
                           figures.Axis([f"c={d}" for d in _dims(c)], c.t("lbl.dim")),
                           title=c.t("gaze.terms_chart", word=c.words[i]))


# --- ② score ------------------------------------------------------------------------------------------------------

def score_scores(c: Ctx):
    i, j = c.view.cell
    picked = figures.Mark(i, j, c.t("score.picked"), theme.PICKED_DASH)
    return figures.heatmap(c.lesson.trace.scores, *c.word_axes(), title=c.t("score.matrix"), marks=[picked],
                           width_px=c.matrix_width)


# --- ③ temperature ------------------------------------------------------------------------------------------------

def temperature_weights(c: Ctx):
    title = figures.at_t(c.t("temperature.matrix_chart", t=figures.T), c.scenario.temperature)
    return figures.heatmap(c.lesson.trace.weights, *c.word_axes(), title=title, kind="weights",
                           width_px=c.matrix_width * (1 if c.wide else 1.2), row_sums=True, marks=[],
                           shows=figures.shows("W"))


def temperature_document(c: Ctx):
    t = c.scenario.temperature
    z_labels = [f"z{'₁₂₃'[k]} = {z:.1f}" for k, z in enumerate(analysis.DOCUMENT_Z)]
    return figures.bars(analysis.document_example((t,))[0], z_labels, y_range=(0.0, 1.08),
                        title=figures.at_t(c.t("temperature.doc_bars", t=figures.T), t),
                        y_title=c.t("temperature.prob"), shows=figures.shows("W", src="doc", row=0))


# --- ④ value ------------------------------------------------------------------------------------------------------

def value_weights(c: Ctx):
    title = figures.at_t(c.t("value.weights_chart", t=figures.T), c.scenario.temperature)
    return figures.heatmap(c.lesson.trace.weights, *c.word_axes(), kind="weights", row_sums=True,
                           width_px=c.matrix_width, title=title, shows=figures.shows("W"))


def value_output(c: Ctx):
    tr = c.lesson.trace
    v_dims = [f"v{k + 1}" for k in range(c.scenario.w_v.shape[1])]
    looker = figures.Axis(c.words, c.t("lbl.query_axis"), c.t("lbl.word"))
    v_axis = figures.Axis(v_dims, c.t("value.v_dim"), c.t("lbl.dim"))
    return figures.heatmap(tr.output, looker, v_axis, title=c.t("value.out_chart"), limit=figures.scale_limit(tr.v),
                           marks=[], shows=figures.shows("O"))


def value_contributions(c: Ctx):
    i, tr, words = c.view.focus, c.lesson.trace, c.words
    v_dims = [f"v{k + 1}" for k in range(c.scenario.w_v.shape[1])]
    parts = analysis.value_contributions(tr.weights, tr.v, i)
    kept, rest = analysis.largest_parts(parts, STACK_MAX)
    rows, names = [parts[j] for j in kept], [words[j] for j in kept]
    shows = [figures.shows("C", row=i, col=j) for j in kept]
    if rest is not None:
        rows.append(rest)
        names.append(c.t("value.others", k=len(words) - len(kept)))
        shows.append(figures.shows("rest", row=i, cols=kept))
    return figures.stacked_contributions(rows, names, v_dims, tr.output[i], focus=kept.index(i) if i in kept else None,
                                         title=c.t("value.stack_chart", word=words[i]),
                                         total_label=c.t("value.total_label"), y_title=c.t("lbl.value"), shows=shows,
                                         total_shows=figures.shows("O", row=i),
                                         span=analysis.contributions_span(tr.scores[i], tr.v,
                                                                          t_options(c.scenario.temperature)))


def value_lines(c: Ctx):
    i = c.view.focus
    return figures.weight_lines(c.lesson.trace.weights[i], c.words, i, title=c.t("value.lines_chart", word=c.words[i]),
                                height=380, width_px=theme.FULL_WIDTH_PX * 2 / 5, shows=figures.shows("W", row=i))


STACK_MAX = 12  # pages/4_value.py's: past this many words the smaller shares are one "other words" segment


# --- ⑤ residual ---------------------------------------------------------------------------------------------------

def residual_add_norm(c: Ctx):
    s, lesson, words, axes = c.scenario, c.lesson, c.words, c.axis_names()
    panels = [(c.t("residual.x_chart"), s.x, words, axes, "signed", "z"),
              (c.t("residual.attn_chart"), lesson.trace.output, words, axes, "signed", "z", figures.shows("O")),
              (c.t("residual.z_chart"), lesson.residual, words, axes, "signed", "z", figures.shows("Z")),
              (c.t("residual.ln_chart"), lesson.normalized, words, axes, "signed", "z", figures.shows("LN"))]
    limit = analysis.add_norm_limit(s, t_options(s.temperature), ("X", "O", "Z", "LN"))
    return figures.heatmap_grid(panels, columns=2, text=True, title=c.t("views.residual_grid"), limits={"z": limit})


def residual_stats(c: Ctx):
    s, tr = c.scenario, c.lesson.trace
    before = c.lesson.residual
    src = c.t("residual.src_z")
    mean_before, std_before = analysis.row_stats(before)
    mean_after, std_after = analysis.row_stats(layer_norm(before))
    spanned = (tr.scores, tr.v, s.x, t_options(s.temperature))
    span = analysis.row_stats_span(*spanned)
    alike = analysis.normalised_alike(*spanned)

    def named(key: str, value: float | None) -> str:
        return c.t(key) + ("" if value is None else f" = {value:.2f}")

    return figures.line_rows(c.words, [
        (c.t("residual.mean_before", src=src), mean_before, figures.shows("Z", stat="mean")),
        (c.t("residual.std_before", src=src), std_before, figures.shows("Z", stat="std")),
        (named("residual.mean_after", alike[0]), mean_after, figures.shows("Zhat", stat="mean")),
        (named("residual.std_after", alike[1]), std_after, figures.shows("Zhat", stat="std")),
    ], title=c.t("residual.stats_chart", src=src), y_title=c.t("lbl.value"), y_range=span)


# --- ⑥ multi-head -------------------------------------------------------------------------------------------------

def multihead_weights(h: int) -> Builder:
    def build(c: Ctx):
        s = c.scenario
        shared, follow = s.head_weights == "shared", s.head_temperature == "shared"
        if h >= s.n_heads:
            return None
        d_h = s.head_dim
        if shared:
            short = c.t("views.shared_head", h=h + 1, a=h * d_h + 1, b=(h + 1) * d_h)
        else:
            short = c.t(f"multihead.short.{s.head_recipes[h]}")
            if not presets.recipe_fits(s.head_recipes[h], d_h):
                short = c.t("views.partial_short", name=short)
        t = c.lesson.multi.temperature
        if shared:
            title = f"{short}: {c.t('views.weights_word')}"
        elif follow:
            title = figures.at_t(c.t("multihead.weights_chart", h=h + 1, name=short, t=figures.T), t)
        else:
            title = c.t("multihead.weights_chart", h=h + 1, name=short, t=t)
        return figures.heatmap(c.lesson.multi.heads[h].weights, *c.word_axes(), kind="weights", row_sums=True,
                               title=title, width_px=c.matrix_width,
                               shows=figures.shows("W", src=f"h{h}") if follow else None)

    return build


def _concat_cols(c: Ctx) -> list[str]:
    s, axes = c.scenario, c.axis_names()
    v_names = axes if analysis.is_identity(s.multi_head_weights[2]) else [f"v{k + 1}" for k in range(s.x.shape[1])]
    blocks = analysis.head_names(v_names, s.n_heads)
    return [c.t("multihead.col_prefix", h=h + 1, axis=a) for h, block in enumerate(blocks) for a in block]


def _multi_spans(c: Ctx):
    s = c.scenario
    follow = s.head_temperature == "shared"
    return follow, (analysis.multi_head_spans(s, t_options(s.temperature)) if follow else (None, None))


def multihead_concat(c: Ctx):
    s, multi = c.scenario, c.lesson.multi
    follow, spans = _multi_spans(c)
    return figures.heatmap(multi.concat, figures.Axis(c.words, c.t("lbl.word")),
                           figures.Axis(_concat_cols(c), "", c.t("lbl.axis")),
                           title=c.t("multihead.concat_chart", h=s.n_heads, d=multi.concat.shape[1]), span=spans[0],
                           shows=figures.shows("concat", src="heads") if follow else None)


def multihead_output(c: Ctx):
    follow, spans = _multi_spans(c)
    return figures.heatmap(c.lesson.multi.output, figures.Axis(c.words, c.t("lbl.word")),
                           figures.Axis(c.axis_names(), "", c.t("lbl.axis")), title=c.t("multihead.out_chart"),
                           span=spans[1], shows=figures.shows("MO", src="heads") if follow else None)


# --- ⑦ learn ------------------------------------------------------------------------------------------------------

def learn_hand_set(c: Ctx):
    s = c.scenario
    hand_q, hand_k, _ = presets.single_head_weights("emotion")
    return figures.heatmap(learn.sentence_weights(s.x, hand_q, hand_k, s.temperature), *c.word_axes(),
                           kind="weights", row_sums=True, title=c.t("learn.preset_chart"), show_scale=False,
                           shows=figures.shows("W", src="hand"))


# --- ⑧ order ------------------------------------------------------------------------------------------------------

def order_weights(c: Ctx):
    m = order.masked_attention(c.scenario)
    return figures.heatmap(m.trace.weights, *c.word_axes(list(m.labels)), kind="weights", row_sums=True,
                           masked=m.masked, masked_label=c.t("order.masked"),
                           title=c.t("order.weights_chart", mask=c.t(f"order.mask.{m.kind}")),
                           height=figures.heatmap_height(len(m.labels) + 3, False),
                           width_px=theme.FULL_WIDTH_PX * 3 / 5, shows=figures.shows("W", src="masked"))


def order_delta(with_positions: bool) -> Builder:
    def build(c: Ctx):
        s = c.scenario
        if s.n < 2:
            return None
        alpha = s.pe_alpha
        result = order.shuffle_experiment(s, alpha if with_positions else 0.0)
        spans, scale = order.shuffle_spans(s, (0.0, alpha), t_options(s.temperature))
        side = c.t("order.with", alpha=alpha) if with_positions else c.t("order.without")
        src = "shuffle" if with_positions and alpha else "shuffle0"
        return figures.heatmap(result.delta, figures.Axis(c.words, c.t("lbl.word")),
                               figures.Axis(c.axis_names(), "", c.t("lbl.axis")), limit=scale,
                               span=spans[1 if with_positions else 0], title=c.t("order.delta_chart", side=side),
                               shows=figures.shows("D", src=src))

    return build


# Each screen's charts by the name the app gives them (its element key "chart:<name>"), the first its main chart.
CHARTS: dict[str, dict[str, Builder]] = {
    "home": {"share": home_share, "pipeline": home_pipeline},
    "gaze": {"dots": gaze_dots, "q": gaze_q, "k": gaze_k, "terms": gaze_terms},
    "score": {"scores": score_scores},
    "temperature": {"weights": temperature_weights, "document-bars": temperature_document},
    "value": {"lines": value_lines, "weights": value_weights, "output": value_output,
              "contributions": value_contributions},
    "residual": {"stats": residual_stats, "add-norm": residual_add_norm},
    "multihead": {**{f"weights-{h}": multihead_weights(h) for h in range(8)}, "concat": multihead_concat,
                  "output": multihead_output},
    "learn": {"weights-hand-set": learn_hand_set},
    "order": {"weights": order_weights, "delta-without": order_delta(False), "delta-with": order_delta(True)},
}


def chart_name(page: str, focus: str) -> str:
    """The chart a scene on `page` with focus `focus` draws: the focused one when the catalogue has it, else the
    screen's main chart."""
    names = CHARTS[page]
    name = focus.removeprefix("chart:") if focus.startswith("chart:") else ""
    return name if name in names else next(iter(names))


def build(page: str, name: str, scenario: Scenario, view: View, lang: str):
    """Chart `name` of screen `page` at this state, in `lang` (a figures.Figure), or None where the state has none."""
    return CHARTS[page][name](Ctx(scenario, view, lang))
