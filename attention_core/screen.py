"""What a screen builds its charts from, shared by the app's pages (`ui.frame.Page`) and the offline lesson
(`handout.charts.Ctx`): the word × word axes, the matrices' width and the semantic axes' names, in the reader's
language. A class using it has `scenario` and `t(key, **params)`."""

from __future__ import annotations

from . import figures, theme
from .lexicon import AXES


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
