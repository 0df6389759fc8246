"""The class's student controls: the spread's arithmetic in its own JavaScript (run by Node), the tap grid's module
parses, and the cell colours of a revealed tap grid are the app's heatmap colours. (The controls in a browser:
tests/e2e/test_classroom_kinds.py.)"""

from __future__ import annotations

import json
import subprocess

import numpy as np

from attention_core.figures import class_charts
from attention_core.ui.web import WEB
from tests.tools import node

CHECK_JS = """
import { even, rebalance } from "%s";
const out = {};
// every move keeps whole points from 0 to 100 adding up to 100
let seed = 7;
const rand = (k) => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% k; };
let ok = true;
for (let n = 1; n <= 9; n++) {
  let s = even(n);
  ok = ok && s.reduce((a, b) => a + b, 0) === 100 && Math.max(...s) - Math.min(...s) <= 1;
  for (let step = 0; step < 400; step++) {
    s = rebalance(s, rand(n), rand(121) - 10);
    ok = ok && s.length === n && s.every((v) => Number.isInteger(v) && v >= 0 && v <= 100)
      && s.reduce((a, b) => a + b, 0) === 100;
  }
}
out.invariant = ok;
// a pass from the first word to the last sets each exactly
const target = [60, 0, 30, 0, 10];
let s = even(5);
for (let j = 0; j < 4; j++) s = rebalance(s, j, target[j]);
out.pass = s;
out.drag = rebalance([25, 25, 25, 25], 2, 90);  // the words below give first, then the words above
out.last = rebalance([10, 20, 30, 40], 3, 0);   // the last word's points go to the words above
console.log(JSON.stringify(out));
"""


def test_the_spread_always_adds_up_to_100_and_a_pass_from_the_top_sets_each_word(tmp_path):
    script = tmp_path / "check.mjs"
    script.write_text(CHECK_JS % (WEB / "spread.js").as_uri(), encoding="utf-8")
    ran = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    assert out["invariant"] is True
    assert out["pass"] == [60, 0, 30, 0, 10]
    assert out["drag"] == [5, 5, 90, 0]
    assert out["last"] == [17, 33, 50, 0]


def test_the_tap_grids_module_parses():
    ran = subprocess.run([node(), "--check", str(WEB / "tapgrid.js")], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr


def test_a_revealed_grid_has_the_heatmaps_colours_and_readable_numbers():
    from attention_core.figures import contrast

    weights = np.array([[0.9, 0.1], [0.5, 0.5]])
    backgrounds, texts = class_charts.cell_colors(weights.ravel(), "weights")
    assert len(backgrounds) == 4 and all(contrast(b, t) >= 4.5 for b, t in zip(backgrounds, texts, strict=True))
    signed, _ = class_charts.cell_colors([-3.0, 0.0, 3.0], "signed")
    assert signed[1] in ("rgb(247, 247, 247)", "rgb(248, 248, 248)") and signed[0] != signed[2]  # white at 0


def test_the_controls_colours_come_from_the_theme():
    from attention_core.ui import class_controls  # noqa: F401  (it reads its files at import)

    for name in ("spread.css", "tapgrid.css"):
        css = (WEB / name).read_text(encoding="utf-8")
        assert "#" not in css and "rgb" not in css, name  # every colour is a custom property from theme.py
    assert ".st-key-class-t-grid" in (WEB / "student.css").read_text(encoding="utf-8")  # the T guess's options
