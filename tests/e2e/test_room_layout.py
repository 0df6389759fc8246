"""The smaller things a room sees, in the browser at 1920×1080 in presenter mode and at 1280×720, in Korean and in
English: axis titles on one line, whole and clear of the tick labels; chart titles never leave a number alone on a
line; the T slider's end labels clear of the caption under it when focused."""

from __future__ import annotations

import itertools
import re

import pytest

from attention_core.codec import encode_link
from attention_core.scenario import Scenario, View
from tests.e2e.app_driver import laid_out_for_the_page, settle

SIZES = {"presenter-1920": ((1920, 1080), True), "plain-1280": ((1280, 720), False)}

# Per chart: its svg box, its axis titles (box, number of lines) and tick label boxes, its title's lines.
TITLES_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].map(gd => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const svg = box(gd.querySelector('svg.main-svg'));
  const axis = (title, ticks) => [...gd.querySelectorAll(title)].filter(t => t.textContent.trim()).map(t => ({
    text: t.textContent, box: box(t), lines: Math.max(1, t.querySelectorAll('tspan.line').length),
    ticks: [...gd.querySelectorAll(ticks)].filter(k => k.textContent.trim()).map(k => ({text: k.textContent,
                                                                                      box: box(k)})),
  }));
  const gtitle = gd.querySelector('.gtitle');
  const lines = !gtitle ? [] : (gtitle.querySelectorAll('tspan.line').length
    ? [...gtitle.querySelectorAll('tspan.line')].map(t => t.textContent) : [gtitle.textContent]);
  return {svg, y: axis('.g-ytitle text.ytitle', '.ytick text'), x: axis('.g-xtitle text.xtitle', '.xtick text'),
          title: lines};
})
"""

# The T control on the page (tcontrol: its name and value above the range, no end labels) and the first caption
# under it that shares its columns.
SLIDER_JS = """
() => {
  const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const shown = el => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const control = [...document.querySelectorAll('[data-testid="stMain"] .attention-t')].find(shown);
  const bar = box(control);
  const below = [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stCaptionContainer"]')]
    .map(box).filter(c => c.t >= bar.t && c.l < bar.r && c.r > bar.l).sort((a, c) => a.t - c.t);
  return {bar, caption: below[0] || null};
}
"""


def overlap(a: dict, b: dict, gap: float = 0.5) -> bool:
    return a["l"] < b["r"] - gap and b["l"] < a["r"] - gap and a["t"] < b["b"] - gap and b["t"] < a["b"] - gap


def open_page(app_server, new_page, key: str, lang: str, size: str):
    viewport, presenter = SIZES[size]
    page = new_page(viewport=viewport)
    link = encode_link(Scenario(), View(lang=lang, presenter=presenter))
    page.goto(app_server.page_url("" if key == "home" else key) + f"?s={link}")
    settle(page)
    if presenter:  # its charts are laid out again once the page's width is told: read them after that run
        laid_out_for_the_page(page)
    return page


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("key", ["score", "temperature", "learn"])
def test_axis_and_chart_titles_are_whole_on_one_line_and_clear_of_the_ticks(app_server, new_page, key, lang, size):
    page = open_page(app_server, new_page, key, lang, size)
    charts = page.evaluate(TITLES_JS)
    assert charts
    seen = 0
    for chart in charts:
        svg = chart["svg"]
        for title in chart["y"] + chart["x"]:
            seen += 1
            where = (key, title["text"])
            assert title["lines"] == 1, where
            b = title["box"]
            assert b["l"] >= svg["l"] - 0.5 and b["t"] >= svg["t"] - 0.5, where  # no glyph cut at the edge
            assert b["r"] <= svg["r"] + 0.5 and b["b"] <= svg["b"] + 0.5, where
            hit = [t["text"] for t in title["ticks"] if overlap(b, t["box"])]
            assert not hit, (where, hit)
        for line in chart["title"]:
            assert line.count("(") == line.count(")"), (key, chart["title"])
            assert not re.fullmatch(r"\W*\d+\W*", line), (key, chart["title"])
    assert seen > 0  # the page's charts have axis titles to check


# Per axis of every chart: how many categories, and each drawn tick label's box and font size.
TICKS_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] .st-key-chart-pipeline .js-plotly-plot')].flatMap(gd => {
  const L = gd._fullLayout;
  return Object.keys(L).filter(k => /^[xy]axis[0-9]*$/.test(k)).map(k => {
    const id = k[0] + k.slice(5);
    const ticks = [...gd.querySelectorAll(`.${id}tick text`)].filter(t => t.textContent.trim()).map(t => {
      const r = t.getBoundingClientRect();
      return {text: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom,
              size: parseFloat(getComputedStyle(t).fontSize)};
    });
    return {axis: k, categories: (L[k]._categories || []).length, ticks};
  });
})
"""


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_homes_grid_names_every_word_and_axis_apart(app_server, new_page, lang, size):
    page = open_page(app_server, new_page, "home", lang, size)
    axes = page.evaluate(TICKS_JS)
    assert len(axes) == 16  # the pipeline grid's eight panels
    for axis in axes:
        ticks = axis["ticks"]
        assert len(ticks) == axis["categories"], axis["axis"]  # no word or axis name left out
        for a, b in itertools.pairwise(ticks):
            if axis["axis"][0] == "y":  # row labels stack: their boxes never overlap
                assert not overlap(a, b), (axis["axis"], a, b)
            else:  # column labels turned 45°: neighbours at least one line apart along the axis
                assert abs((b["l"] + b["r"]) - (a["l"] + a["r"])) / 2 >= a["size"], (axis["axis"], a, b)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_t_control_stays_clear_of_the_caption_under_it(app_server, new_page, lang, size):
    page = open_page(app_server, new_page, "temperature", lang, size)
    control = page.locator("[data-testid='stMain'] .attention-t-range:visible").first
    control.scroll_into_view_if_needed()
    control.focus()
    control.hover()
    found = page.evaluate(SLIDER_JS)
    assert found["caption"] is not None
    assert found["bar"]["b"] <= found["caption"]["t"], found
