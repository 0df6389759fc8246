"""The lesson to take home: one self-contained HTML page that walks a lesson's scenes with T live, offline.

`build(lesson, app_url=None, lang="ko")` returns the page as text; `python -m attention_core.handout LESSON.json -o
lesson.html [--app-url URL]` writes it (see __main__.py), and the lecture tools offer it as a download.

What the page holds, for each scene in order: its caption in both languages, filled from its state as the app fills
it (`Scene.caption_shown`); the chart its caption is about (`charts.py`: the same figure builders, with the same
arguments, as the screen); that chart's numbers as tables (`accessible.describe`, the app's "numbers as a table");
a link back to the live app at the scene's state (the share link's `?s=`, when an app address is known). Around them:
a language switch, the scene list with previous and next (and the keyboard's arrows and PageUp/PageDown), and one T
control that redraws the shown scene's chart, when it follows T, with the app's own browser math
(`ui/web/tcontrol/math.js`), from the same inputs the app's T control sends (`t_inputs`). A print style sheet puts
one scene on each page.

Nothing in it fetches anything: Plotly.js (the installed plotly package's `plotly.min.js`), the page's script and
style sheet (`ui/web/handout/`) and the data are inline, the fonts are the system's (with Hangul fallbacks). The data
goes into a JSON script element escaped by `inline.script_json`, and every text of a user's (captions, words) goes
into the markup through `html.escape`. A lesson that does not validate raises InputError before anything is made.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np
import plotly

from .. import accessible, analysis, codec, figures, inline, scenes, t_inputs
from ..errors import InputError
from ..i18n import text
from ..registry import LANGS, LANGUAGES, PAGES, T_OPTIONS
from . import charts

WEB = Path(__file__).resolve().parents[1] / "ui" / "web"
MAX_APP_URL_CHARS = 2_000
_EXPORT = re.compile(r"^export (?:default )?", re.MULTILINE)
_SLOT = re.compile(r"__(LANG|TITLE|THEME|CSS|BODY|DATA|PLOTLY|MATH|JS)__")


def _asset(name: str) -> str:
    return (WEB / name).read_text(encoding="utf-8")


def plotly_js() -> str:
    """The installed plotly package's Plotly.js bundle (the page's only large part)."""
    return (Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js").read_text(encoding="utf-8")


def math_js() -> str:
    """`ui/web/tcontrol/math.js`, the app's browser math, as a classic script (its one `export` taken off, as
    ui/tcontrol.py does for the live page)."""
    module = _asset("tcontrol/math.js")
    if len(_EXPORT.findall(module)) != 1:
        raise RuntimeError("ui/web/tcontrol/math.js must export one declaration, at the start of a line")
    return _EXPORT.sub("", module)


def _inline_script(body: str, name: str) -> str:
    """A script's text as it goes inside script: it must not hold what would end the element early."""
    if re.search(r"</script|<!--", body, re.IGNORECASE):
        raise RuntimeError(f"{name} holds text that would end its script element")
    return body


def app_link_base(url: object) -> str | None:
    """The live app's address for the scenes' links, read as untrusted input: an http(s) address of bounded length
    with a host, without its query and fragment; None for none. InputError for anything else."""
    if url is None or url == "":
        return None
    refused = InputError("handout_url", "The app's address must be an http:// or https:// address.")
    if not isinstance(url, str) or len(url) > MAX_APP_URL_CHARS or any(c.isspace() or ord(c) < 32 for c in url):
        raise refused
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise refused
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def app_base(url: object, page: str) -> str | None:
    """The app's own address, from the address of its screen `page` (the browser's, which the app is told): the
    screen's path taken off its end. None where it is no http(s) address."""
    try:
        base = app_link_base(url)
    except InputError:
        return None
    path = page_path(page)
    if base and path and base.endswith("/" + path):
        base = base[: -len(path) - 1]
    return base


def page_path(key: str) -> str:
    """A screen's address under the app (pages-directory mode: the file's name without its number; Home is "")."""
    spec = next(p for p in PAGES if p.key == key)
    if spec.file == "app.py":
        return ""
    return re.sub(r"^\d+_", "", Path(spec.file).stem)


def scene_link(base: str, scene: scenes.Scene) -> str:
    """The live app at the scene's state: its screen's address and the share link's `?s=` (presenter mode off, as
    the sidebar's link)."""
    token = codec.encode_link(scene.scenario, replace(scene.view, presenter=False))
    path = page_path(scene.page)
    return f"{base}/{path}?s={token}" if path else f"{base}/?s={token}"


def _plain(value):
    """A figure's dict as JSON values: arrays as lists, NaN as null (Plotly draws a null cell as a gap, as NaN)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return _plain(value.tolist())
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def figure_json(fig) -> dict:
    """The figure as Plotly.js takes it (`data`, `layout`), numbers as plain JSON arrays (not Plotly's typed
    arrays: the page reads them back as they are)."""
    spec = accessible.decoded(figures.spec_of(fig))
    return _plain({"data": list(spec.get("data") or ()), "layout": spec.get("layout") or {}})


def follows_t(fig, scenario) -> dict | None:
    """What the page needs to redraw `fig` at any T (the chart spec's `t` with its sources' inputs), as the app's T
    control attaches it (ui/tcontrol.attach); None for a chart that does not follow T."""
    chart = figures.spec.of(fig)
    follow = chart.get("t") if chart is not None else None
    if not follow or not (follow.get("traces") or follow.get("marks") or follow.get("title")):
        return None
    traces = list(follow.get("traces") or ())
    sources = t_inputs.payload(traces, scenario, analysis.compute(scenario))
    return _plain({"v": figures.spec.VERSION, **follow, "traces": traces, "sources": sources})


def _both(key: str, **params: object) -> dict[str, str]:
    return {lang: text(lang, key, **params) for lang in LANGS}


def _both_names(key: str) -> str:
    """A control's name in both languages ("언어 / Language"), escaped for an attribute."""
    return html.escape(" / ".join(_both(key).values()))


def _spans(texts: dict[str, str], tag: str = "span", cls: str = "", attrs: str = "") -> str:
    """One element per language, each with its `lang` (the page shows the reader's language only)."""
    extra = f" {cls}" if cls else ""
    return "".join(f'<{tag} class="l-{lang}{extra}" lang="{lang}"{attrs}>{html.escape(texts[lang])}</{tag}>'
                   for lang in LANGS)


def scene_entry(k: int, scene: scenes.Scene, n: int, base: str | None) -> tuple[dict, str, str]:
    """Scene `k`'s data for the script, its section of the page and its line in the scene list."""
    name = charts.chart_name(scene.page, scene.focus)
    t = float(scene.scenario.temperature)
    figs, tables, labels, follow = {}, {}, {}, {}
    for lang in LANGS:
        fig = charts.build(scene.page, name, scene.scenario, scene.view, lang)
        figs[lang] = figure_json(fig)
        described = accessible.describe(fig, lang)
        labels[lang] = described.name
        tables[lang] = "".join(accessible.table_html(tb, lang) for tb in described.tables)
        follow[lang] = follows_t(fig, scene.scenario)  # its title's template is in this language
    page_title = _both(f"page.{scene.page}")
    heading = {lang: f"{text(lang, 'lecture.scene_of', k=k + 1, n=n)} · {page_title[lang]}" for lang in LANGS}
    captions = {lang: scene.caption_shown(lang) for lang in LANGS}
    moved = {lang: figures.at_t(text(lang, "lecture.scene_moved_t", saved=t, now=figures.T), t).template
             for lang in LANGS}
    link = scene_link(base, scene) if base else None
    data = {"t": t, "page": scene.page, "chart": name, "fig": figs,
            "follow": follow if any(follow.values()) else None, "label": labels,
            "moved": moved, "heading": heading}
    sid = f"scene-{k + 1}"
    table_note = _both("lecture.handout_table_t", saved=t)
    parts = [f'<section class="scene" id="{sid}" aria-labelledby="{sid}-h" data-k="{k}">',
             f'<h2 id="{sid}-h" tabindex="-1">{_spans(heading)}</h2>']
    if any(captions.values()):
        parts.append(_spans(captions, "p", "caption"))
    parts.append(f'<div class="moved" hidden><p class="moved-text"></p><button type="button" class="back">'
                 f'{_spans(_both("lecture.scene_back"))}</button></div>')
    parts.append('<figure class="chart">')
    parts.append(f'<div class="plot" role="img" aria-label="{html.escape(labels[LANGS[0]])}"></div>')
    # a chart that follows T: its tables are its numbers at the scene's T, which the screen may have left
    note = _spans(table_note, "p", "table-t") if data["follow"] else ""
    parts.append(f'<details class="numbers"><summary>{_spans(_both("a11y.table_switch"))}</summary>{note}'
                 + "".join(f'<div class="l-{lang}" lang="{lang}">{tables[lang]}</div>' for lang in LANGS)
                 + "</details></figure>")
    if link:
        parts.append(f'<p class="live"><a href="{html.escape(link)}">{_spans(_both("lecture.handout_live"))}</a> '
                     f'{_spans(_both("lecture.handout_live_help"), cls="hint")}</p>')
    parts.append("</section>")
    item = (f'<li><a href="#{sid}" data-k="{k}">'
            + _spans({lang: f"{k + 1}. {page_title[lang]}" for lang in LANGS}) + "</a></li>")
    return data, "".join(parts), item


def build(lesson: tuple[scenes.Scene, ...] | list[scenes.Scene], app_url: str | None = None, lang: str = "ko") -> str:
    """The handout of `lesson` (its scenes, in order) as one HTML page; `app_url` the live app's address for the
    scenes' links (none without it), `lang` the language it opens in. InputError for an address that is not an
    http(s) one."""
    if not lesson:
        raise InputError("lesson_invalid", "This is not a valid lesson file or link (no scenes).", what="no_scenes",
                         field="")
    base = app_link_base(app_url)
    lang = lang if lang in LANGS else LANGS[0]
    n = len(lesson)
    entries = [scene_entry(k, scene, n, base) for k, scene in enumerate(lesson)]
    options = sorted(set(T_OPTIONS) | {float(s.scenario.temperature) for s in lesson})
    data = {"lang": lang, "options": options, "scenes": [e[0] for e in entries],
            "counter": {lg: [text(lg, "lecture.scene_of", k=k + 1, n=n) for k in range(n)] for lg in LANGS},
            "title": _both("lecture.handout_title")}
    title = _both("lecture.handout_title")
    body = "".join([
        '<header class="bar">',
        f'<h1>{_spans(title)}</h1>',
        '<div class="controls">',
        f'<div class="langs" role="group" aria-label="{_both_names("lecture.handout_lang")}">',
        *(f'<button type="button" class="lang" data-lang="{lg}" lang="{lg}" aria-pressed="{str(lg == lang).lower()}">'
          f'{html.escape(LANGUAGES[lg])}</button>' for lg in LANGS),
        "</div>",
        '<div class="tctl"><label for="t-range">', _spans(_both("lecture.handout_t")),
        ' <output id="t-value" for="t-range" aria-hidden="true"></output></label>',
        f'<input id="t-range" type="range" min="0" max="{len(options) - 1}" step="1" aria-describedby="t-help">',
        f'<p id="t-help" class="hint">{_spans(_both("lecture.handout_t_help"))}</p></div>',
        "</div></header>",
        f'<nav class="scenes" aria-label="{_both_names("lecture.handout_scenes")}">',
        '<div class="steps">',
        f'<button type="button" id="prev">◀ {_spans(_both("lecture.scene_prev"))}</button>',
        '<span id="counter" aria-live="polite"></span>',
        f'<button type="button" id="next">{_spans(_both("lecture.scene_next"))} ▶</button></div>',
        '<ol class="scene-list">', *(e[2] for e in entries), "</ol>",
        f'<p class="hint keys">{_spans(_both("lecture.handout_keys"))}</p>',
        "</nav>",
        f'<main id="main"><noscript>{_spans(_both("lecture.handout_no_js"), "p")}</noscript>',
        *(e[1] for e in entries), "</main>",
    ])
    slots = {
        "LANG": lang, "TITLE": html.escape(title[lang]), "THEME": inline.theme_root(),
        "CSS": _asset("handout/handout.css"), "BODY": body, "DATA": inline.script_json(data),
        "PLOTLY": _inline_script(plotly_js(), "plotly.min.js"), "MATH": _inline_script(math_js(), "math.js"),
        "JS": _inline_script(_asset("handout/handout.js"), "handout.js"),
    }
    return _SLOT.sub(lambda m: slots[m.group(1)], _asset("handout/handout.html"))  # one pass: no slot inside a slot


def build_file(raw: object, app_url: str | None = None, lang: str = "ko") -> str:
    """The handout of a lesson file's text or bytes (`scenes.from_json`: InputError for one that does not
    validate)."""
    return build(scenes.from_json(raw), app_url, lang)
