"""Driving this app in a real browser: its sidebar controls, its page links, what its charts show."""

from __future__ import annotations

import re
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from attention_core.i18n import text
from attention_core.registry import LANGUAGES, PAGE_KEYS
from tests.e2e.helpers import assert_no_exception, plotly_count, wait_for_settled

SIDEBAR = '[data-testid="stSidebar"]'
SIDEBAR_LINKS = f'{SIDEBAR} a[data-testid="stPageLink-NavLink"]'

# For every rendered heatmap: is the first row drawn above the second (row 0 at the top)?
ROW0_ON_TOP_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(gd =>
  (gd._fullData || []).filter(t => t.type === 'heatmap' && t.z && t.z.length > 1).map(t => {
    const ya = gd._fullLayout[(t.yaxis || 'y').replace('y', 'yaxis')];
    return ya.l2p(0) < ya.l2p(1);
  }))
"""

# Every tick label text of every chart, read from Plotly's own layout (ticktext), so labels hidden by
# rotation or size are still counted.
TICK_TEXTS_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(gd => {
  const L = gd._fullLayout || {};
  return Object.keys(L).filter(k => /^[xy]axis\\d*$/.test(k)).flatMap(k => L[k].ticktext || []);
})
"""


def key_class(key: str) -> str:
    """The CSS class Streamlit gives the element container of a widget or element with this key: "st-key-"
    and the key with every character outside [a-zA-Z0-9_-] made "-" (Streamlit 1.67's frontend rule)."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def by_key(page, key: str):
    """The element container of the widget or element with this key (exactly one is expected)."""
    return page.locator(f".{key_class(key)}")


def chart_by_name(page, name: str):
    """The drawn Plotly graph div of the chart a page drew with `page.chart(fig, name)` (key "chart:<name>")."""
    return by_key(page, f"chart:{name}").locator(".js-plotly-plot")


# The chart names on the page, in page order, read from their containers' key classes.
CHART_NAMES_JS = """
() => [...document.querySelectorAll('[class*="st-key-chart-"]')]
  .filter(el => el.querySelector('.js-plotly-plot'))
  .map(el => [...el.classList].find(c => c.startsWith('st-key-chart-')).slice('st-key-chart-'.length))
"""

# One chart as drawn: its title, and per trace (in gd.calcdata order): heatmap z rows as given (NaN → null) and
# as drawn (`drawn_z`, gd.calcdata: what an animation frame changes while gd.data stays; padded to the axis'
# categories), line/bar y, the text in cells, the hover template, the legend name.
CHART_JS = """
gd => ({
  title: ((gd.layout.title || {}).text || '').replaceAll('<br>', ' '),
  traces: (gd.calcdata || []).map(cd => {
    const t = cd[0].trace;
    const plain = v => (v === null || v === undefined || Number.isNaN(v)) ? null : v;
    return {
      type: t.type, name: t.name || '', mode: t.mode || '', hover: t.hovertemplate || '',
      z: t.type === 'heatmap' ? Array.from(t.z, row => Array.from(row, plain)) : null,
      drawn_z: t.type === 'heatmap' ? Array.from(cd[0].z, row => Array.from(row, plain)) : null,
      y: t.type !== 'heatmap' && t.y ? Array.from(t.y, plain) : null,
      text: t.text ? Array.from(t.text, r => (Array.isArray(r) ? Array.from(r) : r)) : null,
    };
  }),
  frames: (gd._transitionData && gd._transitionData._frames || []).map(f => f.name),
  slider: gd._fullLayout.sliders && gd._fullLayout.sliders.length ? gd._fullLayout.sliders[0].active : null,
})
"""


def chart_names(page) -> list[str]:
    """The names of the drawn charts on the page (as class names: ":" and other characters made "-")."""
    return page.evaluate(CHART_NAMES_JS)


def chart_shown(page, name: str) -> dict:
    """What chart `name` draws right now (see CHART_JS)."""
    graph = chart_by_name(page, name)
    assert graph.count() == 1, (name, chart_names(page))
    return graph.evaluate(CHART_JS)


def chart_title(page, name: str) -> str:
    return chart_shown(page, name)["title"]


def click_toggle(page, key: str) -> None:
    """Click the toggle or checkbox with this key, as a user would, and wait for the run."""
    by_key(page, key).locator("label").first.click()
    settle(page)


def click_button(page, key: str, wait: bool = True) -> None:
    by_key(page, key).locator("button").first.click()
    if wait:
        settle(page)


def click_with_a_fragments_change(page, fragment_drawer: str, button: str) -> None:
    """Open or close the drawer `fragment_drawer` (drawn in a fragment: a chart's table switch there) and click the
    button `button` (drawn by the whole page) in one moment of the browser. Streamlit's frontend sends the widget
    changes of one moment in one message, as a run of the first fragment among them: what a clicker's press meets
    right after a page is drawn, when presenter mode's page-width report (a fragment's) goes out."""
    page.evaluate("""([drawer, button]) => {
      const summary = document.querySelector(`[data-testid="stMain"] .${drawer} summary`);
      const press = document.querySelector(`[data-testid="stMain"] .${button} button`);
      if (!summary || !press) throw new Error(`not on the page: ${drawer} ${button}`);
      summary.click();
      press.click();
    }""", [key_class(fragment_drawer), key_class(button)])


def settle(page, n_min: int = 1, timeout: float = 90000) -> None:
    """Wait for the run to end and the charts to draw, then check there is no exception block.

    The generous timeout is for a machine shared with other work: a heavy page may take long to run there.
    """
    wait_for_settled(page, n_min=n_min, timeout=timeout)
    assert_no_exception(page)


def laid_out_for_the_page(page, timeout: float = 90000) -> None:
    """Presenter mode lays its charts out for the page's measured width (ui/room.py) in a whole run after the width
    is told: wait (bounded) until the charts are laid out for this page and that run is over."""
    page.wait_for_function("() => !!document.documentElement.dataset.attentionRoom", timeout=timeout)
    settle(page, timeout=timeout)


def go_to(page, key: str) -> None:
    """Navigate with the app's own sidebar link."""
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)


def set_sentence(page, sentence: str) -> None:
    box = by_key(page, "sb:sentence").locator("input")
    box.fill(sentence)
    box.press("Enter")
    settle(page)


def switch_language(page, lang: str) -> None:
    """Pick language `lang` ("ko", "en") with the sidebar's language switch (its buttons show each language's
    own name)."""
    by_key(page, "sb:lang").locator("button", has_text=LANGUAGES[lang]).click()
    settle(page)


def share_link(page) -> str:
    """The text of the sidebar's share-link code block (its DOM text: a folded sidebar is hidden, in presenter mode)."""
    return page.locator(f'{SIDEBAR} [data-testid="stCode"] code').first.text_content().strip()


def tick_texts(page) -> list[str]:
    return page.evaluate(TICK_TEXTS_JS)


def rows_on_top(page) -> list[bool]:
    return page.evaluate(ROW0_ON_TOP_JS)


def chart_count(page) -> int:
    return plotly_count(page)


# a data editor's cells in its accessibility table: the first row's label, its first data cell, the selected one
LABEL_CELL, FIRST_CELL = "glide-cell-0-0", "glide-cell-1-0"
SELECTED_CELL_JS = "(g.querySelector('td[aria-selected=\"true\"]') || {}).id"
CELL_EDITOR = "#portal textarea, #portal input"  # the editor the grid opens over a cell


def edit_first_cell(page, name: str, value: str) -> None:
    """Type `value` into the top-left data cell of a freshly drawn data editor, as a user would.

    `name` names the matrix ("x", "w_q", …: the editor whose key is "edit:<name>:…"). The grid is a canvas: click
    the first row's label, step right to the first data cell (the grid's accessibility table reports it selected),
    open its editor with Enter, type the value and press Enter. Callers check the effect on the charts.
    """
    # the editors sit in an expander that is closed by default (the charts come first) and builds them only
    # once opened (a rerun): open it
    closed = page.locator(f'[data-testid="stMain"] [class*="{key_class("editors:")}"] details:not([open])')
    for _ in range(closed.count()):
        closed.nth(0).locator("summary").first.click()
        settle(page)
        page.locator('[data-testid="stMain"] [data-testid="stDataFrame"]').first.wait_for()
    grid = page.locator(f'[class*="{key_class(f"edit:{name}:")}"] [data-testid="stDataFrame"]').first
    # the grid's accessibility table marks the selected cell a moment after the canvas draws it; the row label
    # (the index, column 0) is selectable too: click it, then step right to the first data cell. A click that lands
    # while a run is still drawing the grid (the drawer's build, a width report) can be lost with the node it hit:
    # click again, on the grid as it is now, until the selection shows (bounded)
    selected = f"(g) => ['{LABEL_CELL}', '{FIRST_CELL}'].includes({SELECTED_CELL_JS})"
    deadline = time.monotonic() + 60
    while True:
        settle(page)
        grid.scroll_into_view_if_needed()
        box, handle = grid.bounding_box(), grid.element_handle()
        page.mouse.click(box["x"] + 10, box["y"] + 35 + 17)  # the first row's label, below the 35 px header row
        try:
            page.wait_for_function(selected, arg=handle, timeout=5000)
            break
        except PlaywrightTimeoutError:
            if time.monotonic() > deadline:
                raise
    if handle.evaluate(f"(g) => {SELECTED_CELL_JS}") == LABEL_CELL:
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"(g) => {SELECTED_CELL_JS} === '{FIRST_CELL}'", arg=handle, timeout=30000)
    page.keyboard.press("Enter")  # opens the cell's editor
    editor = page.locator(CELL_EDITOR)
    editor.wait_for(timeout=30000)
    editor.fill(value)
    page.keyboard.press("Enter")
    settle(page)


# (an element) shown, and its height the same over the last 5 animation frames
STEADY_JS = """
(el) => {
  const h = el.getClientRects().length ? el.getBoundingClientRect().height : -1;
  const seen = (el.__steady = el.__steady || []);
  if (seen.length && performance.now() - seen[seen.length - 1].t < 12) return false;  // one sample a frame
  seen.push({h, t: performance.now()});
  const last = seen.slice(-5);
  return h > 0 && last.length === 5 && last.every((s) => s.h === h);
}
"""


def open_drawer(page, title_key: str, scope: str = SIDEBAR) -> None:
    """Open the expander titled by catalogue string `title_key` if it is closed, and wait until its content is
    drawn and still: a drawer (ui/drawers.py) builds its content only once opened, in the run the click starts."""
    title = re.compile("|".join(re.escape(text(lang, title_key)) for lang in LANGUAGES))  # in either language
    expander = page.locator(f"{scope} [data-testid='stExpander']", has_text=title).first
    if not expander.locator("details[open]").count():
        expander.locator("summary").click()
    expander.locator("[data-testid='stExpanderDetails'] [data-testid='stElementContainer']").first.wait_for(
        timeout=30000)
    # open once its content stops growing (the expander's opening animation) over a few frames
    details = expander.locator("[data-testid='stExpanderDetails']")
    page.wait_for_function(STEADY_JS, arg=details.element_handle(timeout=30000), timeout=30000)


def open_tools(page) -> None:
    """Open the sidebar's lecture-tools drawer (snapshot, export, state files) if it is closed."""
    open_drawer(page, "lecture.tools")


def upload_state(page, path) -> None:
    """Load a state file through the lecture tools (the first uploader; the lesson scenes have the second)."""
    open_tools(page)
    by_key(page, "tl:upload").locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(path))
    settle(page)


# What the lecturer sees of the state on any page: presenter mode (the sidebar's switch), the T the sidebar's T
# control shows, and the page's error message, if any
LECTURER_STATE_JS = """() => {
  const toggle = document.querySelector('.st-key-sb-presenter input');
  const t = document.querySelector('.attention-t-value');
  const alert = document.querySelector('[data-testid="stMain"] [data-testid="stAlertContentError"]');
  return {presenter: !!(toggle && toggle.checked), t: t ? t.textContent.trim() : null,
          error: alert ? alert.textContent.slice(0, 120) : null};
}"""


# The T control (attention_core/ui/tcontrol): a range input whose steps the browser previews; it tells the server
# once the hand stops. `window.__attentionT` counts its previews and the values it sent.
T_CONTROL = ".attention-t-range"
T_VALUE = ".attention-t-value"


def t_control(page, scope: str = SIDEBAR):
    return page.locator(f"{scope} {T_CONTROL}").first


def t_shown(page, scope: str = SIDEBAR) -> float:
    """The T the control in `scope` shows."""
    return float(page.locator(f"{scope} {T_VALUE}").first.inner_text().strip())


def t_counts(page) -> dict:
    """The control's previews (browser redraws) and sends (values told to the server) since the page loaded."""
    return page.evaluate("() => { const s = window.__attentionT || {}; "
                         "return {previews: s.previews || 0, sends: s.sends || 0, failed: s.failed || 0}; }")


def step_t(page, key: str = "ArrowRight", times: int = 1, scope: str = SIDEBAR, gap_ms: int = 0,
           timeout: float = 30_000) -> None:
    """Press `key` `times` times on the T control, wait until it has told the server, then for the run."""
    before = t_counts(page)["sends"]
    t_control(page, scope).focus()
    for _ in range(times):
        page.keyboard.press(key, delay=gap_ms)  # a hand's pace: the key is held gap_ms before the next press
    page.wait_for_function("n => (window.__attentionT || {}).sends > n", arg=before, timeout=timeout)
    settle(page)
