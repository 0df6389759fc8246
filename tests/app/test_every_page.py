"""What every page draws, read from the charts themselves in both languages."""

import re

import pytest

from attention_core.registry import PAGE_KEYS
from tests.app.conftest import chart, chart_names, open_page


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("key", PAGE_KEYS)
def test_rotated_axis_titles_have_no_arrow_that_turns_sideways(key, lang):
    """y-axis titles are drawn a quarter turn round, so an arrow in them would point the wrong way: words only."""
    at = open_page(key)
    if lang == "en":
        at.segmented_control(key="sb:lang").set_value("en").run()
    titles = []
    for name in chart_names(at):
        layout = chart(at, name).to_plotly_json()["layout"]
        titles += [(name, axis["title"]["text"]) for k, axis in layout.items()
                   if k.startswith("yaxis") and isinstance(axis.get("title"), dict) and axis["title"].get("text")]
    if key in ("gaze", "score", "value", "order"):  # pages whose matrices name their rows
        assert titles, key
    for name, text in titles:
        assert not re.search("[↓↑→←]", text), (key, name, text)
