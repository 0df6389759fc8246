"""The benchmark's pure parts: statistics, verdicts, the floor's chart spec, the markdown report (no timings)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench import report
from bench.bare_app import parse_spec
from bench.run import floor_spec, parse_args, sentence


def steps(*latencies: float, nbytes: int = 1000) -> list[dict]:
    return [{"latency": x, "bytes": nbytes, "first_msg": 10.0, "run_end": x - 5} for x in latencies]


def result(page: str = "home", n: int = 8, app=(100, 110, 120), floor=(50, 55, 60), script=(40, 45)) -> dict:
    return {"page": page, "n": n, "charts": 2, "redrawn": 1,
            "chart_spec": [{"width": 50, "height": 300, "shapes": [[n, n]]},
                           {"width": 50, "height": 300, "shapes": [[1, n]]}],
            "app": steps(*app), "floor": steps(*floor, nbytes=500), "script_ms": list(script),
            "floor_script_ms": [1.0], "failures": 0}


def test_quantiles_interpolate_like_numpy():
    xs = [4, 1, 3, 2, 5]
    assert report.median(xs) == 3
    assert report.quantile(xs, 0.0) == 1 and report.quantile(xs, 1.0) == 5
    assert report.p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == pytest.approx(9.1)
    assert math.isnan(report.median([]))


def test_ratio_guards_missing_and_zero():
    assert report.ratio(3.0, 2.0) == 1.5
    assert math.isnan(report.ratio(1.0, 0.0))
    assert math.isnan(report.ratio(math.nan, 1.0))


def test_ratio_interval_is_reproducible_and_brackets_the_ratio():
    a, b = [100, 104, 98, 110, 101, 99], [50, 52, 49, 51, 55, 50]
    lo, hi = report.ratio_ci(a, b)
    assert (lo, hi) == report.ratio_ci(a, b)
    assert lo <= report.median(a) / report.median(b) <= hi
    assert all(math.isnan(v) for v in report.ratio_ci([1.0], [1.0]))


def test_summarize_and_verdicts():
    row = report.summarize(result(app=(100, 110, 120), floor=(50, 55, 60)))
    assert row["median"] == 110 and row["floor_median"] == 55 and row["ratio"] == 2.0
    assert row["cells"] == 8 * 8 + 8 and row["bytes"] == 1000 and row["floor_bytes"] == 500
    assert row["script_ms"] == 42.5
    assert report.check_8(row) is False
    assert report.check_64(row) is True  # under 0.6 s and exactly 2×
    assert report.check_64(report.summarize(result(app=(210,), floor=(100,)))) is False  # over 2×
    assert report.check_64(report.summarize(result(app=(700,), floor=(400,)))) is False  # 1.75× but over 0.6 s
    assert report.check_script(row) is False  # 42.5 ms > 30 ms
    assert report.check_script(report.summarize(result(script=(20, 30, 40)))) is True  # exactly 30 ms
    assert report.check_t_invisible(report.summarize(result(app=(110,), floor=(100,)))) is True
    assert report.check_t_invisible(report.summarize(result(app=(112,), floor=(100,)))) is False
    assert report.check_8(report.summarize(result(app=(), floor=()))) is None
    assert report.verdict(True) == "✓" and report.verdict(False) == "✗" and report.verdict(None) == "–"


def test_why_names_the_parts_of_a_missed_step():
    text = report.why(report.summarize(result()), {"top": [{"name": "plotly", "share": 0.5, "ms": 20.0}]})
    assert "server script" in text and "1/2 charts redrawn" in text and "plotly 50%" in text


def test_table_escapes_pipes_and_formats():
    md = report.table(("a", "b"), [["x|y", 1]])
    assert md.splitlines() == ["| a | b |", "|---|---|", "| x\\|y | 1 |"]
    assert report.fmt_bytes(1500) == "1.5 kB" and report.fmt_bytes(2_500_000) == "2.5 MB"
    assert report.fmt_bytes(12) == "12 B" and report.fmt_ms(math.nan) == "–"
    assert report.fmt_ratio(1.234) == "1.23×"


def test_markdown_has_machine_targets_and_cold_start():
    run = {
        "machine": {"cpu": "Test CPU", "cores": 2, "ram_gb": 4.0, "os": "Linux", "python": "3.11", "streamlit": "1.67",
                    "plotly": "6", "playwright": "1", "date": "2026-01-01"},
        "settings": {"reps": 3, "warmup": 1, "pattern": "sweep", "quick": False},
        "results": [result(n=8), result(n=16), result(n=64, app=(1200, 1300), floor=(400, 500)),
                    {"page": "score", "n": 8, "error": "boom", "app": [], "floor": []}],
        "cold": {"app": [{"total_s": 6.0, "server_s": 2.0, "first_chart_s": 4.0}],
                 "floor": [{"total_s": 4.0, "server_s": 2.0, "first_chart_s": 2.0}]},
        "profile": {"home": {"16": {"rerun_ms": 80.0, "samples": 50,
                                    "top": [{"name": "plotly", "share": 0.6, "ms": 48.0}]}}},
        "elapsed_s": 60,
    }
    md = report.markdown(run)
    assert "Test CPU, 2 cores" in md
    assert "## Target: At 8 words" in md and "## Target: At 64 words" in md
    assert "## Target: server-side script time" in md and "## Target: cold start" in md
    assert "Ratio 1.50×: ✗" in md
    assert "Missed: home" in md and "Not measured: score" in md
    assert "not measured: boom" in md
    assert "plotly 60% (~48 ms)" in md


def test_floor_spec_round_trips_through_the_bare_page():
    charts = [{"width": 48, "height": 320, "shapes": [[8, 8], [8, 4]]}, {"width": 120, "height": 200, "shapes": []}]
    spec = floor_spec(charts, [True, False])
    assert parse_spec(spec) == [(48, 320, True, [(8, 8), (8, 4)]), (100, 200, False, [(1, 1)])]
    assert parse_spec("") == []


def test_the_floor_holds_its_slider_in_a_fragment_and_extra_elements_when_asked():
    """bench/elements.py's variants of the floor: the T slider in a fragment, K markdown or html elements."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "bench" / "bare_app.py"), default_timeout=60)
    for k, v in {"spec": "100x300:0:4x4", "frag": "1", "markdown": "3", "html": "2"}.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception
    assert len(at.sidebar.select_slider) == 1 and len(at.get("plotly_chart")) == 1
    assert sum("Paragraph" in m.value for m in at.markdown) == 3 and len(at.get("html")) == 2
    at.sidebar.select_slider[0].set_value(2.0).run()  # a step in the fragment
    assert not at.exception and at.session_state["T"] == 2.0


def test_the_floor_draws_every_kind_of_extra_element_it_offers():
    """Each kind bench/elements.py can ask for is drawn K times, outside the slider's fragment."""
    from streamlit.testing.v1 import AppTest

    from bench.bare_app import EXTRA

    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "bench" / "bare_app.py"), default_timeout=60)
    at.query_params.update({"spec": "100x300:0:4x4", "frag": "1", **{kind: "2" for kind in EXTRA}})
    at.run()
    assert not at.exception
    drawn = {"caption": len(at.caption), "latex": len(at.latex), "code": len(at.code), "button": len(at.button),
             "toggle": len(at.toggle), "text": len(at.text_input), "select": len(at.selectbox),
             "segmented": len(at.button_group), "link": len(at.get("page_link")), "html": len(at.get("html")),
             "markdown": sum("Paragraph" in m.value for m in at.markdown)}
    assert drawn == {kind: 2 for kind in EXTRA}


def test_sentence_and_quick_options():
    assert len(sentence(64).split()) == 64
    args = parse_args(["--quick"])
    assert args.reps <= 3 and args.pages == "home,score"


def test_cpu_profile_summary_counts_each_function_once_per_sample():
    # root → drawLabels → _adjustTickLabelsOverflow → drawLabels (recursion) ; root → (idle) ; root → (program)
    nodes = [
        {"id": 1, "callFrame": {"functionName": "(root)", "url": ""}, "children": [2, 5, 6]},
        {"id": 2, "callFrame": {"functionName": "X.drawLabels", "url": "x/PlotlyChart.js"}, "children": [3]},
        {"id": 3, "callFrame": {"functionName": "t._adjustTickLabelsOverflow", "url": "x/PlotlyChart.js"},
         "children": [4]},
        {"id": 4, "callFrame": {"functionName": "X.drawLabels", "url": "x/PlotlyChart.js"}},
        {"id": 5, "callFrame": {"functionName": "(idle)", "url": ""}},
        {"id": 6, "callFrame": {"functionName": "(program)", "url": ""}},
    ]
    profile = {"nodes": nodes, "samples": [4, 4, 3, 5, 6], "timeDeltas": [1000, 1000, 2000, 5000, 4000]}
    out = report.cpu_profile_summary(profile)
    assert out["busy_ms"] == 8.0
    by_name = {c["name"]: c for c in out["top"]}
    assert by_name["X.drawLabels"]["ms"] == 4.0  # not 6: the recursive frame counts once
    assert by_name["t._adjustTickLabelsOverflow"]["ms"] == 4.0
    assert by_name["native: style, layout, paint, parsing"]["share"] == 0.5
    assert "(idle)" not in by_name and "(root)" not in by_name


def test_a_page_that_raised_is_not_judged():
    res = result()
    res["page_errors"] = ["NameError: name 'x' is not defined"]
    row = report.summarize(res)
    assert report.check_8(row) is None and report.check_script(row) is None
    assert "NameError" in report.why(row)


def test_the_scene_section_reports_the_pagedown_times_and_their_verdict():
    from bench import scenes

    rows = [{"n": 8, "rep": 0, "scene": k, "page": p, "new_page": new, "drawn_ms": d, "in_view_ms": v}
            for k, p, new, d, v in ((2, "gaze", True, 700.0, 900.0), (3, "score", True, 1500.0, 1600.0),
                                    (5, "temperature", False, 400.0, 400.0))]
    result = {"viewport": scenes.VIEWPORT, "sizes": [8], "reps": 1, "rows": [*rows, {"n": 8, "rep": 1, "error": "x"}]}
    [s] = scenes.summary(result)
    assert (s["presses"], s["errors"], s["drawn_median_ms"], s["drawn_max_ms"]) == (3, 1, 700.0, 1500.0)
    assert s["switch_drawn_median_ms"] == (700.0 + 1500.0) / 2 and s["in_view_max_ms"] == 1600.0
    row = next(line for line in scenes.markdown(result) if line.startswith("| 8 |"))
    assert "| met |" in row
    assert scenes.TARGET_MS_AT_8 == 1000


def test_the_shared_store_benchmark_reports_warm_over_cold_with_an_interval():
    from bench.shared import summary

    def runs(*cpu):
        return [{"cpu_ms": c, "wall_ms": 2 * c, "bytes": 1000} for c in cpu]

    row = summary({"cold": runs(100, 110, 90, 105), "warm": runs(30, 20, 25, 35),
                   "step_cold": runs(10, 12, 11), "step_warm": runs(5, 6, 7)})
    assert row["cold"]["cpu_ms"] == 102.5 and row["warm"]["cpu_ms"] == 27.5
    ratio, lo, hi = row["load_cpu_ms_ratio"]
    assert ratio == pytest.approx(27.5 / 102.5) and lo <= ratio <= hi < 1
    assert row["step_cpu_ms_ratio"][0] == pytest.approx(6 / 11)
    assert "step_cpu_ms_ratio" not in summary({"cold": runs(1, 2), "warm": runs(1, 2)})
