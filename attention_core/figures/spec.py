"""What a chart shows, said by the builder that draws it: the chart spec.

Every builder writes into its figure's `layout.meta["chart"]` a plain JSON dict that says what the chart shows. Two
readers use it, and neither reads a chart's numbers back to guess what they are:

- `attention_core.accessible` makes the chart's accessible name and its "numbers as a table" from `parts` and
  `cells` (the numbers themselves from the traces they name);
- the T control (`ui/tcontrol.attach`, in a part of a page that follows T) sends `t` to the browser with the inputs
  its sources name, and the browser recomputes each trace at every T (`ui/web/tcontrol/math.js`).

It travels with the figure (`to_dict()`, `go.Figure(...)`, a phone's copy): a page that one day writes every T chart
into one HTML file, or a per-process store of figure data, can read it from the figure as it is sent.

Shape (VERSION 1; every value is JSON: strings, numbers, booleans, null, lists, objects):

    {"v": 1,
     "parts": [part, ...],                  what a reader is told, in order, one table each
     "cells": [[name, row, col], ...],      cells ringed on the (first) matrix, each with its mark's legend name
     "t": {...}}                            what follows T, where the page said so (`shows`, `at_t`); else absent

A part is one of

    {"kind": "matrix", "trace": i, "caption": str | null, "corner": str, "rows": [str], "cols": [str],
     "decimals": d, "mask": j | null, "sums": k | null}
        trace i's z, printed with d decimals; caption null: the chart's title; mask: the trace that greys the
        masked cells; sums: the text trace that prints each row's sum beside it (a last column)
    {"kind": "bars" | "lines", "series": [{"trace": i, "name": str | null, "values": "y" | "x"}],
     "rows": [str] | null, "corner": str | null, "decimals": d}
        one column per series (name null: "value" in the reader's language), its numbers the trace's y (x: lying
        bars); rows: one per number (null: the trace's own x values, printed); corner null: "label"
    {"kind": "points", "rows": [str], "cols": [str, str], "xy": [[x, y], ...]}     arrows' tips, by label
    {"kind": "texts", "texts": [str]}                                               fixed sentences (④'s lines)

Strings are as the figure draws them (escaped by `text.plain`); the reader takes the markup out.

    "t": {"traces": [{"i": trace, "axis": "z" | "y" | "x" | "line" | "text", "q": quantity, "src": source, ...}],
          "title": "… T = {T} …",                       the title, {T} where the browser writes T
          "pair": {"src": source, "labels": [str]},     {A} and {B} in the title: the most looked-at pair's words
          "marks": [{"shape": k} | {"note": k, "log": bool, "text": "… {T} …"}],   the line at T and its label
          "sums": {"notes": [k, ...], "marks": i, "bars": [i, ...], "decimals": d}}  ④'s sums beside its stacks

A trace's entry says which numbers of it follow (`axis`: its z, y or x; "line": a line's width, opacity and hover
text, which are a weight; "text": words printed with their weights), the quantity `q` they are (QUANTITIES, with the
inputs each needs) and the source `src` of those inputs (SOURCES); `row`, `col`, `cols`, `stat` narrow the quantity
(`shows`), `hide` names cells drawn hidden, `text` the decimals of numbers the trace prints. The T control adds the
sources' inputs (`sources`) and sends `t` as `layout.meta.attention_t`.

A page says what a chart shows where the chart cannot know it: `figures.heatmap(trace.weights, …,
shows=figures.shows("W"))`, a title `figures.at_t(page.t("key", t=figures.T), t)`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

VERSION = 1

# The inputs of each source: the numbers the server sends for the browser to recompute its quantities at any T.
SOURCES: dict[str, tuple[str, ...]] = {
    "main": ("S", "allowed", "V", "X", "gamma", "beta"),  # the lesson's single head: scores, V, X, γ and β
    "doc": ("S", "allowed"),  # the source text's example z = [2.0, 1.0, 0.1], one row
    "masked": ("S", "allowed"),  # ⑧: the scores of X + α·PE and the mask (allowed: True where a word may look)
    "head": ("S", "allowed"),  # "h0", "h1", …: one head's scores (⑥, the heads on the sidebar's T)
    "heads": ("heads", "WO"),  # every head's scores and V_h, and W_O (⑥'s Concat and output)
    "learned": ("S", "allowed"),  # ⑦: the sentence's scores under the learned W_Q, W_K
    "hand": ("S", "allowed"),  # ⑦: and under the hand-set "look at emotion" W_Q, W_K
    "shuffle0": ("X", "P", "perm", "Wq", "Wk", "Wv"),  # ⑧'s shuffle without positions (P null)
    "shuffle": ("X", "P", "perm", "Wq", "Wk", "Wv"),  # and with α·PE (P)
}
_WEIGHTS = ("S", "allowed")
# Each quantity a trace can show, and the inputs of its source that it is computed from (math.js `quantities`).
QUANTITIES: dict[str, tuple[str, ...]] = {
    "W": _WEIGHTS,  # the weights softmax(S / T), by rows (masked entries 0)
    "H": _WEIGHTS,  # each row's entropy −Σ w ln w
    "EH": _WEIGHTS,  # exp(H): the effective number of words looked at
    "share": _WEIGHTS,  # each row's weight on the most looked-at pair, in percent (Home)
    "O": (*_WEIGHTS, "V"),  # the output W V
    "C": (*_WEIGHTS, "V"),  # word col's share of row's output, W[row, col] · V[col] (④)
    "rest": (*_WEIGHTS, "V"),  # the shares of every word but `cols`, added up (④'s "other words")
    "Ohat": (*_WEIGHTS, "V"),  # LayerNorm(O) before γ, β
    "Z": (*_WEIGHTS, "V", "X"),  # X + O
    "Zhat": (*_WEIGHTS, "V", "X"),  # LayerNorm(Z) before γ, β
    "LN": (*_WEIGHTS, "V", "X", "gamma", "beta"),  # LayerNorm(Z) with γ, β
    "LN0": (*_WEIGHTS, "V", "gamma", "beta"),  # LayerNorm(O) with γ, β: without the residual
    "cosLN": (*_WEIGHTS, "V", "X", "gamma", "beta"),  # cos(LN_i, X_i) (⑤)
    "cosLN0": (*_WEIGHTS, "V", "X", "gamma", "beta"),  # cos(LN0_i, X_i)
    "pairLN": (*_WEIGHTS, "V", "X", "gamma", "beta"),  # cos(LN_i, LN_j)
    "pairLN0": (*_WEIGHTS, "V", "gamma", "beta"),  # cos(LN0_i, LN0_j)
    "concat": ("heads",),  # the heads' outputs side by side
    "MO": ("heads", "WO"),  # Concat W_O
    "D": ("X", "P", "perm", "Wq", "Wk", "Wv"),  # ⑧'s Δ: attention on the shuffled words, put back, minus unshuffled
}
STATS = ("mean", "std")  # `stat`: each row's mean or (biased) standard deviation of the quantity
_HEAD = re.compile(r"h(0|[1-9]\d*)")


def source_inputs(src: str) -> tuple[str, ...]:
    """The inputs source `src` has ("h0", "h1", … are heads); KeyError for a name that is no source."""
    return SOURCES["head"] if _HEAD.fullmatch(src) else SOURCES[src]


def shows(q: str, src: str = "main", *, row: int | None = None, col: int | None = None,
          cols: Sequence[int] | None = None, stat: str | None = None) -> dict:
    """What a trace shows, for a builder's `shows=`: quantity `q` of source `src` (see QUANTITIES, SOURCES), or its
    row `row`, word `col`'s share of it (`q` "C"), the words `cols` a stack shows apart (`q` "rest"), each row's
    `stat`. The quantity must be one its source's inputs recompute."""
    if q not in QUANTITIES:
        raise ValueError(f"unknown quantity {q!r}: one of {sorted(QUANTITIES)}")
    try:
        have = source_inputs(src)
    except KeyError:
        raise ValueError(f"unknown source {src!r}") from None
    if not set(QUANTITIES[q]) <= set(have):
        raise ValueError(f"source {src!r} cannot give {q!r}")
    if stat is not None and stat not in STATS:
        raise ValueError(f"stat is one of {STATS}")
    out: dict = {"src": src, "q": q}
    for name, value in (("row", row), ("col", col), ("stat", stat)):
        if value is not None:
            out[name] = value if name == "stat" else int(value)
    if cols is not None:
        out["cols"] = sorted(int(c) for c in cols)
    return out


def follow(i: int, axis: str, what: dict, **extra) -> dict:
    """The entry of trace `i` in `t.traces`: its numbers on `axis` are `what` (`shows`), with `extra` keys."""
    return {"i": i, "axis": axis, **what, **extra}


# --- texts that print T ----------------------------------------------------------------------------------------
_OPEN, _CLOSE = "\ue000", "\ue001"  # private-use characters around a blank's name: never in a translated text
_BLANK = re.compile(f"{_OPEN}([A-Z](?::\\.\\d+f)?){_CLOSE}")
_T_FORMAT = re.compile(r"(?:g|\.\d+f)?")  # how the browser can print T: f"{t:g}" (math.js tText), f"{t:.2f}" (printed)


class Blank:
    """A blank the browser fills at every T: pass `T` for a text's T (printed as its format says, {t:g} or {t:.2f}),
    `PAIR_A` and `PAIR_B` for the most looked-at pair's words, to `page.t(...)`; `at_t` then fills them for the
    current T."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        if (self.name != "T" and spec) or not _T_FORMAT.fullmatch(spec):  # only what the browser prints alike
            raise ValueError(f"a blank prints as {{t:g}} or {{t:.2f}}, not {{t:{spec}}}")
        spec = "" if spec == "g" else spec
        return f"{_OPEN}{self.name}{':' + spec if spec else ''}{_CLOSE}"

    def __repr__(self) -> str:
        return f"Blank({self.name!r})"


T, PAIR_A, PAIR_B = Blank("T"), Blank("A"), Blank("B")


class AtT(str):
    """A text at the current T that the browser rewrites as T moves: the text itself, `template` (the text with
    {T}, {A}, {B} where T and the pair's words go) and `pair` ({"src", "labels"} when it names the pair)."""

    template: str
    pair: dict | None
    pieces: tuple[tuple[str, str | None], ...]  # (text, None) or (the blank's value, its name)

    def key(self) -> tuple:
        """What tells two such texts apart (the memo's key: equal texts may differ in where their T is)."""
        return (str(self), self.template, self.pair and tuple(self.pair["labels"]), self.pair and self.pair["src"])


def at_t(marked: str, t: float, pair: tuple[Sequence[str], tuple[int, int]] | None = None,
         src: str = "main") -> AtT:
    """`marked` (a text with the blanks `T`, `PAIR_A`, `PAIR_B` in it) at T = t: `pair` = (labels, (a, b)) the most
    looked-at pair of source `src` (analysis.most_looked_pair). Its template writes T as {T} (printed f"{t:g}") or
    {T:.2f} (f"{t:.2f}")."""
    values = {"T": f"{t:g}", **{f"T:.{d}f": f"{t:.{d}f}" for d in range(7)}}
    if pair is not None:
        labels, (a, b) = pair
        values.update(A=str(labels[a]), B=str(labels[b]))
    parts = _BLANK.split(marked)  # text, name, text, name, …, text
    pieces = []
    for k, part in enumerate(parts):
        if k % 2 == 0:
            if part:
                pieces.append((part, None))
        elif part not in values:
            raise ValueError(f"blank {part} has no value (the pair's words need `pair`)")
        else:
            pieces.append((values[part], part))
    out = AtT("".join(text for text, _ in pieces))
    out.template = "".join(text if name is None else "{" + name + "}" for text, name in pieces)
    out.pair = None if pair is None else {"src": src, "labels": [str(w) for w in pair[0]]}
    out.pieces = tuple(pieces)
    return out


def template_in(drawn: str, text: AtT, escape) -> str:
    """The template of `text` as the chart draws it: `drawn` is `escape(text)` (text.plain) with some spaces turned
    into line breaks (text.wrap) or dropped; each blank's place in it becomes {T}, {A} or {B}."""
    out, k = [], 0
    for piece, name in text.pieces:
        start = k
        for ch in escape(piece):
            if drawn.startswith(ch, k):
                k += len(ch)
            elif ch == " " and drawn.startswith("<br>", k):
                k += 4
            elif ch != " ":  # a space the wrap dropped is the only other difference
                raise ValueError(f"{drawn!r} is not {str(text)!r} as drawn")
        out.append(drawn[start:k] if name is None else "{" + name + "}")
    return "".join(out) + drawn[k:]


# --- parts -----------------------------------------------------------------------------------------------------
def matrix(trace: int, rows: Sequence[str], cols: Sequence[str], corner: str, decimals: int,
           caption: str | None = None, mask: int | None = None, sums: int | None = None) -> dict:
    """A matrix part (see the shape above)."""
    return {"kind": "matrix", "trace": trace, "caption": caption, "corner": corner, "rows": list(rows),
            "cols": list(cols), "decimals": int(decimals), "mask": mask, "sums": sums}


def series(kind: str, traces: Sequence[tuple[int, str | None]], rows: Sequence[str] | None = None,
           corner: str | None = None, values: str = "y", decimals: int = 2) -> dict:
    """A bars or lines part: traces (index, column name) whose `values` ("y", or "x" for lying bars) are the
    numbers, over `rows`."""
    return {"kind": kind, "series": [{"trace": i, "name": name, "values": values} for i, name in traces],
            "rows": None if rows is None else [str(r) for r in rows], "corner": corner, "decimals": decimals}


def points(rows: Sequence[str], cols: tuple[str, str], xy: Sequence[Sequence[float]]) -> dict:
    return {"kind": "points", "rows": list(rows), "cols": list(cols), "xy": [[float(x), float(y)] for x, y in xy]}


def texts(lines: Sequence[str]) -> dict:
    return {"kind": "texts", "texts": list(lines)}


def of(fig) -> dict | None:
    """A figure's chart spec (a `Figure`, a go.Figure or its dict), or None when it has none."""
    spec = getattr(fig, "unbuilt_spec", None)
    if spec is None:
        spec = fig if isinstance(fig, dict) else {"layout": fig.layout.to_plotly_json()}
    meta = (spec.get("layout") or {}).get("meta")
    chart = meta.get("chart") if isinstance(meta, dict) else None
    return chart if isinstance(chart, dict) and chart.get("v") == VERSION else None
