"""Driving this app in a real browser: its sidebar controls, its page links, what its charts show."""

from __future__ import annotations

from attention_core.registry import PAGE_KEYS
from tests.e2e.helpers import assert_no_exception, plotly_count, wait_for_app, wait_for_plots

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


def settle(page, n_min: int = 1, timeout: float = 90000) -> None:
    """Wait for the run to end and the charts to draw, then check there is no exception block.

    The generous timeout is for a machine shared with other work: a heavy page may take long to run there.
    """
    wait_for_app(page, timeout=timeout)
    wait_for_plots(page, n_min=n_min, timeout=timeout)
    assert_no_exception(page)


def go_to(page, key: str) -> None:
    """Navigate with the app's own sidebar link."""
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)


def set_sentence(page, sentence: str) -> None:
    box = page.locator(f'{SIDEBAR} [data-testid="stTextInput"] input').first
    box.fill(sentence)
    box.press("Enter")
    settle(page)


def switch_language(page, label: str) -> None:
    page.locator(f"{SIDEBAR} button", has_text=label).first.click()
    settle(page)


def share_link(page) -> str:
    """The text of the sidebar's share-link code block."""
    return page.locator(f'{SIDEBAR} [data-testid="stCode"] code').first.inner_text().strip()


def tick_texts(page) -> list[str]:
    return page.evaluate(TICK_TEXTS_JS)


def rows_on_top(page) -> list[bool]:
    return page.evaluate(ROW0_ON_TOP_JS)


def chart_count(page) -> int:
    return plotly_count(page)


def chart_titles(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('.js-plotly-plot')]"
        ".map(gd => ((gd.layout.title || {}).text || '').replaceAll('<br>', ' '))"
    )


def edit_first_cell(page, grid_index: int, value: str) -> None:
    """Type `value` into the top-left data cell of a freshly drawn data editor, as a user would.

    The grid is a canvas: click along its first row until the grid's accessibility table reports that
    cell selected, then type over it and press Enter. Callers check the effect on the charts.
    """
    # the editors sit in expanders that are closed by default (the charts come first): open them
    closed = page.locator('[data-testid="stMain"] details:not([open])',
                          has=page.locator('[data-testid="stDataFrame"]'))
    for _ in range(closed.count()):
        closed.nth(0).locator("summary").first.click()
        settle(page)
    grid = page.locator('[data-testid="stMain"] [data-testid="stDataFrame"]').nth(grid_index)
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    target = grid.locator("td#glide-cell-1-0")
    for x in range(int(box["x"]) + 10, int(box["x"] + box["width"]), 20):
        page.mouse.click(x, box["y"] + 35 + 17)  # below the 35 px header row
        page.wait_for_timeout(120)  # the accessibility table follows the canvas a moment later
        if target.get_attribute("aria-selected") == "true":
            break
    else:
        raise AssertionError(f"no first data cell found in data editor {grid_index}")
    page.keyboard.type(value)
    page.keyboard.press("Enter")
    settle(page)


def open_tools(page) -> None:
    """Open the sidebar's lecture-tools expander (snapshot, export, state files) if it is closed."""
    expander = page.locator(f"{SIDEBAR} [data-testid='stExpander']", has_text="강의 도구").first
    details = expander.locator("[data-testid='stExpanderDetails']")
    if not details.count() or not details.is_visible():
        expander.locator("summary").click()
    page.wait_for_timeout(300)


def upload_state(page, path) -> None:
    """Load a state file through the lecture tools (the first uploader; the lesson scenes have the second)."""
    open_tools(page)
    page.locator(f"{SIDEBAR} [data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(path))
    settle(page)
