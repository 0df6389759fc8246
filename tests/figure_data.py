"""Figure JSON as the browser receives it, decoded back to numpy for assertions.

Plotly serialises numpy arrays as typed-array specs ({"dtype": "f8", "bdata": <base64>, "shape": "4, 4"});
plotly.js decodes them in the browser, plotly.py has no decoder. This one uses plotly's own dtype table
(`_plotly_utils.utils.plotlyjsShortTypes`) and is checked against plotly's encoder in tests/test_figure_data.py.
"""

from __future__ import annotations

import base64

import numpy as np
from _plotly_utils.utils import plotlyjsShortTypes

_DTYPES = {short: np.dtype(name) for name, short in plotlyjsShortTypes.items()}


def decode_typed_arrays(obj):
    """Typed-array specs back to numpy arrays, recursively through dicts and lists."""
    if isinstance(obj, dict):
        if "bdata" in obj and "dtype" in obj:
            arr = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=_DTYPES[obj["dtype"]])
            shape = obj.get("shape")
            return arr.reshape([int(n) for n in str(shape).split(",")]) if shape else arr
        return {k: decode_typed_arrays(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [decode_typed_arrays(v) for v in obj]
    return obj
