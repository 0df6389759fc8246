"""The one door to Streamlit's and Plotly's private surface (attention_core/ui/compat.py, ui/web/compat.js).

- With the pinned versions every use passes its self-check.
- No other file of attention_core (nor a page, nor app.py) names that surface: Python outside compat.py, JavaScript
  outside compat.js (the T control's fast redraw, ui/web/tcontrol/draw.js, too: it calls compat.js's Plotly section).
  The class's spread and tap controls give their own elements classes named as Streamlit names a keyed element's,
  for the tests' `by_key`; they read nothing of Streamlit's.
- The style sheets keep their selectors; docs/internals.md names every Streamlit test id and Plotly class they use.
- compat.js in Node on a fake page (tests/js/compat*.test.mjs): each probe holds, each one taken away is told and off;
  the Plotly accessors of the fast redraw read what they say.
What each use does without its internals, in the app: tests/app/test_compat.py (and a browser test of the clicker's,
tests/e2e/test_presenter.py).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import tokenize
from pathlib import Path

import pytest

from attention_core.ui import compat, web

ROOT = Path(__file__).resolve().parents[1]
INTERNALS = ROOT / "docs" / "internals.md"

# Streamlit's private Python surface, by what it is
PY_PRIVATE = {
    "Streamlit's internal modules": r"streamlit\.(?:runtime|proto|errors|elements|components\.v2\.bidi_component)\b",
    "a script run's context or runner": r"\b(?:get_script_run_ctx|ScriptRunContext|ScriptRunner|RerunData)\b|"
                                        r"\b_run_script\b|\b_get_script_run_ctx\b",
    "a run context's fields": r"\b(?:fragment_ids_this_run|parallel_coordinator|fragment_storage|page_script_hash|"
                              r"fragment_id_queue|resolve_target)\b",
    "the thread state of a run": r"\b(?:ThreadState|RunLocation|FragmentThreadState)\b",
    "session state internals": r"\b(?:_key_id_mapper|_new_widget_state|SafeSessionState)\b|\._session_state\b|"
                               r"object\.__getattribute__",
    "a test id": r"data-testid|data-test-script-state|\bst[A-Z][A-Za-z]+(?:-[A-Za-z]+)?\b",
    "the keyed element's class rule": r"st-key-",
}
# Streamlit's and Plotly's undocumented browser surface
JS_STREAMLIT = {
    "a test id": r"data-testid|\bst[A-Z][A-Za-z]+(?:-[A-Za-z]+)?\b",
    "the run state": r"data-test-script-state",
    "the keyed element's class rule": r"st-key-",
    "the sidebar's folded state": r"data-collapsed|\.collapsed\b",
}
JS_PLOTLY = {
    "Plotly's graph internals": r"\._fullLayout|\._fullData|\bcalcdata\b|\._module\b|\._transitionData|__data__|"
                                r"\.l2p\b|\._offset\b|\._plots\b",
    "Plotly on window": r"window\.Plotly",
    "Plotly's classes": r"js-plotly-plot|main-svg|modebar|\.updatemenu-|updatemenu-(?:button|item)|slider-container|"
                        r"slider-rail",
    "Plotly's drawing": r"(?:heatmap|bar|scatter|shape)layer|\bg\.hm\b|heatmap-label|\bg(?:-g)?title\b|tspan\.line|"
                        r"\bg\.annotation\b|annotation-text|cursor-pointer|\brect\.bg\b|data-unformatted|"
                        r"\bdata-index\b",
}
# what a file other than compat.js may name, and why (the module docstring says more)
JS_ALLOWED = {
    "spread.js": {"the keyed element's class rule"},  # its own elements, named for the tests' by_key
    "tapgrid.js": {"the keyed element's class rule"},
}


def python_code(path: Path) -> str:
    """`path`'s code with its comments and docstrings blanked out (a name in prose is no use of it)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        prose = tok.type == tokenize.COMMENT or (
            tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT,
                                                         tokenize.DEDENT))  # a string standing alone: a docstring
        if prose:
            (r0, c0), (r1, c1) = tok.start, tok.end
            for r in range(r0, r1 + 1):
                line = lines[r - 1]
                a = c0 if r == r0 else 0
                b = c1 if r == r1 else len(line.rstrip("\n"))
                lines[r - 1] = line[:a] + " " * (b - a) + line[b:]
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            previous = tok.type
    return "".join(lines)


def js_code_of(text: str) -> str:
    """`text`'s code without its comments."""
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"(^|\s)//.*$", r"\1", text, flags=re.MULTILINE)


def js_code(path: Path) -> str:
    """`path`'s code without its comments."""
    return js_code_of(path.read_text(encoding="utf-8"))


def found(code: str, patterns: dict[str, str]) -> dict[str, list[str]]:
    return {what: sorted(set(re.findall(rx, code))) for what, rx in patterns.items() if re.search(rx, code)}


def test_every_use_passes_its_self_check_with_the_pinned_versions():
    assert compat.self_check(force=True) == {}
    assert compat.missing() == {}
    assert all(compat.works(name) for name in compat.USES)


def test_no_python_file_but_compat_py_uses_streamlits_private_surface():
    files = [*(ROOT / "attention_core").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"]
    door = ROOT / "attention_core" / "ui" / "compat.py"
    assert door in files
    bad = {str(f.relative_to(ROOT)): hits for f in files if f != door if (hits := found(python_code(f), PY_PRIVATE))}
    assert not bad, f"Streamlit's private surface outside ui/compat.py: {bad}"
    assert found(python_code(door), PY_PRIVATE), "the grep finds nothing even in compat.py: its patterns are stale"


def test_no_script_but_compat_js_uses_streamlits_or_plotlys_undocumented_surface():
    files = sorted(web.WEB.rglob("*.js"))
    door = web.WEB / "compat.js"
    assert door in files
    bad = {}
    for f in files:
        if f == door:
            continue
        name = f.relative_to(web.WEB).as_posix()
        hits = {what: names for what, names in found(js_code(f), {**JS_STREAMLIT, **JS_PLOTLY}).items()
                if what not in JS_ALLOWED.get(name, set())}
        if hits:
            bad[name] = hits
    assert not bad, f"undocumented browser surface outside ui/web/compat.js: {bad}"
    assert set(found(js_code(door), {**JS_STREAMLIT, **JS_PLOTLY})) >= {"a test id", "the run state",
                                                                        "the keyed element's class rule",
                                                                        "Plotly's graph internals"}


def test_the_fast_redraw_reaches_plotly_through_compat_js_and_internals_md_lists_each_accessor():
    """draw.js calls compat.js's Plotly section (`P.name(…)`): each function it calls is there, and docs/internals.md
    names it in that section's table; the grep above finds Plotly's internals and drawing even where draw.js kept them
    (its patterns are not stale)."""
    code = js_code(web.WEB / "tcontrol" / "draw.js")
    called = set(re.findall(r"\bP\.(\w+)\b", code))
    assert {"fastRedraw", "calcTrace", "plotTraces", "axisPixel", "heatmapGroup", "keepDrawn"} <= called, called
    door = js_code(web.WEB / "compat.js")
    section = INTERNALS.read_text(encoding="utf-8").split("### Plotly section", 1)[1].split("\n## ", 1)[0]
    for name in sorted(called):
        assert re.search(rf"\b{name}: |\bP\.{name} = ", door), f"compat.js has no Plotly accessor {name}"
        assert f"`{name}" in section, f"docs/internals.md's Plotly section does not list {name}"
    kept = web.asset("tcontrol/draw.js").replace("P.drawnZ(gd, l.full)", "gd.calcdata[l.full.index][0].z").replace(
        "P.titleNode(gd)", 'gd.querySelector(".g-gtitle .gtitle")')
    assert set(found(js_code_of(kept), JS_PLOTLY)) == {"Plotly's graph internals", "Plotly's drawing"}


def css_surface() -> set[str]:
    """The Streamlit test ids, attributes and Plotly classes the style sheets select."""
    names = set()
    for f in sorted(web.WEB.rglob("*.css")):
        text = re.sub(r"/\*[\s\S]*?\*/", "", f.read_text(encoding="utf-8"))
        names |= set(re.findall(r"data-testid=[\"']?(st[\w-]+)", text))
        names |= {f"data-{a}" for a in re.findall(r"\[data-(baseweb|variant|selected|collapsed|focus-within|invalid)",
                                                  text)}
        names |= set(re.findall(r"\.(js-plotly-plot|main-svg|modebar[\w-]*|updatemenu[\w-]*|slider-[\w-]+)", text))
    return names


def test_internals_md_lists_every_streamlit_test_id_and_plotly_class_the_style_sheets_select():
    doc = INTERNALS.read_text(encoding="utf-8")
    names = css_surface()
    assert {"stMain", "stSidebar", "data-collapsed", "js-plotly-plot"} <= names  # the scan finds them
    missing = sorted(n for n in names if f"`{n}`" not in doc)
    assert not missing, f"docs/internals.md does not list: {missing}"


def test_internals_md_lists_every_use_and_probe_and_the_readme_points_at_it():
    doc = INTERNALS.read_text(encoding="utf-8")
    for name in compat.USES:
        assert f"`{name}`" in doc, name
    source = web.asset("compat.js")
    block = source[source.index("const PROBES = {"):]
    block = block[:block.index("\n  };")]
    probes = {a or b for a, b in re.findall(r"^    (?:\"([\w-]+)\"|([\w-]+)): \(\) =>", block, re.MULTILINE)}
    probes |= set(re.findall(r"PROBES\.(\w+) = ", source))
    assert probes >= {"run-state", "main", "keys", "plotly"}, probes
    for name in probes:
        assert f"`{name}`" in doc, name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    upgrading = readme[readme.index("## Upgrading the pinned versions"):]  # an h2 or an h3
    upgrading = upgrading[:upgrading.index("\n## ")]
    assert "docs/internals.md" in upgrading


KEYS = ["sc:up:3", "pr-bar", " chart:t player ", "tc:sb:T", "표:1", "tctl-sb-T", "class:tap:0:1", "a_b-c.d"]


def test_compat_js_in_node_on_a_fake_page():
    """tests/js/compat.test.mjs: the probes and what each one taken away switches off; the keyed elements' class as
    Python computes it (compat.key_class) is the one compat.js computes. tests/js/compat-redraw.test.mjs: the Plotly
    accessors of the T control's fast redraw on a fake graph, the `redraw` probe, and draw.js falling back to
    Plotly.update and Plotly.relayout without it."""
    node = shutil.which("node")
    assert node, "node not found: scripts/test.sh installs it (with npm) before the tests"
    cases = {key: compat.key_class(key) for key in KEYS}
    assert cases["sc:up:3"] == "st-key-sc-up-3" and cases[" chart:t player "] == "st-key-chart-t-player"
    env = {**os.environ, "ATTENTION_KEY_CLASSES": json.dumps(cases)}
    files = sorted((ROOT / "tests" / "js").glob("compat*.test.mjs"))
    assert [f.name for f in files] == ["compat-redraw.test.mjs", "compat.test.mjs"]
    ran = subprocess.run([node, "--test", "--test-reporter=tap", *map(str, files)],
                         capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    counts = dict(re.findall(r"^# (pass|fail|skipped) (\d+)$", ran.stdout, re.MULTILINE))
    assert counts.get("fail") == "0" and counts.get("skipped") == "0", ran.stdout[-2000:]
    assert int(counts.get("pass", "0")) >= 30, ran.stdout[-2000:]


@pytest.mark.parametrize("name", ["a11y.js", "clicker.js", "room.js"])
def test_each_script_that_uses_compat_js_is_sent_with_it(name):
    sent = web.script(name, {} if "__DATA__" in web.asset(name) else None) if name.endswith(
        ("a11y.js", "clicker.js")) else web.module(name)
    assert "window.attentionCompat = C" in sent and "__COMPAT_VERSION__" not in sent
    assert sent.index("window.attentionCompat = C") < sent.rindex(web.asset(name).strip()[-40:])


def test_a_live_chart_s_module_travels_without_compat_js_and_waits_for_the_page_s():
    """A live chart's module is sent with each of its elements, every run: compat.js (12 kB) is not in front of it;
    the accessibility script every page draws defines it, and the module waits for it as it waits for Plotly."""
    sent = web.module("live-chart.js")
    assert "window.attentionCompat = C" not in sent and len(sent) < 4000
    assert "window.attentionCompat = C" in web.script("a11y.js", {})
    assert "const C = window.attentionCompat;" in sent and "setTimeout(draw" in sent
