"""The core every screen shares: the attention math, the lesson's editable state, and its analysis.

Importing this package pulls in numpy only; figures and the Streamlit frame live in their own
modules (`attention_core.figures`, `attention_core.ui`) that only the pages import.
"""

from . import learn
from .attention import (
    AttentionTrace,
    MultiHeadTrace,
    add_and_norm,
    layer_norm,
    multi_head_attention,
    self_attention,
    softmax,
)
from .errors import InputError
from .positions import causal_mask, padding_mask, padding_masks, positional_encoding

__all__ = [
    "AttentionTrace",
    "InputError",
    "MultiHeadTrace",
    "add_and_norm",
    "causal_mask",
    "layer_norm",
    "learn",
    "multi_head_attention",
    "padding_mask",
    "padding_masks",
    "positional_encoding",
    "self_attention",
    "softmax",
]
