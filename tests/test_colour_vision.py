"""Every colour scale and mark colour in theme.py survives colour-vision deficiency, and the text colours the
app's style sheet sets keep their contrast.

Simulation: Machado et al. 2009, severity 1 (protanopia, deuteranopia, tritanopia), in linear RGB; distance:
CIEDE2000, checked first against Sharma et al.'s 2005 test pairs. The two ends of each scale, and each mark
against every colour of the scale beneath it, stay ≥ MIN_DELTA_E apart for normal vision and all three.
A cell mark is a ring in black or white, whichever stands out from the cell (figures.ring_color); ⑦'s boxed
column is drawn in its colour over a white halo: on any cell, one of the two must stand out.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
from plotly.colors import get_colorscale, sample_colorscale

from attention_core import figures, theme
from tests.colour_vision import KINDS, MACHADO_2009, ciede2000, delta_e, lab, simulate
from tests.colours import rgb

ROOT = Path(__file__).resolve().parents[1]
MIN_DELTA_E = 20.0
SAMPLES = 41  # colours sampled along each scale
SCALES = {"diverging": theme.DIVERGING, "sequential": theme.SEQUENTIAL}
# Each mark colour and the scales it is drawn on (from where the app draws it):
MARKS_ON = {
    "KEY_COLOR": ("diverging",),  # ⑦ the emotion column boxed on W_Q W_Kᵀ
}


def scale(name: str) -> list[tuple[int, int, int]]:
    return [rgb(c) for c in sample_colorscale(get_colorscale(name), list(np.linspace(0, 1, SAMPLES)))]


def relative_luminance(color: str) -> float:
    from tests.colour_vision import to_linear
    return float(to_linear(rgb(color)) @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_ciede2000_matches_sharma_2005():
    data = np.loadtxt(ROOT / "tests" / "data" / "sharma2005_ciede2000.txt")
    assert data.shape == (34, 7)
    got = ciede2000(data[:, 0:3], data[:, 3:6])
    np.testing.assert_allclose(got, data[:, 6], atol=1e-4)
    np.testing.assert_allclose(ciede2000(data[:, 3:6], data[:, 0:3]), got, atol=1e-12)  # symmetric


def test_lab_of_the_primaries():
    np.testing.assert_allclose(lab((255, 255, 255)), (100, 0, 0), atol=0.01)
    np.testing.assert_allclose(lab((255, 0, 0)), (53.24, 80.09, 67.20), atol=0.05)  # sRGB red, D65


def test_machado_matrices_keep_white_and_grey():
    for m in MACHADO_2009.values():
        np.testing.assert_allclose(m.sum(axis=1), 1.0, atol=1e-3)  # rows sum to 1: greys stay grey
    for kind in MACHADO_2009:
        np.testing.assert_allclose(simulate((128, 128, 128), kind), (128, 128, 128), atol=0.3)
    # a dichromat cannot tell red from green the way others do: the simulation brings them much closer
    red, green = (213, 94, 0), (0, 158, 115)
    assert delta_e(red, green, "deuteranopia") < 0.5 * delta_e(red, green)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", list(SCALES))
def test_the_ends_of_each_scale_stay_apart(name, kind):
    colours = scale(SCALES[name])
    assert delta_e(colours[0], colours[-1], kind) >= MIN_DELTA_E
    if name == "diverging":  # and each end from the white 0 in the middle
        mid = colours[SAMPLES // 2]
        assert min(delta_e(colours[0], mid, kind), delta_e(colours[-1], mid, kind)) >= MIN_DELTA_E


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", list(SCALES))
def test_a_cell_mark_stands_out_on_every_cell_beneath_it(name, kind):
    """A quiz or picked-cell mark is a ring in black or white, whichever stands out from the cell (ring_color)."""
    for cell in scale(SCALES[name]):
        ring = figures.ring_color("rgb({}, {}, {})".format(*cell))
        assert delta_e(rgb(ring), cell, kind) >= MIN_DELTA_E, (name, cell, kind, ring)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mark", list(MARKS_ON))
def test_every_boxed_column_stands_out_on_every_cell_beneath_it(mark, kind):
    rings = (rgb(getattr(theme, mark)), rgb(theme.MARK_HALO_COLOR))  # its colour over a white halo
    for name in MARKS_ON[mark]:
        for cell in scale(SCALES[name]):
            best = max(delta_e(ring, cell, kind) for ring in rings)
            assert best >= MIN_DELTA_E, (mark, name, cell, kind, best)


@pytest.mark.parametrize("kind", KINDS)
def test_a_masked_cell_stands_apart_from_the_weights_zero_and_its_cross_reads(kind):
    zero = scale(theme.SEQUENTIAL)[0]
    assert delta_e(rgb(theme.MASKED_COLOR), zero, kind) >= MIN_DELTA_E
    assert delta_e(rgb(theme.MASKED_TEXT_COLOR), rgb(theme.MASKED_COLOR), kind) >= MIN_DELTA_E
    assert contrast(theme.MASKED_TEXT_COLOR, theme.MASKED_COLOR) >= 4.5


def test_the_line_series_differ_in_dash_and_shape_as_well_as_colour():
    assert len(set(theme.DASHES)) == len(theme.DASHES) >= 4
    assert len(set(theme.SYMBOLS)) == len(theme.SYMBOLS) >= 4
    assert len({theme.PICKED_DASH, theme.GUESS_DASH, theme.WINNER_DASH}) == 3  # the cell marks' lines


STREAMLIT_BACKGROUNDS = ("#ffffff", "#f0f2f6", "#f8f8f7")  # the main area, Streamlit's grey panels, the sidebar
BOX_FILLS = ("#f8f8f7", "#f1f0ee")  # a text or select box's own fill, in the main area and in the sidebar


def test_text_colours_of_the_style_sheet_keep_their_contrast():
    for bg in STREAMLIT_BACKGROUNDS:
        assert contrast(theme.CAPTION_TEXT_COLOR, bg) >= 4.5, bg
        assert contrast(theme.QUOTE_TEXT_COLOR, bg) >= 4.5, bg
        assert contrast(theme.FOCUS_COLOR, bg) >= 3.0, bg  # WCAG 1.4.11, the focus ring
        assert contrast(theme.PRESENTER_TEXT_COLOR, bg) >= 7.0, bg  # WCAG 1.4.6 in presenter mode
    for bg in STREAMLIT_BACKGROUNDS + BOX_FILLS:  # WCAG 1.4.11: a toggle's outline, a text or select box's edge
        assert contrast(theme.CONTROL_EDGE_COLOR, bg) >= 3.0, bg
    # the selected language button: its text on Streamlit's tint of the primary colour (measured by axe: #f5e9df
    # for the old orange; the tint is lighter than 8% of the primary over white)
    def tint_of(share: float) -> str:
        return "#" + "".join(f"{round(255 - share * (255 - c)):02x}" for c in rgb(theme.PRIMARY_COLOR))

    tint = tint_of(0.08)
    assert contrast(theme.SELECTED_TEXT_COLOR, tint) >= 4.5
    # and in presenter mode: the tint as axe measured it on the class page too, and the darker tint under the mouse
    # (a selected segment hovered: #eedbcc for this primary, 20 % of it over white, measured by axe)
    for shade in (tint, "#f6ede6", tint_of(0.2)):
        assert contrast(theme.PRESENTER_PRIMARY_COLOR, shade) >= 7.0, shade
    assert contrast(theme.PRIMARY_COLOR, "#ffffff") >= 4.5  # text in the primary colour, and white text on it
    assert contrast(theme.PRESENTER_PRIMARY_COLOR, "#ffffff") >= 7.0  # presenter mode's primary buttons


def test_the_primary_colour_is_the_one_streamlit_is_given():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["theme"]["primaryColor"].lower() == theme.PRIMARY_COLOR.lower()
    assert re.fullmatch(r"#[0-9a-f]{6}", theme.PRIMARY_COLOR)
