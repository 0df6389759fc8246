"""What goes inline into an HTML page, for the app (ui/web.py) and the offline handout (attention_core.handout) alike:
a script's data as JSON that cannot end its script element, and theme.py's colours and sizes as CSS custom
properties. No Streamlit here.
"""

from __future__ import annotations

import json

from . import theme

_UNSAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028", 0x2029: "\\u2029"}

# The theme.py constants the style sheets use, each as `--attention-<its name in lower case, "_" as "-">`.
THEMED = ("FOCUS_COLOR", "CAPTION_TEXT_COLOR", "SELECTED_TEXT_COLOR", "QUOTE_TEXT_COLOR", "CONTROL_EDGE_COLOR",
          "LINK_TEXT_COLOR", "TABLE_BAR_COLOR", "TABLE_MARK_COLOR", "PRIMARY_COLOR", "NEUTRAL_COLOR",
          "PRESENTER_TEXT_COLOR", "PRESENTER_PRIMARY_COLOR", "DISABLED_BG", "DISABLED_TEXT", "PRESENTER_BAR_BG",
          "TOUCH_TARGET_PX", "THUMB_DOT_PX", "CLASS_CODE_PX")


def script_json(value: object) -> str:
    """`value` as JSON that is safe inside a script element: every character that could end the element or the
    string it sits in (`<`, `>`, `&`, U+2028, U+2029) is escaped, so no text from a user, a link or a file can close
    the script and start markup of its own."""
    return json.dumps(value, ensure_ascii=False).translate(_UNSAFE)


def css_var(name: str) -> str:
    """The custom property of theme.py's `name`: FOCUS_COLOR → --attention-focus-color."""
    return "--attention-" + name.lower().replace("_", "-")


def theme_root() -> str:
    """The THEMED values of theme.py as one `:root` block of CSS custom properties (`*_PX` in px)."""
    values = {css_var(name): f"{getattr(theme, name)}px" if name.endswith("_PX") else getattr(theme, name)
              for name in THEMED}
    return ":root {\n" + "".join(f"  {k}: {v};\n" for k, v in values.items()) + "}\n"
