"""Every T chart says what it shows, and what it says is what the server draws at another T.

tests/app/test_t_follows.py checks that everything T changes in a chart is declared (its `layout.meta.attention_t`).
This checks the declarations themselves, on every page (and the cases test_t_follows adds): each trace names a
quantity of figures.spec.QUANTITIES whose inputs its source sent, and the browser's math (ui/web/tcontrol/math.js,
run in Node) recomputes from the chart drawn at T = 1 what the server draws at T = 1 and at T = 2: each trace's
numbers (to a relative 1e-9), ④'s lines and printed weights, the title with T and Home's pair, the line at T and
its label, and ④'s sums beside the stacks.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from attention_core.figures import spec
from tests.app.test_t_follows import CASES, figures_at
from tests.tools import node

ROOT = Path(__file__).resolve().parents[2]
REDRAW_JS = ROOT / "tests" / "js" / "redraw.mjs"  # what control.js computes for a chart at T, in Node
T_AT, T_NEXT = 1.0, 2.0
IDS = [f"{k}-{'-'.join(s) or 'default'}" for k, s in CASES]
# ① has no T part, ②'s is its weight path (a table), ⑥'s heads use T = √d_h unless they follow the sidebar's T
NO_T_CHARTS = {"gaze-default", "score-default", "multihead-default"}

@functools.cache
def drawn(case: int) -> tuple[dict, dict]:
    """The charts of case `case` of CASES at T = 1 and at T = 2 (as the browser receives them, decoded)."""
    key, settings = CASES[case]
    return figures_at(key, T_AT, settings), figures_at(key, T_NEXT, settings)


def redrawn(charts: list[tuple[dict, float]], tmp_path: Path) -> list[dict]:
    """math.js's redraw of each (attention_t meta, T), run in Node."""
    data = tmp_path / "charts.json"
    data.write_text(json.dumps([{"meta": m, "T": t} for m, t in charts]), encoding="utf-8")
    ran = subprocess.run([node(), str(REDRAW_JS), str(data)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def close(got, want, where: str) -> None:
    got = np.array(got, dtype=float)  # null (a hidden cell) as NaN
    want = np.array(want, dtype=float)
    assert got.shape == want.shape, where
    assert np.array_equal(np.isnan(got), np.isnan(want)), where
    ok = ~np.isnan(want)
    scale = max(1.0, float(np.max(np.abs(want[ok]), initial=0.0)))
    err = np.abs(got[ok] - want[ok])
    assert np.all(err <= 1e-9 * np.maximum(np.abs(want[ok]), 1e-6 * scale)), (where, float(err.max(initial=0)))


def with_t(template: str, t_text: str, t: float) -> str:
    """A template's T blanks filled as control.js fills them: {T} as f"{t:g}", {T:.2f} as f"{t:.2f}"."""
    return re.sub(r"\{T(?::\.(\d+)f)?\}", lambda m: t_text if m.group(1) is None else f"{t:.{m.group(1)}f}",
                  template)


def check_chart(name: str, meta: dict, fig: dict, got: dict, t: float) -> None:
    """What math.js drew for chart `name` at `t` (`got`) equals the server's figure at `t`."""
    for spec_, mine in zip(meta["traces"], got["traces"], strict=True):
        trace, where = fig["data"][spec_["i"]], f"{name} trace {spec_['i']} ({spec_['q']}) at T = {t:g}"
        if spec_["axis"] == "line":
            close([mine["width"], mine["opacity"]], [trace["line"]["width"], trace["opacity"]], where)
            assert mine["hover"] == trace["hovertemplate"], where
        elif spec_["axis"] == "text":
            assert mine["text"] == list(trace["text"]), where
        else:
            close(mine["values"], trace[spec_["axis"]], where)
            if mine["text"] is not None:
                assert mine["text"] == list(trace["text"]), where
    layout = fig["layout"]
    if "title" in meta:
        title = with_t(meta["title"], got["tText"], t)
        if got["pair"] is not None:
            a, b = (meta["pair"]["labels"][k] for k in got["pair"])
            title = title.replace("{A}", a).replace("{B}", b)
        assert title == layout["title"]["text"], name
    for mark in meta.get("marks", ()):
        if "shape" in mark:
            shape = layout["shapes"][mark["shape"]]
            assert shape["x0"] == shape["x1"] == t, name
        else:
            note = layout["annotations"][mark["note"]]
            close([note["x"]], [np.log10(t) if mark["log"] else t], name)
            if "text" in mark:
                assert with_t(mark["text"], got["tText"], t) == note["text"], name
    if meta.get("sums"):
        for k, sums in zip(meta["sums"]["notes"], got["sums"], strict=True):
            note = layout["annotations"][k]
            close([sums["y"]], [note["y"]], f"{name} sum {k}")
            assert (sums["text"], "top" if sums["below"] else "bottom") == (note["text"], note["yanchor"]), name


@pytest.mark.parametrize("case", range(len(CASES)), ids=IDS)
def test_every_declared_trace_is_a_quantity_the_browser_recomputes_as_the_server_draws_it(case, tmp_path):
    at_1, at_2 = drawn(case)
    followed = {name: fig["layout"]["meta"]["attention_t"] for name, fig in at_1.items()
                if "attention_t" in (fig["layout"].get("meta") or {})}
    assert bool(followed) != (IDS[case] in NO_T_CHARTS), IDS[case]
    for name, meta in followed.items():
        assert meta["v"] == spec.VERSION, name
        for trace in meta["traces"]:
            assert trace["q"] in spec.QUANTITIES, (name, trace)
            sent = meta["sources"][trace["src"]]
            assert set(spec.QUANTITIES[trace["q"]]) <= set(sent) <= set(spec.source_inputs(trace["src"])), (name, trace)
    charts = [(name, meta, t) for name, meta in followed.items() for t in (T_AT, T_NEXT)]
    got = redrawn([(meta, t) for _, meta, t in charts], tmp_path)
    for (name, meta, t), mine in zip(charts, got, strict=True):
        check_chart(name, meta, (at_1 if t == T_AT else at_2)[name], mine, t)
