"""What a screen builds its charts from, shared by the app's pages (`ui.frame.Page`) and the offline lesson
(`handout.charts.Ctx`): the word × word axes, the matrices' width and the semantic axes' names, in the reader's
language. A class using it has `scenario`, `lesson` (the
scenario's `analysis.Lesson`) and `t(key, **params)`."""

from __future__ import annotations

from . import analysis, figures, theme
from .lexicon import AXES
from .registry import t_options


class ScreenWords:
    def word_axes(self, labels=None) -> tuple[figures.Axis, figures.Axis]:
        """The axes of a word × word matrix: rows are the looking words (Query), columns the looked-at (Key)."""
        labels = list(self.scenario.labels if labels is None else labels)
        return (figures.Axis(labels, self.t("lbl.query_axis"), self.t("lbl.looker")),
                figures.Axis(labels, self.t("lbl.key_axis"), self.t("lbl.looked")))

    def axis_names(self) -> list[str]:
        """The named semantic axes (the columns of X), in the reader's language."""
        return [self.t(f"axis.{a.key}") for a in AXES]

    @property
    def wide(self) -> bool:
        """Past theme.WIDE_AFTER_WORDS words the word × word matrices get the page's full width."""
        return self.scenario.n > theme.WIDE_AFTER_WORDS

    @property
    def matrix_width(self) -> int:
        """The width (px) a word × word matrix gets: all of the page when `wide`, else one of two columns."""
        return theme.FULL_WIDTH_PX if self.wide else theme.HALF_WIDTH_PX

    def pipeline_panels(self) -> tuple[list[tuple], dict[str, float]]:
        """Home's pipeline at a glance: the grid's panels (title, matrix, rows, columns, scale kind, shared scale,
        what it shows) and the shared scales' limits, for `figures.heatmap_grid`."""
        scenario, lesson = self.scenario, self.lesson
        trace, words, axes = lesson.trace, list(scenario.labels), self.axis_names()
        qk = [f"{c + 1}" for c in range(scenario.d_k)]
        # Q and K are compared with each other, and so are V and the output (a weighted average of V's rows):
        # each pair shares one scale; the other panels are different kinds of value, each with its own scale.
        panels = [
            (self.t("home.p_x"), scenario.x, words, axes, "signed"),
            (self.t("home.p_q"), trace.q, words, qk, "signed", "qk"),
            (self.t("home.p_k"), trace.k, words, qk, "signed", "qk"),
            (self.t("home.p_scores"), trace.scores, words, words, "signed"),
            (self.t("home.p_weights"), trace.weights, words, words, "weights", None, figures.shows("W")),
            (self.t("home.p_v"), trace.v, words, axes, "signed", "v"),
            (self.t("home.p_out"), trace.output, words, axes, "signed", "v", figures.shows("O")),
            (self.t("home.p_norm"), lesson.normalized, words, axes, "signed", "norm", figures.shows("LN")),
        ]
        # Add & Norm's scale holds its cells at every T (V's holds the output's: a weighted average of its rows)
        limits = {"norm": analysis.add_norm_limit(scenario, t_options(scenario.temperature), ("LN",))}
        return panels, limits
