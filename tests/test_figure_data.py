"""The test decoder of plotly's typed arrays agrees with plotly's own encoder, for every dtype plotly emits;
the template filler shows what the browser draws for the forms the app uses."""

import json

import numpy as np
import plotly.graph_objects as go
import pytest

from tests.figure_data import decode_typed_arrays


@pytest.mark.parametrize("values", [
    np.arange(12, dtype=float).reshape(3, 4) / 7,
    np.array([[1, -2], [3, 4]]),  # int64, narrowed by plotly to int8
    np.array([70_000, -5], dtype=np.int64),  # narrowed to int32
    np.array([0.5, 1.5], dtype=np.float32),
    np.array([200, 3], dtype=np.uint8),
])
def test_decoder_inverts_plotly_encoding(values):
    spec = json.loads(go.Figure(go.Heatmap(z=values)).to_json())
    z = decode_typed_arrays(spec)["data"][0]["z"]
    assert isinstance(z, np.ndarray) and z.shape == values.shape
    np.testing.assert_array_equal(z, values)


def test_shown_text_fills_the_template_forms_the_app_uses_and_refuses_others():
    from tests.figure_data import shown_text

    assert shown_text("%{z:.2f}", z=0.125) == "0.13" and shown_text("%{z:.2f}", z=-0.125) == "-0.13"  # as toFixed
    assert shown_text("%{z:.1f}", z=-5) == "-5.0" and shown_text("%{z:.2f}", z=2 / 3) == "0.67"
    assert shown_text("보는: %{y}<br>%{z:.3f}<extra></extra>", y="슬픈", z=1 / 3) == "보는: 슬픈\n0.333"
    with pytest.raises(AssertionError):
        shown_text("%{z:.0%}", z=0.5)  # a percentage: not a form the helper knows, so no silent guess
    with pytest.raises(AssertionError):
        shown_text("%{customdata}", z=0.5)  # a field the caller did not give
