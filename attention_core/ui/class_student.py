"""The class in the app, the student's side: join with a code, answer the question that is out, see the reveal.
A student's participant id lives in the page address (`?c=CODE&p=ID`) and in a cookie for the class's lifetime,
since a phone that sleeps past `server.disconnectedSessionTTL` loses its session. The lecturer's side is
`classroom`.
"""

from __future__ import annotations

import contextlib

import streamlit as st

from ..classroom import ClassError
from ..classroom.model import CLASS_TTL_SECONDS, PID_PATTERN, new_id, normalise_code
from ..classroom.store import store_errors
from ..figures import class_charts
from ..i18n import text
from ..registry import LANGS, LANGUAGES
from . import a11y, class_kinds, web
from .classroom import LIVE_EVERY, STUDENT_PATH, prompt, refusal, room
from .frame import md
from .guard import LOG


class _Student:
    """What `a11y.install` and `a11y.chart` read of a page, for the student page (which has no `Page`)."""

    key = STUDENT_PATH
    presenter = False

    def __init__(self, lang: str) -> None:
        self.lang = lang

    @property
    def on_phone(self) -> bool:
        return "Mobile" in (st.context.headers.get("User-Agent") or "")

    def t(self, key: str, **params: object) -> str:
        return text(self.lang, key, **params)


def _lang() -> str:
    lang = st.query_params.get("lang")
    return lang if lang in LANGS else LANGS[0]


def _client_key() -> str:
    """Whom join attempts are counted against: this browser session. Not the address: a whole class behind one
    school router shares a single address."""
    if "class:client" not in st.session_state:
        st.session_state["class:client"] = new_id()
    return "s:" + st.session_state["class:client"]


REMEMBER_COOKIE = "attention_class"  # this browser's place in its last class: "CODE.PID", for the class's lifetime


def _remembered(code: str) -> str | None:
    """This browser's participant id in the class `code`, when it joined it before (the join link opened again:
    the QR code scanned twice, a new tab) and is still in it: joining again would count the student twice."""
    raw = (st.context.cookies or {}).get(REMEMBER_COOKIE, "")
    known, _, pid = str(raw).partition(".")
    try:
        if known != normalise_code(code) or not PID_PATTERN.fullmatch(pid):
            return None
        room().student_view(known, pid)
    except (ClassError, *store_errors()):
        return None
    return pid


def _remember(code: str, pid: str) -> None:
    """Keep this browser's place in the class (a cookie, no name in it: the same random id as the address)."""
    cookie = {"name": REMEMBER_COOKIE, "value": f"{code}.{pid}", "maxAge": CLASS_TTL_SECONDS}
    web.html(web.script("class-cookie.js", cookie), js=True)


def _join(lang: str, code: object) -> None:
    try:
        pid = _remembered(normalise_code(code)) or room().join(code, _client_key(), st.context.ip_address)
    except (ClassError, *store_errors()) as err:
        st.session_state["class:msg"] = ("error", refusal(lang, err))
        return
    st.query_params.from_dict({"c": normalise_code(code), "p": pid, "lang": lang})
    st.session_state.pop("class:msg", None)


def student_page() -> None:
    """The phone page: join by link or code, then follow the lecturer's questions. An unexpected error is logged and
    said in the page's language with "try again", never shown as a traceback (the participant id stays in the
    address)."""
    try:
        _student_page()
    except Exception as err:  # the last line of defence, as the frame's (ui/guard.py)
        LOG.error("class page failed", exc_info=err)
        lang = _lang()
        st.error(text(lang, "msg.class_page_failed"), icon=":material/error:")
        st.button(text(lang, "msg.try_again"), key="class:try-again", icon=":material/refresh:")


def _student_guarded(lang: str, fn):
    """`fn` as a callback of the class page: an unexpected error is logged and said on the page, not as a traceback."""

    def callback(*args):
        try:
            fn(*args)
        except Exception as err:  # as above
            LOG.error("class page: callback %s failed", getattr(fn, "__name__", "?"), exc_info=err)
            st.session_state["class:msg"] = ("error", text(lang, "msg.class_page_failed"))

    return callback


def _student_page() -> None:
    lang = _lang()
    st.set_page_config(page_title=f"{text(lang, 'classroom.student_title')} · {text(lang, 'app.title')}",
                       page_icon="🙋", layout="centered", initial_sidebar_state="collapsed")
    student = _Student(lang)
    web.html(web.style("student.css"))
    a11y.install(student, title=text(lang, "classroom.student_title"), skip=False)
    title, switch = st.columns([3, 2], vertical_alignment="center")
    title.markdown(f"# {text(lang, 'classroom.student_title')}")  # the page's one h1: its headings start here

    def switched() -> None:
        chosen = st.session_state.get("class:lang")
        if chosen in LANGS:
            st.query_params["lang"] = chosen

    st.session_state["class:lang"] = lang
    switch.segmented_control(text(lang, "sb.language"), LANGS, format_func=LANGUAGES.__getitem__, key="class:lang",
                             on_change=_student_guarded(lang, switched), label_visibility="collapsed")
    code, pid = st.query_params.get("c"), st.query_params.get("p")
    if code and not pid and not st.session_state.get("class:auto-joined"):
        st.session_state["class:auto-joined"] = True  # the join link joins once, by itself
        _join(lang, code)
        code, pid = st.query_params.get("c"), st.query_params.get("p")
    msg = st.session_state.get("class:msg")
    if msg:
        getattr(st, msg[0])(msg[1])
    if code and pid and PID_PATTERN.fullmatch(pid):
        with contextlib.suppress(ClassError):
            _remember(normalise_code(code), pid)
    if not code or not pid:
        with st.form("class:join-form", border=False):
            typed = st.text_input(text(lang, "classroom.type_code"), value=code or "", max_chars=12,
                                  help=text(lang, "classroom.type_code_help"), key="class:type-code")
            if st.form_submit_button(text(lang, "classroom.join"), type="primary", key="class:join", width="stretch"):
                _join(lang, typed)
                st.rerun()
        return
    question_view(lang, code, pid)


@st.fragment(run_every=LIVE_EVERY)
def question_view(lang: str, code: str, pid: str) -> None:
    """The current question, refreshed every LIVE_EVERY seconds: the words to tap, what was received, the reveal."""
    try:
        view = room().student_view(code, pid)
    except (ClassError, *store_errors()) as err:
        st.warning(refusal(lang, err))
        rejoin = isinstance(err, ClassError) and err.key == "pid_unknown"
        if rejoin and st.button(text(lang, "classroom.rejoin"), key="class:rejoin", type="primary"):
            _join(lang, code)
            st.rerun(scope="app")
        if isinstance(err, ClassError) and not rejoin:  # the class ended, or the address is broken: a new code

            def other() -> None:
                st.query_params.from_dict({"lang": lang})
                st.session_state.pop("class:msg", None)
                st.rerun(scope="app")

            st.button(text(lang, "classroom.join_other"), key="class:join-other", type="primary",
                      on_click=_student_guarded(lang, other))
        return
    st.caption(text(lang, "classroom.joined_as", code=code))
    q = view.question
    if q is None:
        st.info(text(lang, "classroom.wait"))
        return
    st.markdown(f"**{prompt(lang, q)}**")
    refused = st.session_state.get("class:answer-msg")
    if refused and refused[0] == view.qid:
        st.error(refused[1])

    def tapped(i: object, qid: object) -> None:
        try:
            room().answer(code, pid, qid, i)
        except (ClassError, *store_errors()) as err:
            st.session_state["class:answer-msg"] = (view.qid, refusal(lang, err))
            return
        st.session_state.pop("class:answer-msg", None)

    if q.mode != "pick":
        class_kinds.student(_Student(lang), view, _student_guarded(lang, tapped))
        return
    if not view.revealed:
        st.caption(text(lang, "classroom.tap" if q.kind == "word" else "classroom.tap_dim"))
    for i, label in enumerate(q.choices):  # one under another, in the sentence's order, thumb-sized
        marks = ("✓ " if view.revealed and i in q.right else "") + ("● " if view.mine == i else "")
        st.button(marks + label, key=f"class:answer-{i}", on_click=_student_guarded(lang, tapped), args=(i, view.qid),
                           type="primary" if view.mine == i else "secondary", width="stretch")
    with st.container(key="class:received"):
        if view.mine is None:
            st.caption(text(lang, "classroom.no_answer"))
        else:
            st.success(text(lang, "classroom.received", choice=md(q.choices[view.mine])))
    if not view.revealed or view.tally is None:
        return
    words = ", ".join(md(q.choices[j]) for j in q.right)
    if view.mine is None:
        st.info(text(lang, "classroom.you_none", words=words))
    elif view.mine in q.right:
        st.success(text(lang, "classroom.you_right", words=words))
    else:
        st.warning(text(lang, "classroom.you_wrong", words=words, choice=md(q.choices[view.mine])))
    student = _Student(lang)
    a11y.chart(student, class_charts.tally(
        q.choices, view.tally.counts, view.tally.right, view.mine,
        title=text(lang, "classroom.tally_title", k=view.tally.answered), y_title=text(lang, "classroom.tally_axis"),
        right_name=text(lang, "classroom.right"), mine_name=text(lang, "classroom.mine"), lying=True),
        "tally", key="class:student-tally")
    a11y.chart(student, class_charts.frozen_row(
        q.choices, q.values, q.right, title=text(lang, "classroom.values_title", word=q.asked)),
        "row", key="class:row")
