"""The pure part of the benchmark: statistics, verdicts against the targets, the markdown report."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

# The targets (medians, on the benchmark machine).
RATIO_AT_8 = 1.3  # every page within 1.3× of the floor at 8 words
RATIO_AT_64 = 2.0  # … within 2× of the floor at 64 words
MS_AT_64 = 600.0  # … and under 0.6 s per slider step
SCRIPT_MS_AT_16 = 30.0  # server-side script time per rerun at 16 words (at most)
RATIO_T_INVISIBLE = 1.1  # pages where T changes nothing visible answer a T step within 1.1× of the floor
T_INVISIBLE_PAGES = ("gaze",)  # nothing on Q/K gaze depends on T (tests/app/test_gaze.py checks it)
COLD_RATIO = 1.3  # cold start within 1.3× of the bare page

OK, MISS, NA = "✓", "✗", "–"


# --- statistics ------------------------------------------------------------------------------------------------
def quantile(xs: Sequence[float], q: float) -> float:
    """Linear-interpolated q-quantile (numpy's default); NaN for no data."""
    data = sorted(float(x) for x in xs)
    if not data:
        return math.nan
    pos = (len(data) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def median(xs: Sequence[float]) -> float:
    return quantile(xs, 0.5)


def p90(xs: Sequence[float]) -> float:
    return quantile(xs, 0.9)


def ratio(a: float, b: float) -> float:
    """a / b, NaN when either is missing or b is not positive."""
    if a is None or b is None or math.isnan(a) or math.isnan(b) or b <= 0:
        return math.nan
    return a / b


def ratio_ci(a: Sequence[float], b: Sequence[float], n_boot: int = 2000, level: float = 0.95,
             seed: int = 0) -> tuple[float, float]:
    """Bootstrap interval of median(a) / median(b): how stable the ratio is with this many repetitions."""
    if len(a) < 2 or len(b) < 2:
        return (math.nan, math.nan)
    rng = random.Random(seed)
    boots = []
    for _ in range(n_boot):
        ra = median([rng.choice(a) for _ in a])
        rb = median([rng.choice(b) for _ in b])
        if rb > 0:
            boots.append(ra / rb)
    tail = (1 - level) / 2
    return (quantile(boots, tail), quantile(boots, 1 - tail))


def verdict(passed: bool | None) -> str:
    return NA if passed is None else (OK if passed else MISS)


# --- one (page, n) row ------------------------------------------------------------------------------------------
def summarize(res: dict) -> dict:
    """The numbers one report row shows, from one raw (page, n) result."""
    a = [s["latency"] for s in res.get("app", [])]
    b = [s["latency"] for s in res.get("floor", [])]
    cells = sum(r * c for chart in res.get("chart_spec", []) for r, c in chart["shapes"])
    row = {
        "page": res["page"], "n": res["n"], "error": res.get("error"), "steps": len(a),
        "charts": res.get("charts", 0), "redrawn": res.get("redrawn", 0), "cells": cells,
        "median": median(a), "p90": p90(a), "floor_median": median(b), "floor_p90": p90(b),
        "script_ms": median(res.get("script_ms", [])), "floor_script_ms": median(res.get("floor_script_ms", [])),
        "bytes": median([s["bytes"] for s in res.get("app", [])]),
        "floor_bytes": median([s["bytes"] for s in res.get("floor", [])]),
        "first_msg": median([s.get("first_msg", s.get("run_start", math.nan)) for s in res.get("app", [])]),
        "run_end": median([s["run_end"] for s in res.get("app", [])]),
        "failures": res.get("failures", 0), "page_errors": res.get("page_errors", []),
    }
    row["ratio"] = ratio(row["median"], row["floor_median"])
    row["ratio_ci"] = ratio_ci(a, b)
    return row


def check_8(row: dict) -> bool | None:
    """None (not measured) when there is no ratio or the page showed an exception (its numbers mean nothing)."""
    if math.isnan(row["ratio"]) or row.get("page_errors"):
        return None
    return row["ratio"] <= RATIO_AT_8


def check_64(row: dict) -> bool | None:
    if math.isnan(row["ratio"]) or row.get("page_errors"):
        return None
    return row["median"] < MS_AT_64 and row["ratio"] <= RATIO_AT_64


def check_script(row: dict) -> bool | None:
    if math.isnan(row["script_ms"]) or row.get("page_errors"):
        return None
    return row["script_ms"] <= SCRIPT_MS_AT_16


def check_t_invisible(row: dict) -> bool | None:
    if math.isnan(row["ratio"]) or row.get("page_errors"):
        return None
    return row["ratio"] <= RATIO_T_INVISIBLE


def why(row: dict, profile: dict | None = None) -> str:
    """Where a step's time goes, in a few words (used where a target is missed)."""
    if row.get("error"):
        return f"not measured: {row['error']}"
    parts = []
    if row.get("page_errors"):
        parts.append("the page showed an exception: " + " / ".join(row["page_errors"]))
    if not math.isnan(row["script_ms"]):
        parts.append(f"server script {row['script_ms']:.0f} ms of {row['median']:.0f} ms "
                     f"(browser and transport ~{max(row['median'] - row['script_ms'], 0):.0f} ms)")
    if row["charts"] == 0:
        parts.append("no chart on the page (placeholder?)")
    else:
        parts.append(f"{row['redrawn']}/{row['charts']} charts redrawn, {row['cells']:,} cells")
    if not math.isnan(row["bytes"]) and not math.isnan(row["floor_bytes"]) and row["floor_bytes"] > 0:
        parts.append(f"{fmt_bytes(row['bytes'])} sent ({row['bytes'] / row['floor_bytes']:.1f}× floor)")
    if profile and profile.get("top"):
        at = f" at {profile['n']} words" if profile.get("n") not in (None, row["n"]) else ""
        parts.append(f"server time{at}: " + fmt_costs(profile["top"], 2))
    return "; ".join(parts)


# --- browser CPU profile ----------------------------------------------------------------------------------------
NATIVE = {"(program)": "native: style, layout, paint, parsing", "(garbage collector)": "garbage collector"}


def cpu_profile_summary(profile: dict, k: int = 10) -> dict:
    """Inclusive time per named JS function of a CDP Profiler profile (recursion counted once per sample).

    Minified one- and two-letter names are skipped; "(program)" (native work) and GC are kept, "(idle)" is
    dropped. Returns the busy ms and the top k as {name, file, ms, share of busy}.
    """
    nodes = {nd["id"]: nd for nd in profile.get("nodes", [])}
    parent = {c: nd["id"] for nd in profile.get("nodes", []) for c in nd.get("children", [])}
    per_node: dict[int, float] = {}
    for sid, dt_us in zip(profile.get("samples", []), profile.get("timeDeltas", [])):
        per_node[sid] = per_node.get(sid, 0.0) + max(dt_us, 0) / 1000
    incl: dict[tuple[str, str], float] = {}
    busy = 0.0
    for sid, ms in per_node.items():
        leaf = nodes[sid]["callFrame"]["functionName"]
        if leaf == "(idle)":
            continue
        busy += ms
        seen, x = set(), sid
        while x is not None:
            cf = nodes[x]["callFrame"]
            name, file = cf["functionName"], cf.get("url", "").rsplit("/", 1)[-1]
            key = (NATIVE.get(name, name), file)
            if key not in seen and (name in NATIVE or (len(name.rsplit(".", 1)[-1]) > 2 and name != "(root)")):
                incl[key] = incl.get(key, 0.0) + ms
                seen.add(key)
            x = parent.get(x)
    top = sorted(incl.items(), key=lambda kv: -kv[1])[:k]
    return {"busy_ms": round(busy, 1),
            "top": [{"name": n, "file": f, "ms": round(ms, 1), "share": round(ms / busy, 3) if busy else 0.0}
                    for (n, f), ms in top]}


# --- formatting ----------------------------------------------------------------------------------------------
def fmt_ms(x: float) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:,.0f}"


def fmt_ratio(x: float) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:.2f}×"


def fmt_ci(ci: tuple[float, float]) -> str:
    lo, hi = ci
    return "–" if math.isnan(lo) else f"{lo:.2f}–{hi:.2f}"


def fmt_bytes(x: float) -> str:
    if x is None or math.isnan(x):
        return "–"
    for unit, size in (("MB", 1e6), ("kB", 1e3)):
        if x >= size:
            return f"{x / size:.1f} {unit}"
    return f"{x:.0f} B"


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub markdown table; `|` inside cells is escaped."""
    def cell(v: object) -> str:
        return str(v).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


def progress_line(res: dict, seconds: float) -> str:
    if res.get("error"):
        return f"{res['page']:<12} n={res['n']:<3} ERROR {res['error']}  ({seconds:.0f} s)"
    r = summarize(res)
    return (f"{r['page']:<12} n={r['n']:<3} app {fmt_ms(r['median'])} ms  floor {fmt_ms(r['floor_median'])} ms  "
            f"ratio {fmt_ratio(r['ratio'])}  script {fmt_ms(r['script_ms'])} ms  {fmt_bytes(r['bytes'])}  "
            f"charts {r['redrawn']}/{r['charts']}  ({seconds:.0f} s)")


LATENCY_HEADER = ("page", "n", "charts redrawn", "median ms", "p90 ms", "floor median ms", "ratio",
                  "ratio 95% CI", "script ms", "bytes/rerun", "verdict", "why (where it misses)")


def latency_row(r: dict, passed: bool | None, profile: dict | None) -> list[object]:
    return [r["page"], r["n"], f"{r['redrawn']}/{r['charts']}", fmt_ms(r["median"]), fmt_ms(r["p90"]),
            fmt_ms(r["floor_median"]), fmt_ratio(r["ratio"]), fmt_ci(r["ratio_ci"]), fmt_ms(r["script_ms"]),
            fmt_bytes(r["bytes"]), verdict(passed), "" if passed is True else why(r, profile)]


def markdown(run: dict) -> str:
    """The whole report (bench/results/report.md by default) from one run's raw results."""
    m, s = run["machine"], run["settings"]
    rows = [summarize(res) for res in run["results"]]
    profiles = run.get("profile", {})

    def prof(page: str, n: int) -> dict | None:
        """The page's profile at n words, else at the nearest profiled size (labelled with its n)."""
        per_page = {k: v for k, v in (profiles.get(page) or {}).items() if not v.get("error")}
        if not per_page:
            return None
        best = min(per_page, key=lambda k: abs(int(k) - n))
        return {**per_page[best], "n": int(best)}

    out = [
        "# Performance",
        "",
        "How fast a page answers one step of the sidebar T slider, measured in a real headless Chromium against "
        "the running app, next to a bare Streamlit page that draws the same heatmaps with no app logic (the "
        "floor). Generated by `python bench/run.py` (see the bottom of this page for how it measures); "
        "raw numbers in `bench/results/`.",
        "",
        "## Machine",
        "",
        f"- CPU: {m['cpu']}, {m['cores']} cores; RAM {m['ram_gb']} GB; {m['os']}",
        f"- Python {m['python']}, Streamlit {m['streamlit']}, Plotly {m['plotly']}, Playwright {m['playwright']}, "
        f"Chromium headless; app at commit {m.get('commit', '?')}",
        f"- Date: {m['date']}; run took {run.get('elapsed_s', 0) / 60:.1f} min"
        + load_note(run.get("load"), m["cores"]),
        f"- Settings: {reps_range(rows, s)} measured steps per page and size for the app and for the floor, "
        f"interleaved A B A B, after {s['warmup']} warm-up steps each; step pattern `{s['pattern']}`; viewport "
        "1280×720"
        + ("; **quick smoke run, numbers are not stable**" if s.get("quick") else ""),
        "",
    ]
    target_sections = (
        (8, f"At 8 words: every page within {RATIO_AT_8}× of the floor", check_8),
        (64, f"At 64 words: every page under {MS_AT_64 / 1000:g} s per step and within {RATIO_AT_64}× of the floor",
         check_64),
    )
    for n, title, check in target_sections:
        sel = [r for r in rows if r["n"] == n]
        if not sel:
            continue
        out += [f"## Target: {title}", ""]
        out += [table(LATENCY_HEADER, [latency_row(r, check(r), prof(r["page"], n)) for r in sel]), ""]
        out += [summary_line(sel, check), ""]
    sel_inv = [r for r in rows if r["page"] in T_INVISIBLE_PAGES]
    if sel_inv:
        out += [f"## Target: where T changes nothing visible ({', '.join(T_INVISIBLE_PAGES)}), a T step within "
                f"{RATIO_T_INVISIBLE}× of the floor (every size)", ""]
        out += [table(LATENCY_HEADER, [latency_row(r, check_t_invisible(r), prof(r["page"], r["n"]))
                                       for r in sel_inv]), ""]
        out += [summary_line(sel_inv, check_t_invisible, by_size=True), ""]
    sel16 = [r for r in rows if r["n"] == 16]
    if sel16:
        out += [f"## Target: server-side script time at most {SCRIPT_MS_AT_16:g} ms per rerun at 16 words", ""]
        body = []
        for r in sel16:
            passed = check_script(r)
            p = prof(r["page"], 16)
            top = fmt_costs((p or {}).get("top", []), 3)
            body.append([r["page"], fmt_ms(r["script_ms"]), fmt_ms(r["floor_script_ms"]), verdict(passed),
                         "" if passed is True else (why(r) if passed is None else (top or why(r)))])
        out += [table(("page", "script ms (median, browser-driven reruns)", "floor script ms", "verdict",
                       "why: top server costs (sampled T reruns under AppTest)"), body), ""]
        out += [summary_line(sel16, check_script), ""]
    out += control_section(run["results"])
    cold = run.get("cold")
    if cold and cold.get("app"):
        out += cold_section(cold)
    if run.get("scenes"):
        from bench import scenes

        out += scenes.markdown(run["scenes"])
    if rows:
        out += ["## All pages, all sizes", ""]
        header = ("page", "n", "charts redrawn", "heatmap cells", "median ms", "p90 ms", "floor median ms",
                  "floor p90 ms", "ratio", "ratio 95% CI", "script ms", "floor script ms", "key→first message ms",
                  "key→run end ms", "bytes/rerun", "floor bytes/rerun", "failed steps / page errors")
        body = [[r["page"], r["n"], f"{r['redrawn']}/{r['charts']}", f"{r['cells']:,}", fmt_ms(r["median"]),
                 fmt_ms(r["p90"]), fmt_ms(r["floor_median"]), fmt_ms(r["floor_p90"]), fmt_ratio(r["ratio"]),
                 fmt_ci(r["ratio_ci"]), fmt_ms(r["script_ms"]), fmt_ms(r["floor_script_ms"]), fmt_ms(r["first_msg"]),
                 fmt_ms(r["run_end"]), fmt_bytes(r["bytes"]), fmt_bytes(r["floor_bytes"]),
                 r["error"] or "; ".join(r["page_errors"]) or r["failures"]] for r in rows]
        out += [table(header, body), ""]
    if run.get("browser_profile"):
        out += browser_section(run["browser_profile"])
    if profiles:
        out += profile_section(profiles)
    out += METHOD
    return "\n".join(out) + "\n"


# the T control's targets (docs/performance.md): key press → final chart data, and a drag frame
CONTROL_RATIO, CONTROL_MS_DEFAULT, CONTROL_MS_64 = 0.5, 120.0, 250.0
FRAME_MS_8, FRAME_MS_64 = 16.0, 50.0


def median_ci(xs: Sequence[float], n_boot: int = 2000, level: float = 0.95, seed: int = 0) -> tuple[float, float]:
    """Bootstrap interval of the median."""
    if len(xs) < 2:
        return (math.nan, math.nan)
    rng = random.Random(seed)
    boots = [median([rng.choice(xs) for _ in xs]) for _ in range(n_boot)]
    tail = (1 - level) / 2
    return (quantile(boots, tail), quantile(boots, 1 - tail))


def fmt_ms_ci(ci: tuple[float, float], decimals: int = 0) -> str:
    lo, hi = ci
    return "–" if math.isnan(lo) else f"{lo:.{decimals}f}–{hi:.{decimals}f}"


def control_section(results: Sequence[dict]) -> list[str]:
    """The T control: key press → the painted preview, against the floor's step; drag frames."""
    rows = [r for r in results if isinstance(r.get("control"), dict) and r["control"].get("press")]
    if not rows:
        return []
    out = ["## The T control: a key press → every T chart shows its final data, and a drag frame", "",
           f"Targets: ≤ {CONTROL_RATIO}× the floor's step and ≤ {CONTROL_MS_DEFAULT:g} ms at the default sentence "
           f"(4 words), ≤ {CONTROL_RATIO}× and ≤ {CONTROL_MS_64:g} ms at 64 words; a drag frame ≤ {FRAME_MS_8:g} ms "
           f"median at 8 words, ≤ {FRAME_MS_64:g} ms at 64. \"Server step\" is the same page's step through the "
           "server (the hidden Streamlit slider), what every step cost before the control; \"confirmed\" is the "
           "press → the end of the run the control starts after its 300 ms pause.", ""]
    body = []
    for r in rows:
        c = r["control"]
        floor = [x["latency"] for x in r.get("floor", [])]
        app = [x["latency"] for x in r.get("app", [])]
        press, frames = c["press"], c.get("drag_frames", [])
        ms_target = CONTROL_MS_64 if r["n"] >= 64 else (CONTROL_MS_DEFAULT if r["n"] <= 4 else None)
        ratio_ = ratio(median(press), median(floor))
        ok_press = None if not floor else (ratio_ <= CONTROL_RATIO
                                           and (ms_target is None or median(press) <= ms_target))
        frame_target = FRAME_MS_8 if r["n"] == 8 else (FRAME_MS_64 if r["n"] >= 64 else None)
        ok_frame = None if frame_target is None or not frames else median(frames) <= frame_target
        body.append([r["page"], r["n"], f"{fmt_ms(median(press))} ({fmt_ms_ci(median_ci(press))})",
                     f"{fmt_ms(median(floor))}", f"{fmt_ratio(ratio_)} ({fmt_ci(ratio_ci(press, floor))})",
                     verdict(ok_press), fmt_ms(median(app)), fmt_ms(median(c.get("confirmed", []))),
                     f"{median(frames):.1f} ({fmt_ms_ci(median_ci(frames), 1)})", fmt_ms(quantile(frames, 0.95)),
                     len(frames), verdict(ok_frame), c.get("failures", 0)])
    out += [table(("page", "n", "press → painted ms, median (95% CI)", "floor step ms", "ratio (95% CI)",
                   "press verdict", "server step ms", "confirmed ms", "drag frame ms, median (95% CI)",
                   "drag frame p95 ms", "frames", "frame verdict", "failed"), body), ""]
    return out


def reps_range(rows: Sequence[dict], settings: dict) -> str:
    """"12" or "6–15 (up to 15, at least 5: the time budget decides)"."""
    counts = [r["steps"] for r in rows if r["steps"]]
    if not counts:
        return str(settings.get("reps", "?"))
    lo, hi = min(counts), max(counts)
    if lo == hi:
        return str(lo)
    return (f"{lo}–{hi} (up to {settings.get('reps')}, at least {settings.get('min_reps', '?')}: "
            f"the --budget of {settings.get('budget', '?')} min shares the time out)")


def load_note(load: dict | None, cores: int) -> str:
    """The 1-minute load average at start and end: other work on the machine skews absolute times (less so ratios)."""
    if not load or "start" not in load:
        return ""
    end = f" / {load['end'][0]:.1f} at the end" if load.get("end") else ""
    return f"; load average {load['start'][0]:.1f} at the start{end} (on {cores} cores)"


def summary_line(rows: Sequence[dict], check, by_size: bool = False) -> str:
    verdicts = [check(r) for r in rows]

    def name(r: dict) -> str:
        return f"{r['page']} at {r['n']}" if by_size else r["page"]

    missed = [name(r) for r, v in zip(rows, verdicts) if v is False]
    unmeasured = [name(r) for r, v in zip(rows, verdicts) if v is None]
    noun = "sizes" if by_size else "pages"
    text = f"**{sum(v is True for v in verdicts)} of {len(rows)} {noun} meet the target.**"
    if missed:
        text += f" Missed: {', '.join(missed)}."
    if unmeasured:
        text += f" Not measured: {', '.join(unmeasured)}."
    return text


def cold_section(cold: dict) -> list[str]:
    app = [c["total_s"] for c in cold["app"]]
    floor = [c["total_s"] for c in cold.get("floor", [])]
    r = ratio(median(app), median(floor))
    passed = None if math.isnan(r) else r <= COLD_RATIO

    def row(name: str, xs: list[dict]) -> list[object]:
        def med(k: str) -> str:
            v = median([c[k] for c in xs if c.get(k) is not None])
            return "–" if math.isnan(v) else f"{v:.2f}"

        return [name, len(xs), med("total_s"), med("server_s"), med("first_run_s"), med("first_chart_s")]

    lines = [f"## Target: cold start within {COLD_RATIO}× of the bare page", "",
             "Server start (process launch) → first chart drawn (first plotly_afterplot), app Home (default "
             "sentence) against the bare page with Home's charts; fresh server and browser context each time, "
             "alternated.", ""]
    lines += [table(("", "runs", "total s (median)", "launch → server up s", "server up → first run done s",
                     "server up → first chart s"),
                    [row("app Home", cold["app"]), row("floor", cold.get("floor", []))]), ""]
    lines += [f"Ratio {fmt_ratio(r)}: {verdict(passed)}" + ("" if passed is not False else " — " + cold_why(cold)),
              ""]
    return lines


def fmt_costs(costs: Sequence[dict], k: int) -> str:
    return ", ".join(f"{c['name']} {c['share']:.0%} (~{c['ms']:.0f} ms)" for c in costs[:k])


def cold_why(cold: dict) -> str:
    """Which phase of the cold start the app loses its time in, against the floor (phase medians)."""
    def phases(c: dict) -> dict[str, float]:
        out = {"server start": c["server_s"]}
        if c.get("first_run_s") is not None:
            out["first script run"] = c["first_run_s"]
            out["run end → first chart"] = c["first_chart_s"] - c["first_run_s"]
        return out

    deltas = []
    for name in ("server start", "first script run", "run end → first chart"):
        a = median([phases(c)[name] for c in cold["app"] if name in phases(c)])
        b = median([phases(c)[name] for c in cold.get("floor", []) if name in phases(c)])
        if not (math.isnan(a) or math.isnan(b)):
            deltas.append((a - b, name, a, b))
    if not deltas:
        return "no breakdown"
    parts = [f"{name} {a:.2f} s vs {b:.2f} s" for _, name, a, b in deltas]
    return "app vs floor: " + "; ".join(parts) + f" (most lost in: {max(deltas)[1]})"


def browser_section(profiles: list[dict]) -> list[str]:
    lines = ["## Where the browser time goes", "",
             "Chromium's CPU profile (DevTools protocol, 0.5 ms sampling) of one slider step on the pages furthest "
             "from the floor, at 8 words and at the largest size: inclusive time of the named functions "
             "(Plotly's bundle is minified, but its method names survive), as a share of the busy (non-idle) "
             "time of the profile window (which also holds a little before the press and the quiet period after "
             "it).", ""]
    body = []
    for p in profiles:
        if p.get("error"):
            body.append([p["page"], p["n"], "–", "–", p["error"]])
            continue
        top = "; ".join(f"{c['name']} {c['share']:.0%} ({c['ms']:,.0f} ms)" for c in p["top"][:8])
        body.append([p["page"], p["n"], fmt_ms(p["latency"]), fmt_ms(p["busy_ms"]), top])
    lines += [table(("page", "n", "step ms", "busy ms (profile window)", "top functions (inclusive)"), body), ""]
    return lines


def profile_section(profiles: dict) -> list[str]:
    lines = ["## Where the server time goes", "",
             "Sidebar-T reruns of each page under Streamlit's AppTest (`python bench/server_profile.py` prints the "
             "same plus cProfile's top functions), sampled every ~1 ms: the share of samples whose call stack is "
             "inside each category. Shares are inclusive and nest (plotly graph_objects inside the app's figure "
             "builders, plotly's JSON inside st.plotly_chart), so they do not add up to 100%; ms = share × the "
             "median rerun.", ""]
    body = []
    for page, per_n in profiles.items():
        for n, p in sorted(per_n.items(), key=lambda kv: int(kv[0])):
            if p.get("error"):
                body.append([page, n, "–", p["error"]])
            else:
                body.append([page, n, fmt_ms(p["rerun_ms"]), fmt_costs(p.get("top", []), 5)])
    lines += [table(("page", "n", "rerun ms (AppTest)", "top costs (inclusive share of the rerun)"), body), ""]
    return lines


METHOD = [
    "## How it is measured",
    "",
    "- Two Streamlit servers with the same flags run side by side: the app (with `ATTENTION_TIMING_LOG` set, "
    "so every script run logs its server-side time) and `bench/bare_app.py`, the floor. Each is open in its "
    "own browser context; the app page (A) and its floor (B) are stepped alternately, A B A B ….",
    "- The sentence: n words of the built-in lexicon, set through a share link (`?s=`). The multi-head page "
    "is benchmarked with its \"follow the sidebar T\" switch on, else T changes nothing on it.",
    "- One step: a key press on the focused sidebar T slider (ArrowRight/ArrowLeft). Pattern `sweep` walks the "
    "whole T range and turns at its ends, so nearly every step asks for values not seen in the last two runs; "
    "`alternate` (Right, Left, …) would let Streamlit's ForwardMsg cache (messages ≥ 10 kB seen in the last 2 "
    "runs are sent as a hash reference) hide the chart bytes.",
    "- The clock starts at the keydown (`performance.now()` in the page) and stops when the run the press "
    "started has finished (the app's script state went back to `notRunning`; a run too short to ever show "
    "`running` ends at its last websocket message), the app is idle (no stale element) and every chart that "
    "redraws has fired `plotly_afterplot`, whichever is later; 150 ms with no message, draw or state change "
    "confirm nothing else follows.",
    "- Which charts redraw: Streamlit 1.67 gives each `st.plotly_chart` an element id that hashes its spec, "
    "so a chart whose figure changed is remounted (a new DOM node, `Plotly.newPlot`, `plotly_afterplot`) and "
    "one whose figure did not change is not touched at all (no afterplot). The rule: every chart whose spec "
    "changed must fire afterplot. Warm-up steps count how many charts redraw per step (\"charts redrawn\"); "
    "measured steps wait for at least that many. Because a redrawn chart is a new node, listeners attached "
    "with `gd.on` die with it; the benchmark wraps the `emit` function Plotly installs on every chart div "
    "(a setter on `HTMLElement.prototype`, installed before the page loads), which sees every afterplot from "
    "a chart's birth.",
    "- The floor draws, for every chart of the page, one chart of the same width and height with one "
    "`go.Heatmap` of random data per heatmap of the same shape, and one more heatmap of traces × points for "
    "all its other traces (bars, lines, text) together; seeded by T for the charts that redraw on the app "
    "page and fixed for the others; no cell text, tick labels or hover data of the app, `theme=None` like the "
    "app.",
    "- Script time: median of the app's `ATTENTION_TIMING_LOG` lines written during the measured steps "
    "(the floor logs its own to `BENCH_TIMING_LOG`). Bytes: websocket messages the page received between the "
    "press and the end of the step (counted by a wrapper around `window.WebSocket`).",
    "- Cold start: process launch → health check → navigate → first `plotly_afterplot`, for the app Home and "
    "for the floor with Home's charts, alternated, a fresh server and browser context each time.",
    "- The ratio's 95% interval is a bootstrap of median(app) / median(floor) over the measured steps; a "
    "wide interval means more `--reps`. No test asserts on timings (`tests/test_bench.py` checks only the "
    "statistics and the formatting).",
    "",
]
