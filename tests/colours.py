"""Colours as a viewer sees them: tests assert a hue or a lightness, never a colour's spelling."""

from __future__ import annotations

import colorsys
import re


def rgb(color: str) -> tuple[int, int, int]:
    """A Plotly colour ("#rrggbb" or "rgb(r, g, b)") as three 0–255 channels."""
    if color.startswith("#"):
        return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
    channels = re.findall(r"\d+", color)[:3]
    assert len(channels) == 3, color
    return tuple(int(v) for v in channels)  # type: ignore[return-value]


def hue(color: str) -> float:
    """The colour's hue in degrees (0 red, 120 green, 240 blue)."""
    r, g, b = rgb(color)
    return colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)[0] * 360


def saturation(color: str) -> float:
    r, g, b = rgb(color)
    return colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)[1]


def is_green(color: str) -> bool:
    """A clearly coloured green (not a near-white or grey)."""
    return saturation(color) > 0.3 and 75 <= hue(color) <= 165


def is_blue(color: str) -> bool:
    """A clearly coloured blue."""
    return saturation(color) > 0.3 and 190 <= hue(color) <= 260


def is_near_white(color: str) -> bool:
    return min(rgb(color)) >= 240
