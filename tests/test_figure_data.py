"""The test decoder of plotly's typed arrays agrees with plotly's own encoder, for every dtype plotly emits."""

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
