"""The class in the app, the lecturer's side: open, the join card, the kind of question, ask, the live tally, reveal,
the results, close, over `attention_core.classroom`. The student's page (join, answer, see the reveal) is
`class_student`; what each kind of question looks like is `class_kinds`; the student's spread and tap controls are
`class_controls`.

The lecturer's host token lives in the session's state and in the reload store (so F5 gets the class back),
never on screen or in a link. A student's participant id lives in the page address (`?c=CODE&p=ID`), since a
phone that sleeps past `server.disconnectedSessionTTL` loses its session. Both sides follow the store with a
fragment that reruns every `LIVE_EVERY` seconds.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from urllib.parse import urlencode, urlsplit

import numpy as np
import segno
import streamlit as st

from .. import codec, figures
from ..classroom import ClassError, Classroom, Question, open_store, question_from_matrix, results
from ..classroom.asking import KINDS, Ask, freeze
from ..classroom.model import MAX_TAP_WORDS
from ..classroom.service import HostView
from ..classroom.store import SettingError, store_errors
from ..figures import class_charts
from ..i18n import text
from ..registry import PAGES
from . import a11y, class_kinds, web
from .frame import Page, md
from .guard import guarded

LIVE_EVERY = 1.5  # seconds between two refreshes of a tally or of a student's question
STUDENT_PATH = "class"  # the student page's address (pages/9_class.py)
PUBLIC_URL_ENV = "ATTENTION_PUBLIC_URL"  # the address phones reach the app at, when it differs from the browser's
QR_PX = 360  # the join QR code's side on the lecturer's screen: a phone reads it across a classroom at 1920×1080
QR_PX_PRESENTER = 460
KIND_KEY = "class:kind"  # the lecturer's choice of the kind of question
TARGET_KEY = "class:tap-target"  # a tap question's cell: the largest, or the named pair's
SOURCE_KEY = "class:source"  # ③'s spread and T questions: the word's row, or the source text's example


def room() -> Classroom:
    return open_store()


def refusal(lang: str, err: Exception) -> str:
    if isinstance(err, ClassError):
        return text(lang, f"classroom.err_{err.key}", **err.params)
    if isinstance(err, SettingError):
        return text(lang, "classroom.err_setting")
    return text(lang, "classroom.err_store")


# the lecturer


def _hosting(p: Page) -> tuple[str, str] | None:
    raw = p._state.hosting
    if not raw or ":" not in raw:
        return None
    class_id, token = raw.split(":", 1)
    return class_id, token


def _host_view(p: Page) -> HostView | None:
    """The hosted class as it is in the store now, or None (a class that ended is let go, with a message)."""
    hosted = _hosting(p)
    if hosted is None:
        return None
    try:
        return room().host_view(*hosted)
    except ClassError:
        p._state.hosting = ""
        st.info(p.t("classroom.ended"))
    except store_errors() as err:
        st.error(refusal(p.lang, err))
    return None


def app_url(path: str, query: dict[str, str]) -> str:
    """The address of the app's page `path` with `query`: the app's own address (or ATTENTION_PUBLIC_URL)."""
    base = os.environ.get(PUBLIC_URL_ENV, "").strip() or (st.context.url or "")
    parts = urlsplit(base)
    root = parts.path.rstrip("/")
    page_paths = {spec.file.rsplit("/", 1)[-1].removesuffix(".py").split("_", 1)[-1] for spec in PAGES[1:]}
    if root.rsplit("/", 1)[-1] in page_paths | {STUDENT_PATH}:
        root = root.rsplit("/", 1)[0]
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme else ""
    return f"{origin}{root}/{path}?{urlencode(query)}"


def join_url(code: str, lang: str) -> str:
    """The student page's address for this class: the app's own address (or ATTENTION_PUBLIC_URL), no secret."""
    return app_url(STUDENT_PATH, {"c": code, "lang": lang})


def state_url(q: Question) -> str:
    """The frozen state of question `q` as a share link of its page ("" when it has none)."""
    return app_url(q.page, {"s": q.link}) if q.link else ""


def open_button(p: Page) -> None:
    """"Open a class" (where the lecturer has their tools: the sidebar, or the presenter bar)."""
    if _hosting(p) is not None:
        return

    def opened() -> None:
        # A second click that reaches the server while the first one's run is drawing the page stops that run, and
        # the button, still registered, fires again: the class this session hosts is already open.
        if _hosting(p) is not None:
            return
        try:
            hosted = room().open_class()
        except store_errors() as err:
            p.notify("error", refusal(p.lang, err))
            return
        p._state.hosting = f"{hosted.class_id}:{hosted.token}"
        st.session_state["class:show-card"] = True

    st.button(p.t("classroom.open"), key="class:open", icon=":material/groups:", on_click=guarded(p, opened),
              help=p.t("classroom.open_help"))


def class_card(p: Page) -> None:
    """Under the frame's header while a class is open: the join code, its QR code and link, who joined, close."""
    view = _host_view(p)
    if view is None:
        return
    url = join_url(view.code, p.lang)
    with st.container(border=True, key="class:card"):
        top = st.columns([3, 2, 2], vertical_alignment="center")
        with top[0]:
            st.markdown(f"**{p.t('classroom.card_title')}** · {p.t('classroom.code_label')}: **`{view.code}`**")
            joined_count(p)  # folded or not, the lecturer sees who is in
        if "class:show-card" not in st.session_state:
            st.session_state["class:show-card"] = True
        top[1].toggle(p.t("classroom.show_card"), key="class:show-card")
        close_button(p, top[2])
        if not st.session_state["class:show-card"]:
            return
        qr_col, text_col = st.columns([2, 3], vertical_alignment="center")
        side = QR_PX_PRESENTER if p.presenter else QR_PX
        qr_col.image(segno.make(url, error="m").svg_inline(scale=8, border=2), width=side,
                     caption=p.t("classroom.qr_alt"), alt=f'{p.t("classroom.qr_alt")}: {url}')
        with text_col:
            st.markdown(p.t("classroom.card_how"))
            with st.container(key="class:code"):
                web.html(web.style("class-card.css") + f'<div class="attention-class-code">{view.code}</div>')
            with st.container(key="class:link"):
                st.code(url, language=None, wrap_lines=True)
            if urlsplit(url).hostname in ("localhost", "127.0.0.1", "::1"):
                st.caption("ⓘ " + p.t("classroom.localhost"))


def close_button(p: Page, slot) -> None:
    """"Close the class", asked twice: closing ends the question that is out (its tally is not shown again),
    and one stray click in front of the class should not."""
    confirm = "class:confirm-close"

    def asked() -> None:
        st.session_state[confirm] = True

    def closed() -> None:
        st.session_state.pop(confirm, None)
        hosted = _hosting(p)
        if hosted is None:  # a second click of a double click, as for "open a class": the class is closed already
            return
        try:
            room().close(*hosted)
            p.notify("success", p.t("classroom.closed"))
        except (ClassError, *store_errors()) as err:
            p.notify("error", refusal(p.lang, err))
        p._state.hosting = ""

    def kept() -> None:
        st.session_state.pop(confirm, None)

    if not st.session_state.get(confirm):
        slot.button(p.t("classroom.close"), key="class:close", icon=":material/logout:", on_click=guarded(p, asked))
        return
    with slot:
        st.markdown(f"**{p.t('classroom.close_sure')}**")
        yes, no = st.columns(2)
        yes.button(p.t("classroom.close_yes"), key="class:close-yes", type="primary", on_click=guarded(p, closed))
        no.button(p.t("classroom.close_no"), key="class:close-no", on_click=guarded(p, kept))


def ended_here() -> None:
    """In a fragment that follows the store: the lecturer's class is gone (closed elsewhere, or its time ran out).
    The whole page is drawn again, which takes the join card and the tally away and says the class ended."""
    st.rerun(scope="app")


@st.fragment(run_every=LIVE_EVERY)
def joined_count(p: Page) -> None:
    hosted = _hosting(p)
    if hosted is None:
        return
    try:
        view = room().host_view(*hosted)
    except ClassError:
        ended_here()
    except store_errors():
        return
    joined = view.tally.joined if view.tally is not None else _joined(hosted[0])
    st.markdown(f"**{p.t('classroom.joined', n=joined)}**")


def _joined(class_id: str) -> int:
    return int(room().store.read("SELECT COUNT(*) FROM participants WHERE class_id = ?", (class_id,))[0][0])


def _matches(p: Page, q: Question, values: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> bool:
    """The screen still shows what the question froze (same words, same numbers, same T)."""
    z = np.asarray(values, dtype=float)
    if q.mode == "pick":
        return (tuple(rows) == q.sentence and tuple(cols) == q.choices and z.shape[0] > q.row
                and np.allclose(z[q.row], q.values, rtol=0, atol=1e-12))
    if q.source == "document":
        return abs(p.scenario.temperature - q.temperature) <= 1e-12
    if tuple(p.scenario.labels) != q.sentence:
        return False
    if q.mode == "tap":
        return z.size == len(q.values) and np.allclose(z.ravel(), q.values, rtol=0, atol=1e-12)
    return np.allclose(p.lesson.trace.weights[q.row], q.values, rtol=0, atol=1e-12)


def prompt(lang: str, q: Question) -> str:
    return class_kinds.prompt(lang, q)


def _kind_label(p: Page, kind: str) -> str:
    if kind == "pick" and p.key == "value":
        return p.t("classroom.kind_pick_dim")
    return p.t(f"classroom.kind_{kind}")


def _choice(key: str, options: Sequence[str], default: str) -> str:
    """A lecturer's choice kept in the session (a segmented control's), or `default` when it is none of `options`."""
    value = st.session_state.get(key)
    return value if value in options else default


def kind_picker(p: Page) -> tuple[str, str, str]:
    """The kind of question this screen asks (`class:kind`), and for a tap the cell asked for, for ③'s spread and T
    the row: (kind, target, source). Kept for the session (a page switch forgets a widget's value)."""
    kinds = KINDS.get(p.key, ("pick",))
    kept = st.session_state.setdefault("class:kept", {})
    for key, options, default in ((KIND_KEY, kinds, "pick"), (TARGET_KEY, ("max", "pair"), "max"),
                                  (SOURCE_KEY, ("", "document"), "")):
        if key not in st.session_state or st.session_state[key] not in options:
            st.session_state[key] = kept.get(key, default) if kept.get(key, default) in options else default

    def keep(key: str) -> None:
        kept[key] = st.session_state.get(key)

    st.segmented_control(p.t("classroom.kind"), kinds, format_func=lambda k: _kind_label(p, k), key=KIND_KEY,
                         on_change=keep, args=(KIND_KEY,))
    kind = _choice(KIND_KEY, kinds, "pick")
    target = source = ""
    if kind == "tap":
        st.segmented_control(p.t("classroom.tap_target"), ("max", "pair"), key=TARGET_KEY, on_change=keep,
                             args=(TARGET_KEY,), format_func=lambda k: p.t(f"classroom.target_{k}"))
        target = _choice(TARGET_KEY, ("max", "pair"), "max")
    if kind in ("spread", "temperature") and p.key == "temperature":
        st.segmented_control(p.t("classroom.source"), ("", "document"), key=SOURCE_KEY, on_change=keep,
                             args=(SOURCE_KEY,),
                             format_func=lambda k: p.t(f"classroom.source_{k or 'row'}", z=class_kinds.Z_TEXT))
        source = _choice(SOURCE_KEY, ("", "document"), "")
    return kind, target or "max", source


def _asks_about(p: Page, kind: str, target: str, source: str, rows: Sequence[str], guess: tuple[int, int]) -> str:
    t = p.scenario.temperature
    word = md(rows[guess[0]])
    if kind == "spread":
        return (p.t("classroom.asks_spread_doc", z=class_kinds.Z_TEXT, t=t) if source
                else p.t("classroom.asks_spread", word=word, t=t))
    if kind == "temperature":
        return (p.t("classroom.asks_temperature_doc", z=class_kinds.Z_TEXT) if source
                else p.t("classroom.asks_temperature", word=word))
    if kind == "tap":
        if target == "pair":
            return p.t("classroom.asks_tap_pair", word=word, other=md(rows[guess[1]]))
        return p.t("classroom.asks_tap_max")
    return p.t("classroom.asks_about", word=word)


def quiz_panel(p: Page, name: str, values: np.ndarray, rows: Sequence[str], cols: Sequence[str], row: int,
               kind: str = "word", ask: bool = True, col: int = 0) -> None:
    """Beside a predict-then-reveal quiz while a class is open: the kind of question, "Ask the class" while the result
    is hidden (the question frozen from this screen's state: the word in row `row`, the cell `row` → `col`) and, for
    the question out now, the live tally and "Reveal"."""
    if _hosting(p) is None:
        return
    if not ask:
        live_tally(p, name, values, rows, cols)
        return
    mode, target, source = kind_picker(p)
    too_big = mode == "tap" and p.scenario.n > MAX_TAP_WORDS

    def asked() -> None:
        hosted = _hosting(p)
        if hosted is None:
            return
        mode, target, source = (_choice(KIND_KEY, KINDS.get(p.key, ("pick",)), "pick"),
                                _choice(TARGET_KEY, ("max", "pair"), "max"), _choice(SOURCE_KEY, ("", "document"), ""))
        if not (mode in ("spread", "temperature") and p.key == "temperature"):
            source = ""
        try:
            if mode == "pick":
                q = question_from_matrix(p.key, name, values, rows, cols, row, p.scenario.temperature, kind)
                q = replace(q, link=codec.encode_link(p.scenario, replace(p.view, presenter=False)))
            else:
                q = freeze(p.key, Ask(mode, row=row, col=col, target=target, source=source), p.scenario, p.view)
            qid = room().ask(*hosted, q)
        except (ClassError, *store_errors()) as err:
            p.notify("error", refusal(p.lang, err))
            return
        p.notify("success", p.t("classroom.asked", k=qid))

    ask_col, about_col = st.columns([1, 3], vertical_alignment="center")
    ask_col.button(p.t("classroom.ask"), key="class:ask", icon=":material/campaign:", on_click=guarded(p, asked),
                   help=p.t("classroom.ask_help"), disabled=too_big)
    if too_big:
        about_col.caption(p.t("classroom.tap_words", limit=MAX_TAP_WORDS))
    else:
        about_col.caption(_asks_about(p, mode, target, source, rows, (row, col)))
    live_tally(p, name, values, rows, cols)


@st.fragment(run_every=LIVE_EVERY)
def live_tally(p: Page, name: str, values: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> None:
    """The current question's tally, refreshed every LIVE_EVERY seconds: the room's answers so far, the answer hidden
    until the lecturer reveals it; then the reveal's numbers and the results to download."""
    hosted = _hosting(p)
    if hosted is None:
        return
    try:
        view = room().host_view(*hosted)
        q, tally = view.question, view.tally
        answers = room().answers(*hosted, view.qid)[1] if q is not None and (q.mode != "pick" or tally.revealed) \
            else ()
    except ClassError:
        ended_here()
    except store_errors() as err:
        st.caption(refusal(p.lang, err))
        return
    if q is None or tally is None:
        return
    if (q.page, q.chart) != (p.key, name):
        st.caption(p.t("classroom.other_question", page=p.t(f"page.{q.page}")))
        return
    st.markdown(f"**{prompt(p.lang, q)}** · {p.t('classroom.answered', k=tally.answered, n=tally.joined)}")
    if q.mode == "pick":
        fig = class_charts.tally(q.choices, tally.counts, tally.right, title=p.t("classroom.tally_title",
                                      k=tally.answered), y_title=p.t("classroom.tally_axis"),
                                      right_name=p.t("classroom.right"), presenter=p.presenter)
        a11y.chart(p, fig, "class-tally", key="class:tally")
        summary = results.summarise(q, answers) if tally.revealed else None
    else:
        summary = class_kinds.lecturer(p, q, answers, tally.revealed)
    if not tally.revealed:
        st.caption(p.t("classroom.tally_hidden"))

        def revealed(qid: int) -> None:  # a callback: a click sent with another fragment's change still counts
            try:
                room().reveal(*hosted, qid)
            except (ClassError, *store_errors()) as err:
                p.notify("error", refusal(p.lang, err))
            else:
                quiz = p.quiz(name)
                quiz.hidden, quiz.revealed = False, False  # the app's chart is drawn, the class's answer marked
            st.rerun(scope="app")

        st.button(p.t("classroom.reveal"), key="class:reveal", type="primary", icon=":material/visibility:",
                  on_click=guarded(p, revealed), args=(view.qid,))
        return
    if q.mode == "pick":
        words = ", ".join(md(q.choices[j]) for j in q.right)
        st.success(p.t("classroom.right_was", words=words, k=sum(tally.counts[j] for j in q.right),
                       n=tally.answered))
    else:
        class_kinds.reveal_text(p, q, summary)
    line = class_kinds.notes_line(p.lang, view.qid, q, summary)
    link = state_url(q)
    class_kinds.results_download(p, view.qid, results.results_csv(view.qid, q, answers, link, line), line)
    if not _matches(p, q, values, rows, cols):
        st.caption("ⓘ " + p.t("classroom.stale"))


def hides(p: Page, chart: str) -> bool:
    """Whether the class's open question (asked on this screen, not yet revealed) is answered by chart `chart` of the
    page: ④'s weights give a spread away, ③'s source-text example its own questions. The page hides it meanwhile."""
    hosted = _hosting(p)
    if hosted is None:
        return False
    try:
        view = room().host_view(*hosted)
    except (ClassError, *store_errors()):
        return False
    q, tally = view.question, view.tally
    if q is None or tally is None or tally.revealed or q.page != p.key:
        return False
    if chart == "document":
        return q.source == "document"
    return chart == "weights" and p.key == "value" and q.mode == "spread"


def _scene_question(scene) -> Question | None:
    """A lesson scene's question, frozen from the scene's own state (None: it has none, or it cannot be asked)."""
    if scene.question is None:
        return None
    try:
        return freeze(scene.page, scene.question, scene.scenario, scene.view)
    except ClassError:
        return None


def scene_asks(p: Page, scene) -> bool:
    """Whether the lesson's bar offers "Ask the class" for `scene`: it carries a question and a class is open (with no
    class, the scene looks as any other)."""
    return scene.question is not None and _hosting(p) is not None and _scene_question(scene) is not None


def scene_ask_button(p: Page, scene, slot) -> None:
    """In the lesson's bar, beside the step buttons: "Ask the class", the scene's question frozen from the scene's
    state (whatever the screen shows now); what it asks is its tooltip, and the tally says it once asked."""
    q = _scene_question(scene)
    if q is None:
        return

    def asked() -> None:
        hosted = _hosting(p)
        if hosted is None:
            return
        try:
            qid = room().ask(*hosted, q)
        except (ClassError, *store_errors()) as err:
            p.notify("error", refusal(p.lang, err))
            return
        p.notify("success", p.t("classroom.asked", k=qid))

    slot.button(p.t("classroom.scene_ask"), key="sc:ask", icon=":material/campaign:", on_click=guarded(p, asked),
                width="stretch", help=p.t("classroom.scene_question", prompt=prompt(p.lang, q)))


def leave_scene(p: Page, scene) -> None:
    """The lesson moves on from `scene`: the question it asked, if still open, is revealed (the next scene may show its
    answer: answers close before the room sees it)."""
    hosted = _hosting(p)
    q = _scene_question(scene) if hosted is not None else None
    if q is None:
        return
    try:
        view = room().host_view(*hosted)
        if view.question == q and view.tally is not None and not view.tally.revealed:
            room().reveal(*hosted, view.qid)
    except (ClassError, *store_errors()) as err:
        p.notify("error", refusal(p.lang, err))


def reveal_here(p: Page, name: str) -> str:
    """Before the lecturer's own chart `name` is shown (its quiz revealed, or its hiding turned off): the chart
    gives the class's question about it away, so that question is revealed too, answers closed.

    "none": no class question about this chart; "class": there is one (revealed now, or before), the chart's
    reveal is the class's; "failed": it could not be revealed (the page said why): the chart stays hidden."""
    hosted = _hosting(p)
    if hosted is None:
        return "none"
    try:
        view = room().host_view(*hosted)
        q, tally = view.question, view.tally
        if q is None or tally is None or (q.page, q.chart) != (p.key, name):
            return "none"
        if not tally.revealed:
            room().reveal(*hosted, view.qid)
    except (ClassError, *store_errors()) as err:
        p.notify("error", refusal(p.lang, err))
        return "failed"
    return "class"


def chart_marks(p: Page, name: str, values: np.ndarray, rows: Sequence[str], cols: Sequence[str]) -> list:
    """Marks for the app's own chart: the revealed class question's right cells, when the chart still shows it."""
    hosted = _hosting(p)
    if hosted is None:
        return []
    try:
        view = room().host_view(*hosted)
    except (ClassError, *store_errors()):
        return []
    q, tally = view.question, view.tally
    if q is None or tally is None or not tally.revealed or (q.page, q.chart) != (p.key, name):
        return []
    if q.mode not in ("pick", "tap") or not _matches(p, q, values, rows, cols):
        return []
    if q.mode == "tap":
        return [figures.Mark(*q.cell(c), p.t("classroom.mark_right")) for c in q.right]
    return [figures.Mark(q.row, j, p.t("classroom.mark_right")) for j in q.right]
