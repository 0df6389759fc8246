"""The app's web code (attention_core/ui/web/) without a browser: math.js against attention_core in Node, every
script's syntax, the style sheets' theme values, and no JavaScript or CSS left in a Python file.

Node comes with npm (scripts/test.sh installs both on Debian). The browser tests check the same math in Chromium
on the pages themselves (tests/e2e/test_t_control.py); this one checks every function math.js exports, at every T
option, on scenarios the pages do not open (twelve words with repeats, edited γ and β, a causal mask, one word).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from attention_core import (
    accessible,
    analysis,
    causal_mask,
    figures,
    layer_norm,
    multi_head_attention,
    order,
    self_attention,
    softmax,
    t_inputs,
)
from attention_core.accessible import fixed
from attention_core.positions import positional_encoding
from attention_core.registry import T_MAX, T_MIN, T_OPTIONS
from attention_core.scenario import Scenario
from attention_core.ui import tables, tcontrol, web
from tests.tools import node

ROOT = Path(__file__).resolve().parents[1]
JS_TESTS = sorted((ROOT / "tests" / "js").glob("math*.test.mjs"))  # compat.test.mjs: tests/test_compat.py
WEB = web.WEB

# The ES modules among the web files (the rest are classic scripts, put in `<script>` by st.html): the components'
# modules, and the T control's files, which ui/tcontrol.py makes one classic script of (ui/web/tcontrol/package.json
# tells Node they are modules: tests/js imports math.js).
MODULES = {"room.js", "live-chart.js", "tcontrol/shim.js", "tcontrol/math.js", "tcontrol/draw.js",
           "tcontrol/control.js", "tcontrol/library.js", "spread.js", "tapgrid.js"}
# The classic scripts st.html runs with their text as it is in the file (its `__DATA__` filled with JSON)
HTML_SCRIPTS = ("a11y.js", "clicker.js", "owner.js", "class-cookie.js", "compat.js")


def rows(a) -> list:
    return np.asarray(a, dtype=float).tolist()


# --- fixtures: attention_core's numbers for every function of math.js ------------------------------------------

def scenarios() -> dict[str, Scenario]:
    base = Scenario()
    rng = np.random.default_rng(7)
    d = base.x.shape[1]
    twelve, _ = base.with_sentence("슬픈 영화였다 아름다운 장면이었다 슬픈 노래 기쁜 하루 조용한 밤 밝은 아침")
    twelve = (twelve.with_preset("random", seed=3)
              .with_matrix("gamma", np.round(rng.uniform(0.5, 2.0, d), 2))
              .with_matrix("beta", np.round(rng.uniform(-1.0, 1.0, d), 2)))
    one, _ = base.with_sentence("슬픈")
    return {
        "document": base,  # the document's sentence under the "look at emotion" preset
        "twelve": twelve,  # repeated words, more than ten (④'s labels of the five largest), γ and β edited
        "causal": base.with_mask("causal").with_pe_alpha(0.5),  # ⑧: masked rows, positions added
        "one-word": one.with_preset("identity"),
    }


def call(label: str, fn: str, args: list, want) -> dict:
    return {"label": label, "kind": "call", "fn": fn, "args": args, "want": want}


def checks_at(s: Scenario, t: float) -> list[dict]:
    """Every check of math.js for scenario `s` at T = t, each with what attention_core computes."""
    s = s.with_temperature(t)
    lesson = analysis.compute(s)
    tr = lesson.trace
    n = s.n
    main = {"S": rows(tr.scores), "allowed": None, "V": rows(tr.v), "X": rows(s.x), "gamma": rows(s.gamma),
            "beta": rows(s.beta)}
    mask = causal_mask(n)
    masked = self_attention(s.x, s.w_q, s.w_k, s.w_v, t, mask=mask)
    pair, share = analysis.most_looked_pair(tr.weights)
    out = [
        call("softmax(S / T)", "softmaxRows", [main["S"], t, None], rows(softmax(tr.scores, temperature=t))),
        call("softmax(S / T), causal mask", "softmaxRows", [rows(masked.scores), t, mask.tolist()],
             rows(masked.weights)),
        call("Q = X W_Q", "matmul", [main["X"], rows(s.w_q)], rows(tr.q)),
        call("O = W V", "matmul", [rows(tr.weights), main["V"]], rows(tr.output)),
        call("Z = X + O", "add", [main["X"], rows(tr.output)], rows(lesson.residual)),
        call("LayerNorm(Z) with γ, β", "layerNorm", [rows(lesson.residual), main["gamma"], main["beta"]],
             rows(layer_norm(lesson.residual, s.gamma, s.beta))),
        call("LayerNorm(Z) before γ, β", "layerNorm", [rows(lesson.residual), None, None],
             rows(layer_norm(lesson.residual))),
        call("μ of Z", "rowMean", [rows(lesson.residual)], rows(analysis.row_stats(lesson.residual)[0])),
        call("σ of Z", "rowStd", [rows(lesson.residual)], rows(analysis.row_stats(lesson.residual)[1])),
        call("H", "entropy", [rows(tr.weights)], rows(analysis.entropy(tr.weights))),
        call("cos(LN, X)", "cosineRows", [rows(lesson.normalized), main["X"]],
             rows(analysis.cosine(lesson.normalized, s.x))),
        call("cos(LN_i, LN_j)", "pairCosines", [rows(lesson.normalized)],
             rows(analysis.pair_cosines(lesson.normalized))),
        call("most looked-at pair", "lookedPair", [rows(tr.weights)], {"pair": list(pair), "share": rows(share)}),
    ]
    expected = {"W": tr.weights, "O": tr.output, "Z": lesson.residual, "LN": lesson.normalized,
                "LN0": lesson.normalized_without_residual, "Zhat": layer_norm(lesson.residual),
                "Ohat": layer_norm(tr.output), "H": analysis.entropy(tr.weights),
                "EH": analysis.effective_words(tr.weights), "share": share,
                "cosLN": analysis.cosine(lesson.normalized, s.x),
                "cosLN0": analysis.cosine(lesson.normalized_without_residual, s.x),
                "pairLN": analysis.pair_cosines(lesson.normalized),
                "pairLN0": analysis.pair_cosines(lesson.normalized_without_residual)}
    out += [{"label": f"quantity {q}", "kind": "quantity", "src": main, "T": t, "q": q, "want": rows(v)}
            for q, v in expected.items()]
    # the heads at the same T, side by side and through W_O
    w_q, w_k, w_v, w_o = s.multi_head_weights
    multi = multi_head_attention(s.x, w_q, w_k, w_v, w_o, s.n_heads, temperature=t)
    heads = {"heads": [{"S": rows(h.scores), "V": rows(h.v)} for h in multi.heads], "WO": rows(w_o)}
    out += [{"label": f"heads {q}", "kind": "quantity", "src": heads, "T": t, "q": q, "want": rows(v)}
            for q, v in (("concat", multi.concat), ("MO", multi.output))]
    out += [{"label": f"head {h} W", "kind": "quantity", "src": {"S": rows(head.scores), "allowed": None}, "T": t,
             "q": "W", "want": rows(head.weights)} for h, head in enumerate(multi.heads)]
    # ⑧'s shuffle: Δ without and with positions
    if n > 1:
        for alpha in (0.0, 0.5):
            result = order.shuffle_experiment(s, alpha)
            src = {"X": rows(s.x), "P": rows(alpha * positional_encoding(*s.x.shape)) if alpha else None,
                   "perm": [int(k) for k in result.perm], "Wq": rows(s.w_q), "Wk": rows(s.w_k), "Wv": rows(s.w_v)}
            of = float(np.max(np.abs(result.original)))  # Δ is known to the outputs' rounding
            out.append(call(f"shuffle Δ, α = {alpha}", "shuffleDelta", [src, t], rows(result.delta)) | {"of": of})
            out.append({"label": f"quantity D, α = {alpha}", "kind": "quantity", "src": src, "T": t, "q": "D",
                        "want": rows(result.delta), "of": of})
    # what one trace shows: a word's share of a row's output, the rest of a stack, a line of μ, a row, hidden cells
    sources = {"main": main}
    i = n - 1
    contrib = analysis.value_contributions(tr.weights, tr.v, i)
    shown = [0] if n > 1 else []
    trace_checks = [
        ({"q": "C", "row": i, "col": 0}, contrib[0]),
        ({"q": "rest", "row": i, "cols": shown}, np.delete(contrib, shown, axis=0).sum(axis=0)),
        ({"q": "Z", "stat": "mean"}, analysis.row_stats(lesson.residual)[0]),
        ({"q": "LN", "stat": "std"}, analysis.row_stats(lesson.normalized)[1]),
        ({"q": "O", "row": i}, tr.output[i]),
    ]
    out += [{"label": f"trace {spec}", "kind": "trace", "sources": sources, "T": t, "spec": {"src": "main", **spec},
             "want": rows(v)} for spec, v in trace_checks]
    hide = ~mask
    hidden = [[None if hide[a, b] else float(tr.weights[a, b]) for b in range(n)] for a in range(n)]
    out.append({"label": "trace W, cells hidden", "kind": "trace", "sources": sources, "T": t,
                "spec": {"src": "main", "q": "W", "hide": hide.tolist()}, "want": hidden})
    # ②'s weight path and ④'s printed weights and sums, as the server prints them
    words = [figures.plain(w) for w in s.labels]
    for r in range(n):
        path = analysis.weight_path(tr.scores[r], t)
        out.append(call(f"weight path, row {r}", "weightPath", [rows(tr.scores[r]), t],
                        {k: rows(v) for k, v in path.items()}))
        fig = figures.spec_of(figures.weight_lines(tr.weights[r], list(s.labels), r))
        labels = next(d["text"] for d in fig["data"] if d.get("mode") == "markers+text" and len(d["text"]) == n)
        out.append(call(f"④'s words and weights, row {r}", "weightLabels",
                        [rows(tr.weights[r]), words, None if n <= 10 else 5, 2], list(labels)))
    parts = analysis.value_contributions(tr.weights, tr.v, i)
    axes = [f"v{c + 1}" for c in range(parts.shape[1])]
    fig = figures.spec_of(figures.stacked_contributions(parts, list(s.labels), axes, tr.output[i]))
    sums = [{"y": float(a["y"]), "text": a["text"], "below": a["yanchor"] == "top"}
            for a in fig["layout"]["annotations"]]
    out.append(call("④'s sums beside the stacks", "stackSums", [rows(parts), rows(tr.output[i]), 2], sums))
    # numbers printed as Python prints them (f"{v:.{d}f}", accessible.fixed), T as the pages print it
    values = [float(v) for v in np.concatenate([tr.weights.ravel()[:16], tr.output.ravel()[:8],
                                                lesson.normalized.ravel()[:8], 100 * share[:4]])]
    for d in (0, 1, 2, 3):
        out += [call(f"f\"{{{v!r}:.{d}f}}\"", "printed", [v, d], f"{v:.{d}f}") for v in values]
        out += [call(f"fixed({v!r}, {d})", "fixed", [v, d], fixed(v, d)) for v in values]
    out.append(call(f"T = {t} as printed", "tText", [t], tables.t_text(t)))
    out += chart_update_checks(s, lesson)
    return out


def chart_update_checks(s: Scenario, lesson) -> list[dict]:
    """`chartUpdate` on three T charts as their builders draw them at the state's T (④'s lines with their words, a
    weights matrix with T in its title, Home's share naming the pair): from what the chart declares and its sources'
    inputs (`t_inputs`, as tcontrol.attach sends them), the numbers, texts and title the builder drew. A trace that
    keeps an attribute is null in `want` (math.js leaves it undefined)."""
    tr, words = lesson.trace, list(s.labels)
    r = s.n - 1
    pair, _ = analysis.most_looked_pair(tr.weights)
    axes = figures.Axis(words, "Query"), figures.Axis(words, "Key")
    charts = {
        "④'s lines": figures.weight_lines(tr.weights[r], words, r, title="lines", shows=figures.shows("W", row=r)),
        "weights": figures.heatmap(tr.weights, *axes, kind="weights", row_sums=True, shows=figures.shows("W"),
                                   title=figures.at_t(f"Weights (T = {figures.T})", s.temperature)),
        "Home's share": figures.bars(analysis.most_looked_pair(tr.weights)[1], words, decimals=0, y_range=(0, 110),
                                     title=figures.at_t(f"T = {figures.T}: {figures.PAIR_A} + {figures.PAIR_B}",
                                                        s.temperature, pair=(s.labels, pair)),
                                     shows=figures.shows("share")),
    }
    out = []
    for label, fig in charts.items():
        follow = figures.spec.of(fig)["t"]
        traces = follow["traces"]
        meta = json.loads(json.dumps({**follow, "traces": traces,
                                      "sources": t_inputs.payload(traces, s, lesson)}))
        data = json.loads(fig.to_json())["data"]
        data = [accessible.decoded(d) for d in data]
        update: dict[str, list] = {}
        for k, spec in enumerate(traces):
            d = data[spec["i"]]
            if spec["axis"] == "line":
                drawn = {"line.width": d["line"]["width"], "opacity": d["opacity"], "hovertemplate": d["hovertemplate"]}
            elif spec["axis"] == "text":
                drawn = {"text": d["text"]}
            else:
                drawn = {spec["axis"]: d[spec["axis"]], **({"text": d["text"]} if spec.get("text") is not None else {})}
            for attr, value in drawn.items():
                update.setdefault(attr, [None] * len(traces))[k] = value.tolist() if hasattr(value, "tolist") else value
        title = fig.layout.title.text if follow.get("title") else None
        out.append(call(f"{label}: what follows T", "chartUpdate", [meta, s.temperature],
                        {"idx": [spec["i"] for spec in traces], "update": update, "title": title}))
    return out


def edge_checks() -> list[dict]:
    """Printing at its edges: exact halves (Python keeps an even last digit), values that round to zero, the sign
    of zero; T printed over its whole range."""
    values = [0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 2.675, 1.0005, 0.0, -0.0, -0.0004, -0.4, 1e-9, -1e-9,
              123.456, 99.995, 0.045, 1 / 3, -2 / 3, 1e6 + 0.5]
    out = []
    for d in (0, 1, 2, 3):
        # −0.0 itself is left out of `printed`: Python prints "-0.00", math.js "0.00" (toFixed drops the sign of a
        # zero); `fixed`, which the tables print with, agrees on it
        out += [call(f"f\"{{{v!r}:.{d}f}}\"", "printed", [v, d], f"{v:.{d}f}") for v in values
                if not (v == 0 and np.signbit(v))]
        out += [call(f"fixed({v!r}, {d})", "fixed", [v, d], fixed(v, d)) for v in values]
    grid = [float(t) for t in np.geomspace(T_MIN, T_MAX, 97)] + [T_MIN, T_MAX, 0.0123456789, 12.3456789]
    out += [call(f"T = {t!r} as printed", "tText", [t], tables.t_text(t)) for t in grid]
    return out


def write_fixtures(folder: Path) -> int:
    """One JSON file per scenario and T option (and one of printing's edges); returns how many."""
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for name, s in scenarios().items():
        for k, t in enumerate(T_OPTIONS):
            checks = checks_at(s, t)
            (folder / f"{name}-{k:02d}-T{t:g}.json").write_text(json.dumps({"checks": checks}, allow_nan=False),
                                                                 encoding="utf-8")
            count += 1
    (folder / "printing.json").write_text(json.dumps({"checks": edge_checks()}, allow_nan=False), encoding="utf-8")
    return count + 1


def test_math_js_equals_attention_core_at_every_t_option(tmp_path):
    """`node --test tests/js/` passes on fixtures written from attention_core: every function math.js exports, for
    four scenarios at every T option, to a relative 1e-9 (strings exactly)."""
    assert JS_TESTS, "no tests/js/*.test.mjs"
    fixtures = write_fixtures(tmp_path / "fixtures")
    env = {**os.environ, "ATTENTION_MATH_FIXTURES": str(tmp_path / "fixtures")}
    ran = subprocess.run([node(), "--test", "--test-reporter=tap", *map(str, JS_TESTS)], capture_output=True,
                         text=True, timeout=300, env=env, cwd=ROOT)
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-2000:]
    counts = dict(re.findall(r"^# (pass|fail|skipped|todo|cancelled) (\d+)$", ran.stdout, re.MULTILINE))
    assert counts.get("pass") == str(fixtures + 1), ran.stdout[-3000:]  # each fixture and the coverage test ran
    assert counts.get("fail") == "0" and counts.get("skipped") == "0", ran.stdout[-3000:]


# --- syntax and shape of the files ------------------------------------------------------------------------------

def js_files() -> list[Path]:
    return sorted((ROOT / "attention_core").rglob("*.js"))


def test_every_js_file_parses_as_what_it_is(tmp_path):
    """`node --check` on every .js file under attention_core: an ES module as a module, a classic script as a script
    (a copy named .mjs or .cjs, so that Node reads it as the page does); the modules are exactly MODULES."""
    files = js_files()
    assert files and all(f.is_relative_to(WEB) for f in files), "a .js file outside attention_core/ui/web/"
    exporting = {f.relative_to(WEB).as_posix() for f in files
                 if re.search(r"^(export|import)\b", f.read_text(encoding="utf-8"), re.MULTILINE)}
    assert exporting <= MODULES, f"scripts that export: {sorted(exporting - MODULES)}"
    failed = []
    for f in files:
        name = f.relative_to(WEB).as_posix()
        copy = tmp_path / (name.replace("/", "__") + (".mjs" if name in MODULES else ".cjs"))
        copy.write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
        checked = subprocess.run([node(), "--check", str(copy)], capture_output=True, text=True, timeout=60)
        if checked.returncode:
            failed.append(f"{name}: {checked.stderr.strip()}")
    assert not failed, "\n".join(failed)


def test_the_scripts_st_html_runs_survive_its_sanitiser_and_take_their_data_as_json():
    """st.html's sanitiser drops a script whose text has "<" before a letter, "/" or "!"; a script's data is one
    `__DATA__`, filled by web.script with JSON that cannot close the element."""
    for name in HTML_SCRIPTS:
        body = web.asset(name)
        assert not re.search(r"<[/\w!]", body), name
        assert body.count("__DATA__") <= 1, name
    hostile = web.script("owner.js", "</script><script>alert(1)</script>")
    assert hostile.count("</script>") == 1 and "\\u003c/script\\u003e" in hostile
    assert not re.search(r"<[/\w!]", tcontrol.LIBRARY_JS)


def test_every_web_file_is_used():
    """Each file under ui/web/ is named by the Python that sends it (no file left behind by a move)."""
    python = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "attention_core").rglob("*.py"))
    for f in WEB.rglob("*"):
        if f.is_file() and f.name != "package.json":
            rel = f.relative_to(WEB).as_posix()
            assert f'"{rel}"' in python or f'"{f.name}"' in python, f"ui/web/{rel} is read by no Python file"


def css_files() -> list[Path]:
    return sorted(WEB.rglob("*.css"))


def test_style_sheets_are_balanced_and_use_only_theme_values_that_are_set():
    """Each .css file: comments closed, braces balanced, no Python f-string braces; every `var(--attention-…)` is
    set by web.theme_style (from theme.py) or in a sheet itself, and every theme value set is used."""
    root = web.theme_style()
    set_here = set(re.findall(r"(--attention-[a-z0-9-]+):", root))
    assert set_here == {web.css_var(name) for name in web.THEMED}
    used, declared = set(), set()
    for f in css_files():
        text = f.read_text(encoding="utf-8")
        assert text.count("/*") == text.count("*/"), f.name
        bare = re.sub(r"/\*[\s\S]*?\*/", "", text)
        depth = 0
        for ch in bare:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            assert depth >= 0, f.name
        assert depth == 0 and "{{" not in bare and "}}" not in bare, f.name
        used |= set(re.findall(r"var\((--attention-[a-z0-9-]+)\)", bare))
        declared |= set(re.findall(r"(--attention-[a-z0-9-]+)\s*:", bare))
    assert used <= set_here | declared, sorted(used - set_here - declared)
    assert set_here <= used, f"theme values no sheet uses: {sorted(set_here - used)}"


def test_the_chart_name_carrier_the_script_reads_is_the_one_the_sheet_hides():
    from attention_core.ui import a11y

    assert f".{a11y.CHART_NAME_CLASS}" in web.asset("a11y.css")
    assert f".{a11y.CHART_NAME_CLASS}" in web.asset("a11y.js")


# --- no web code in Python ------------------------------------------------------------------------------------

# What gives JavaScript or CSS away in a Python file (strings, comments and code alike). web.py's wrappers may say
# `<script>` and `<style>`; a cell's `style="--w: …"` is a number handed to the style sheet, not CSS.
WEB_CODE = {
    "a style element": r"<style",
    "a script element with a body": r"<script[^>]*>\s*[^<\s{]",
    "a DOM listener": r"addEventListener",
    "the DOM": r"\bdocument\.[a-zA-Z]",
    "a DOM query": r"querySelector",
    "an animation frame": r"requestAnimationFrame",
    "an arrow function": r"=>",
    "a JS function": r"\bfunction\s*\w*\s*\([^()]*\)\s*\{",
    "a JS declaration": r"\b(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=",
    "a media query": r"@media",
    "a CSS rule": r"\{\s*(?:display|position|color|background(?:-color)?|font-size|padding(?:-\w+)?|margin(?:-\w+)?|"
                  r"outline|border(?:-\w+)?|min-height|max-width|width|height)\s*:",
    "a CSS declaration": r"(?:font-size|font-weight|font-family|letter-spacing|padding-\w+|min-height|max-width|"
                         r"background-color|box-shadow|z-index)\s*:\s*[^;\"'\n]+;",
    "an inline style": r"style\s*=\s*[\"'](?!--)",
    "a !important": r"!important",
}
ALLOWED = {("attention_core/ui/web.py", "a style element"),
           ("attention_core/ui/web.py", "a script element with a body")}


def test_no_python_file_holds_javascript_or_css():
    """No .py file under attention_core/ or pages/ (or app.py) holds JavaScript or CSS: it lives in ui/web/."""
    files = [*(ROOT / "attention_core").rglob("*.py"), *(ROOT / "pages").rglob("*.py"), ROOT / "app.py"]
    found = []
    for f in files:
        rel = f.relative_to(ROOT).as_posix()
        text = f.read_text(encoding="utf-8")
        for what, pattern in WEB_CODE.items():
            if (rel, what) in ALLOWED:
                continue
            for m in re.finditer(pattern, text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{rel}:{line}: {what}: {text.splitlines()[line - 1].strip()[:100]}")
    assert not found, "web code in Python (move it to attention_core/ui/web/):\n" + "\n".join(found)


@pytest.mark.parametrize("snippet", [
    'X = "<style>p { color: red }</style>"',
    "JS = \"document.querySelector('a')\"",
    "x = '<script>alert(1)</script>'",
    'CSS = "@media (max-width: 640px) {}"',
    "f = 'const a = 1;'",
    "h = '<div style=\"font-size:72px\">'",
])
def test_the_check_for_web_code_finds_it(snippet):
    assert any(re.search(p, snippet) for p in WEB_CODE.values()), snippet


PROBE_FILES = sorted((ROOT / "tests" / "e2e").glob("*.js"))


@pytest.mark.parametrize("path", PROBE_FILES, ids=[p.name for p in PROBE_FILES])
def test_the_browser_tests_probes_parse_and_each_is_read_by_its_name(tmp_path, path):
    """Each .js file of tests/e2e (page_checks.js, and beside a module the JavaScript it evaluates in a page) is a
    script Node can parse, and page_checks.probes reads every `const` of it by name, each whole."""
    from tests.e2e import page_checks

    source = path.read_text(encoding="utf-8")
    copy = tmp_path / f"{path.stem}.cjs"
    copy.write_text(source, encoding="utf-8")
    checked = subprocess.run([node(), "--check", str(copy)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    found = page_checks.probes(path)
    assert list(found) == re.findall(r"^const (\w+) = ", source, re.MULTILINE)
    # each a whole expression: Node parses it alone (in one file, for one start of Node)
    alone = tmp_path / f"{path.stem}-alone.cjs"
    alone.write_text("".join(f"const probe{k} = ({body});\n" for k, body in enumerate(found.values())),
                     encoding="utf-8")
    checked = subprocess.run([node(), "--check", str(alone)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, (path.name, checked.stderr)


def test_the_browser_tests_keep_their_javascript_in_js_files():
    """No module of tests/e2e assigns a JavaScript function to a name in a Python string, or passes evaluate a script
    of several lines: it goes in the module's .js file (read with page_checks.probes). Short expressions passed
    straight to evaluate stay where they are used."""
    found = []
    for f in sorted((ROOT / "tests" / "e2e").glob("*.py")):
        for m in re.finditer(r'^([A-Z_][A-Z0-9_]*) = f?(?:"""|"|\')\s*(?:\(?[\w, ]*\)?\s*=>|function\b|\(\(\) =>)',
                             f.read_text(encoding="utf-8"), re.MULTILINE):
            found.append(f"{f.name}: {m.group(1)}")
        source = f.read_text(encoding="utf-8")
        for m in re.finditer(r'(?:evaluate|wait_for_function)\(\s*f?"""', source):
            line = source.count("\n", 0, m.start()) + 1
            found.append(f"{f.name}:{line}: a script of several lines passed to evaluate")
    assert not found, found


def test_the_apps_own_markup_reaches_the_page_as_written():
    """`web.html` hands st.html the app's scripts and sheets through `_repr_html_`, which Streamlit takes as it is: no
    dedent or strip of a 62 kB script on every run (docs/lecture-hall.md). A plain string would lose its indentation."""
    from streamlit.testing.v1 import AppTest

    def app():
        from attention_core.ui import web as page_web

        page_web.html("  <p>\n    indented</p>\n")
        page_web.html("<b>run</b>", js=True)

    at = AppTest.from_function(app).run()
    bodies = [(e.proto.body, e.proto.unsafe_allow_javascript) for e in at.get("html")]
    assert bodies == [("  <p>\n    indented</p>\n", False), ("<b>run</b>", True)]
