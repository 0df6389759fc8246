"""The offline lesson (attention_core.handout) without a browser: its size, nothing in it that fetches, data and user
text escaped, the captions the app shows, the charts the screens' builders draw, and the CLI refusing a broken
lesson. tests/e2e/test_handout.py opens it in Chromium with the network off."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from attention_core import codec, handout, scenes
from attention_core.errors import InputError
from attention_core.handout import charts
from attention_core.i18n import error_text
from attention_core.registry import LANGS, PAGE_KEYS

ROOT = Path(__file__).resolve().parents[1]
MAX_BYTES = 6_000_000
APP = "https://attention.example.org"


class Page(HTMLParser):
    """What a built page holds: its elements' attributes, its script elements' texts, the texts by class and lang."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self.styles: list[str] = []
        self._in: tuple[str, dict] | None = None
        self._stack: list[tuple[str, dict, list[str]]] = []
        self.texts: list[tuple[str, str, str]] = []  # (tag, class, lang, text) of p/span elements

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.attrs.append((tag, a))
        if tag in ("script", "style"):
            self._in = (tag, a)
            self._buf = []
        elif tag in ("p", "span"):
            self._stack.append((tag, a, []))

    def handle_endtag(self, tag):
        if self._in and tag == self._in[0]:
            body = "".join(self._buf)
            (self.scripts.append((self._in[1], body)) if tag == "script" else self.styles.append(body))
            self._in = None
        elif tag in ("p", "span") and self._stack:
            _, a, buf = self._stack.pop()
            self.texts.append((a.get("class", ""), a.get("lang", ""), "".join(buf)))
            if self._stack:
                self._stack[-1][2].extend(buf)

    def handle_data(self, data):
        if self._in:
            self._buf.append(data)
        elif self._stack:
            self._stack[-1][2].append(data)


def parsed(text: str) -> Page:
    p = Page()
    p.feed(text)
    p.close()
    return p


@pytest.fixture(scope="module")
def builtin_page() -> str:
    return handout.build(scenes.builtin(), APP)


def data_of(page: Page) -> dict:
    (body,) = [b for a, b in page.scripts if a.get("id") == "handout-data"]
    return json.loads(body)


def test_the_builtin_lesson_fits_in_six_megabytes_most_of_it_plotly(builtin_page):
    size = len(builtin_page.encode("utf-8"))
    plotly = len(handout.plotly_js().encode("utf-8"))
    assert size <= MAX_BYTES, size
    assert plotly / size > 0.9, (plotly, size)


def test_nothing_in_the_page_fetches_anything(builtin_page):
    """No element loads a file (no src, no stylesheet link, no frame, no object); every link is to a scene of the page
    or to the live app; the style sheet imports nothing and takes no url(); a CSP forbids any fetch all the same."""
    page = parsed(builtin_page)
    loading = [(tag, a) for tag, a in page.attrs if "src" in a or tag in ("link", "iframe", "object", "embed",
                                                                          "img", "video", "audio", "source")]
    assert not loading
    hrefs = [a["href"] for tag, a in page.attrs if "href" in a]
    assert hrefs and all(h.startswith("#scene-") or h.startswith(APP + "/") for h in hrefs), hrefs
    assert sum(h.startswith(APP) for h in hrefs) == len(scenes.builtin())
    css = "".join(page.styles)
    assert "@import" not in css and "url(" not in css and "@font-face" not in css
    csp = [a["content"] for tag, a in page.attrs if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and "default-src 'none'" in csp[0] and "connect-src" not in csp[0] and "unsafe-eval" not in csp[0]
    # every script is inline: the page's own, math.js and Plotly.js, and the data (JSON, not run)
    assert [a for a, _ in page.scripts] == [{"type": "application/json", "id": "handout-data"}, {}, {}, {}]
    without_plotly = builtin_page.replace(handout.plotly_js(), "")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", without_plotly.replace(APP, "APP"))


def test_without_an_app_address_there_is_no_link_at_all():
    page = parsed(handout.build(scenes.builtin()[:2]))
    assert [a["href"] for _, a in page.attrs if "href" in a] == ["#scene-1", "#scene-2"]


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd", "//evil.example", "http://", "x" * 3000,
                                 "http://a b.example"])
def test_an_app_address_that_is_no_web_address_is_refused(url):
    with pytest.raises(InputError) as err:
        handout.build(scenes.builtin()[:1], url)
    assert err.value.key == "handout_url"


def test_each_scene_links_back_to_its_screen_at_its_state(builtin_page):
    page = parsed(builtin_page)
    links = [a["href"] for _, a in page.attrs if a.get("href", "").startswith(APP)]
    for link, scene in zip(links, scenes.builtin(), strict=True):
        path, token = link[len(APP):].split("?s=")
        assert path == "/" + handout.page_path(scene.page)
        scenario, view = codec.decode_link(html.unescape(token))
        assert codec.link_payload(scenario, view) == codec.link_payload(scene.scenario, replace(scene.view,
                                                                                                  presenter=False))


def test_the_captions_are_the_apps(builtin_page):
    """Each scene's caption in each language is `Scene.caption_shown`, what the app's banner shows (tests/app/
    test_scenes.py), its numbers filled from the scene's state."""
    page = parsed(builtin_page)
    for lang in LANGS:
        shown = [t for cls, lg, t in page.texts if cls == f"l-{lang} caption" and lg == lang]
        assert shown == [s.caption_shown(lang) for s in scenes.builtin()]
        assert not any("{" in t for t in shown)


def test_the_charts_are_the_screens_builders_at_the_scenes_state(builtin_page):
    """The chart of each scene is the one its focus names, as `charts.build` makes it (the screen's builder), in each
    language, and the T inputs are the app's (`t_inputs`)."""
    data = data_of(parsed(builtin_page))
    for scene, entry in zip(scenes.builtin(), data["scenes"], strict=True):
        assert entry["chart"] == scene.focus.removeprefix("chart:")
        assert entry["t"] == scene.scenario.temperature
        for lang in LANGS:
            fig = handout.figure_json(charts.build(scene.page, entry["chart"], scene.scenario, scene.view, lang))
            assert entry["fig"][lang] == json.loads(json.dumps(fig))
    weights = next(e for s, e in zip(scenes.builtin(), data["scenes"]) if s.page == "temperature")
    from attention_core import analysis

    s = scenes.builtin()[3]
    scores = analysis.compute(s.scenario).trace.scores
    np.testing.assert_allclose(weights["follow"]["en"]["sources"]["main"]["S"], scores, rtol=1e-12)


def test_every_screen_has_a_main_chart_a_scene_on_it_draws():
    base = scenes.builtin()[0]
    for key in PAGE_KEYS:
        scene = replace(base, page=key, focus="")
        name = charts.chart_name(key, scene.focus)
        fig = charts.build(key, name, scene.scenario, scene.view, "en")
        assert handout.figure_json(fig)["data"], key
    assert charts.chart_name("value", "chart:nothing-of-the-kind") == "lines"


HOSTILE = "</script><script>alert(1)</script><!--"


def hostile_lesson() -> tuple[scenes.Scene, ...]:
    lesson = scenes.builtin()
    scenario, _ = lesson[3].scenario.with_sentence("</script> <script>alert(1)</script> <!-- 슬픈 &amp; <b>x</b>")
    caption = (f"{HOSTILE} {{word[0]}} {{w[0][0]}}", "<img src=x onerror=alert(1)> {word[0]}")
    return (replace(lesson[3], scenario=scenario, caption=caption), replace(lesson[1], scenario=scenario))


def test_a_hostile_caption_or_word_stays_text():
    """A caption or a word written as markup closes no script element and becomes no element: the data's JSON is
    escaped, the markup's text too."""
    built = handout.build(hostile_lesson())
    page = parsed(built)
    assert built.count("</script>") == 4  # the data, Plotly.js, math.js, the page's script: nothing else ends one
    assert built.count("<script") == 4
    assert not any(tag == "img" for tag, _ in page.attrs) and not any(tag == "b" for tag, _ in page.attrs)
    data = data_of(page)  # the data reads back whole
    rows = data["scenes"][0]["fig"]["en"]["layout"]["meta"]["chart"]["parts"][0]["rows"]
    assert rows[:3] == [html.escape(w) for w in ("</script>", "<script>alert(1)</script>", "<!--")]  # text.plain
    captions = [t for cls, lg, t in page.texts if cls == "l-ko caption"]
    assert captions[0] == f"{HOSTILE} </script> " + captions[0].rsplit(" ", 1)[-1]
    assert captions == [s.caption_shown("ko") for s in hostile_lesson()]
    (json_body,) = [b for a, b in page.scripts if a.get("id") == "handout-data"]
    assert "<" not in json_body and ">" not in json_body


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "attention_core.handout", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cli_refuses_a_broken_lesson_with_the_apps_message_and_writes_nothing(tmp_path, lang):
    doc = scenes.document(scenes.builtin())
    doc["scenes"][2]["page"] = "nowhere"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "lesson.html"
    ran = run_cli(str(bad), "-o", str(out), "--lang", lang)
    with pytest.raises(InputError) as err:
        scenes.from_json(bad.read_bytes())
    assert ran.returncode == 2
    assert ran.stderr.strip() == error_text(lang, err.value)
    assert not out.exists() and not list(tmp_path.glob("*.part"))
    for broken in (b"{", b"\xff\xfe", b"[" * 5000, b'{"format": "attention-scenes", "version": 1, "scenes": []}'):
        bad.write_bytes(broken)
        ran = run_cli(str(bad), "-o", str(out))
        assert ran.returncode == 2 and ran.stderr.strip() and "Traceback" not in ran.stderr, ran.stderr
        assert not out.exists()


def test_the_cli_writes_the_lesson_file_it_is_given(tmp_path):
    lesson = tmp_path / "lesson.json"
    lesson.write_text(scenes.to_json(scenes.builtin()[:3]), encoding="utf-8")
    out = tmp_path / "lesson.html"
    ran = run_cli(str(lesson), "-o", str(out), "--app-url", APP + "/", "--lang", "en")
    assert ran.returncode == 0, ran.stderr
    page = parsed(out.read_text(encoding="utf-8"))
    assert len(data_of(page)["scenes"]) == 3 and data_of(page)["lang"] == "en"
    assert ('html', {"lang": "en"}) in page.attrs
    refused = run_cli(str(lesson), "-o", str(tmp_path / "x.html"), "--app-url", "javascript:alert(1)")
    assert refused.returncode == 2 and not (tmp_path / "x.html").exists()


def test_the_app_address_is_taken_from_a_screens_address():
    assert handout.app_base("http://localhost:8501/score", "score") == "http://localhost:8501"
    assert handout.app_base("https://x.streamlit.app/", "home") == "https://x.streamlit.app"
    assert handout.app_base("https://x.example/app/temperature?s=1#k", "temperature") == "https://x.example/app"
    assert handout.app_base("", "home") is None and handout.app_base("ftp://x", "home") is None


def test_the_handout_needs_no_streamlit():
    """The page is made without the app (the CLI on a machine with no server): importing it pulls no Streamlit."""
    ran = subprocess.run([sys.executable, "-c", "import sys, attention_core.handout; "
                          "assert 'streamlit' not in sys.modules and 'attention_core.ui' not in sys.modules"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert ran.returncode == 0, ran.stderr
