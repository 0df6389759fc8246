"""Lesson scenes in the app: build the list in the sidebar, walk it with the clicker, save and load it.

A walk applies a scene's whole state (and page); its caption, filled from the scene's state, shows as a banner
pinned at the top of the page with the step buttons, and the scene's focus (the element the caption is about)
is brought into view just under it once per opening (`ui/web/clicker.js` does the scrolling in the browser).
The previous/next buttons carry the same keys as presenter mode's step buttons, so the clicker handler drives
both.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from .. import codec, scenes
from ..errors import InputError
from . import classroom, web
from .frame import Page, md
from .guard import guarded


def apply(p: Page, index: int) -> None:
    """Make scene `index` of the session's lesson the one shown, in the language and presenter mode on screen (a
    scene has its caption in both languages, and presenter mode belongs to the lecture, not to the scene: a lesson
    recorded while preparing, presenter mode off, is walked in class with it on): its state now, its page at the
    next run's start (`Page.open`). A widget's callback needs nothing more; a page's body then starts the run again
    (`st.rerun()`)."""
    scene = p.scenes[index]
    if walking(p) and p.walk != index:
        classroom.leave_scene(p, p.scenes[p.walk])  # the question the last scene asked closes before this one shows
    p.walk = index
    p.update(scene.scenario, replace(scene.view, lang=p.lang, presenter=p.presenter))
    if scene.page != p.key:
        p.open(scene.page)


def scene_caption(p: Page) -> None:
    """The scene's caption as a banner; once the screen no longer shows the scene's state (T moved, another
    sentence or page), the banner says which state the caption is about, with "back to the scene"."""
    scene = p.scenes[p.walk]
    caption = scene.caption_shown(p.lang)
    moved = moved_from(p, scene) if caption else ""
    if caption and not moved:
        st.info(md(caption), icon=":material/slideshow:")
    elif caption:  # the caption speaks of the scene's state, which the screen no longer shows: said so
        st.warning(f"{md(caption)}\n\n{moved}", icon=":material/slideshow:")
        st.button(p.t("lecture.scene_back"), key="pr:back", icon=":material/undo:", on_click=guarded(p, step),
                  args=(p, 0))


def moved_from(p: Page, scene: scenes.Scene) -> str:
    """"" while the screen shows the scene's own state; else what changed since it was opened (T moved, another
    sentence or weights, another page), said under its caption: the caption's numbers and words are the scene's."""
    if p.key != scene.page:
        return p.t("lecture.scene_moved_page", page=p.t(f"page.{scene.page}"))
    if p.scenario is scene.scenario:
        return ""
    # the share link's payload names everything a scenario holds (T under "t", left out at its default)
    saved, now = codec.link_payload(scene.scenario, p.view), codec.link_payload(p.scenario, p.view)
    if now == saved:
        return ""
    if {k: v for k, v in now.items() if k != "t"} == {k: v for k, v in saved.items() if k != "t"}:
        return p.t("lecture.scene_moved_t", saved=scene.scenario.temperature, now=p.scenario.temperature)
    return p.t("lecture.scene_moved")


# The buttons that open the built-in lesson, and the step buttons a press of which may come in the same message
# (the clicker's PageDown right after the click, pressed on the step buttons the page shows until it is drawn again:
# presenter mode's own, whose key the lesson's bar reuses)
OPENERS = ("home:lesson", "sc:builtin")
STEPS = {"pr:next": 1, "pr:prev": -1}


def pressed(key: str) -> bool:
    """Is button `key` pressed in this run (read in a callback: its press comes in this run's message)."""
    return st.session_state.get(key) is True


def opening() -> bool:
    """Is a lesson's opener pressed in this run."""
    return any(pressed(key) for key in OPENERS)


def step(p: Page, by: int) -> None:
    """The bar's ◀ ▶ (and the clicker's PageUp/PageDown): `by` scenes on from the one shown now, a callback (0:
    the scene shown, its state again). Each press moves a scene, one sent before the page was drawn again
    included. Pressed in the same message as an opener, the step is the opener's to take (`open_builtin`), whichever
    callback Streamlit calls first."""
    if opening():
        return
    if walking(p) and 0 <= p.walk + by < len(p.scenes):
        apply(p, p.walk + by)


def end(p: Page) -> None:
    """The bar's way out of the lesson, a callback."""
    p.walk = None


def start(p: Page, lesson: tuple[scenes.Scene, ...], notice: str | None = None, at: int = 0) -> None:
    """Make `lesson` the session's list and show its scene `at` (the first; the scene list opens, as for a new
    session with a lesson). A lesson made for presenting (its first scene recorded in presenter mode, as the
    built-in one) starts presenter mode; no scene ever turns it off (`apply`)."""
    p.set_scenes(lesson)
    p.forget_drawer("sc:box")
    if lesson[0].view.presenter and not p.presenter:
        p.update(view=replace(p.view, presenter=True))
    if notice:
        p.notify("success", notice)
    apply(p, min(max(at, 0), len(lesson) - 1))
    st.rerun()


def walking(p: Page) -> bool:
    return p.walk is not None and 0 <= p.walk < len(p.scenes)


def focus_marker(scene: scenes.Scene, opened: int) -> str:
    """What tells the browser to bring the scene's focus into view: its key (checked by `scenes`: letters,
    digits, ":", "_", "-" only) and a number new at each opening, so that it scrolls once per opening."""
    return f'<span class="attention-focus" data-focus="{scene.focus}" data-nonce="{opened}"></span>'


def nav(p: Page) -> None:
    """Previous / next scene, "k of n" and the way out, then the scene's caption as a banner (pinned)."""
    k, n = p.walk + 1, len(p.scenes)
    scene = p.scenes[p.walk]
    asks = classroom.scene_asks(p, scene)  # the scene's question, while a class is open: asked from the bar
    with st.container(key="pr-bar"):
        cols = st.columns([2, 3, 2, 2, 2] if asks else [2, 3, 2, 2], vertical_alignment="center")
        prev_col, step_col, next_col, end_col = cols[0], cols[1], cols[2], cols[-1]
        # callbacks (ui/guard.py): a press sent in one message with a fragment's change still moves the lesson
        prev_col.button("◀ " + p.t("lecture.scene_prev"), key="pr:prev", disabled=k == 1, width="stretch",
                        on_click=guarded(p, step), args=(p, -1))
        step_col.markdown(f"**{p.t('lecture.scene_of', k=k, n=n)}**")
        next_col.button(p.t("lecture.scene_next") + " ▶", key="pr:next", type="primary", disabled=k == n,
                        width="stretch", on_click=guarded(p, step), args=(p, 1))
        end_col.button(p.t("lecture.scene_end"), key="sc:end", width="stretch", on_click=guarded(p, end), args=(p,))
        if asks:
            classroom.scene_ask_button(p, scene, cols[3])

        def scene_caption_part() -> None:  # a T part: a T step in the scene redraws it (its caption may stop holding)
            scene_caption(p)

        p.follows_t(scene_caption_part)()
        # pinned at the top while the page scrolls (ui/web/scene-bar.css); the focus marker's own box takes no room
        web.html(web.style("scene-bar.css") + (focus_marker(scene, p.walk_opened) if scene.focus else ""))


def builder(p: Page) -> None:
    """Sidebar: add this state as a scene, reorder and delete, start the walk, save and load the lesson."""
    with p.drawer(p.t("lecture.scenes"), "sc:box", opened=bool(p.scenes)) as open_:
        if not open_:  # built only while open: a closed one costs every run nothing (ui/drawers.py)
            return
        st.caption(p.t("lecture.scenes_help"))
        for lang in ("ko", "en"):  # a caption being typed survives the drawer's closing
            key = f"sc:cap_{lang}"
            st.text_input(p.t(f"lecture.caption_{lang}"), key=key, max_chars=scenes.MAX_CAPTION_CHARS,
                          persist_state="session")
        scene, refused = _scene_here(p, focus_picker(p))
        preview(p, scene, refused)
        full = len(p.scenes) >= scenes.MAX_SCENES

        def add() -> None:  # a callback: a press that comes with a fragment's change is not lost (ui/guard.py)
            # read again: a caption typed and the button pressed at once arrive together, the caption first
            chosen = st.session_state.get("sc:focus")
            now, why = _scene_here(p, chosen if chosen in dict(p.focusable) else "")
            if why is not None:
                p.notify("error", p.error(why))
                return
            p.scenes.append(now)
            p.notify("success", p.t("lecture.scene_added", k=len(p.scenes)))

        st.button(p.t("lecture.scene_add"), key="sc:add", icon=":material/add_a_photo:", disabled=full,
                  on_click=guarded(p, add))
        for idx, scene in enumerate(p.scenes):
            label = f"{idx + 1}. {p.t(f'page.{scene.page}')}"
            caption = scene.caption_shown(p.lang)
            st.markdown(f"**{md(label)}**" + (f"  \n{md(caption)}" if caption else ""))
            up, down, go, drop = st.columns(4)
            # callbacks (ui/guard.py): a press sent in one message with a fragment's change is not lost
            up.button("↑", key=f"sc:up:{idx}", disabled=idx == 0, help=p.t("lecture.scene_up"),
                      on_click=guarded(p, _move, f"sc:up:{idx}"), args=(p, idx, idx - 1))
            down.button("↓", key=f"sc:down:{idx}", disabled=idx == len(p.scenes) - 1, help=p.t("lecture.scene_down"),
                        on_click=guarded(p, _move, f"sc:down:{idx}"), args=(p, idx, idx + 1))
            go.button("▶", key=f"sc:go:{idx}", help=p.t("lecture.scene_go"), on_click=guarded(p, _go, f"sc:go:{idx}"),
                      args=(p, idx))
            drop.button("✕", key=f"sc:drop:{idx}", help=p.t("lecture.scene_drop"),
                        on_click=guarded(p, _drop, f"sc:drop:{idx}"), args=(p, idx))
        if p.scenes:
            st.download_button(p.t("lecture.scenes_down"), scenes.to_json(p.scenes),
                               file_name="attention-scenes.json", mime="application/json", key="sc:json",
                               on_click="ignore", icon=":material/save:")
            token = scenes.encode_link(p.scenes)
            if len(token) <= scenes.LINK_LIMIT:
                st.code(f"{st.context.url or ''}?lesson={token}", language=None, wrap_lines=True)
                st.caption(p.t("lecture.scenes_link_help"))
            else:
                st.caption(p.t("lecture.scenes_link_long", chars=len(token), limit=scenes.LINK_LIMIT))
        upload = st.file_uploader(p.t("lecture.scenes_up"), type=["json"], key="sc:upload")
        if upload is not None and p.first_upload("lesson", upload.file_id):
            try:
                lesson = scenes.from_json(upload.getvalue())
            except InputError as err:
                p.notify("error", p.t("lecture.scenes_failed", reason=p.error(err)))
                st.rerun()
            else:
                start(p, lesson, p.t("lecture.scenes_loaded", n=len(lesson)))
        st.button(p.t("lecture.builtin_open"), key="sc:builtin", icon=":material/school:",
                  on_click=guarded(p, open_builtin, "sc:builtin"), args=(p,))


def focus_picker(p: Page) -> str:
    """"The caption is about": one of the charts and tables this page drew (`Page.focusable`), by its visible name;
    the scene brings it to just under the caption when it opens. "" for none."""
    shown = dict(p.focusable)
    options = ["", *shown]
    key = "sc:focus"
    if st.session_state.get(key) not in options:  # another page's element: none here
        st.session_state[key] = ""
    chosen = st.selectbox(p.t("lecture.scene_focus"), options, key=key, persist_state="session",
                          format_func=lambda k: shown.get(k) or p.t("lecture.scene_focus_none"),
                          help=p.t("lecture.scene_focus_help"))
    return chosen if chosen in shown else ""


def _scene_here(p: Page, focus: str) -> tuple[scenes.Scene | None, InputError | None]:
    """The scene "add" would add now: this state, page, the captions typed and the focus; or why it cannot be."""
    caption = tuple(" ".join(str(st.session_state.get(f"sc:cap_{lang}", "")).split()) for lang in ("ko", "en"))
    try:  # a caption's blanks are checked here, as in a lesson file (scenes.caption_pieces)
        return scenes.Scene(p.scenario, p.view, p.key, caption, focus), None
    except InputError as err:
        return None, err


def preview(p: Page, scene: scenes.Scene | None, refused: InputError | None) -> None:
    """What the class will see when the scene opens: its caption filled from this state, and what comes under it."""
    st.markdown(f"**{p.t('lecture.scene_preview')}**")
    if refused is not None:
        st.error(p.error(refused))
        return
    caption = scene.caption_shown(p.lang)
    if caption:
        st.info(md(caption), icon=":material/slideshow:")
    else:
        st.caption(p.t("lecture.scene_preview_empty"))
    if scene.focus:
        st.caption("↓ " + p.t("lecture.scene_preview_focus", name=md(dict(p.focusable)[scene.focus])))


def open_builtin(p: Page) -> None:
    """The built-in lesson from its first scene, moved on by the steps pressed in the same message (`step`)."""
    lesson = scenes.builtin()
    steps = sum(by for key, by in STEPS.items() if pressed(key))
    start(p, lesson, p.t("lecture.builtin_opened", n=len(lesson)), at=steps)


def _move(p: Page, src: int, dst: int) -> None:
    """Scene `src` to place `dst` (a callback of the scene list's ↑ ↓)."""
    if not (0 <= src < len(p.scenes) and 0 <= dst < len(p.scenes)):  # the list changed since it was drawn
        return
    p.scenes.insert(dst, p.scenes.pop(src))
    if p.walk == src:
        p.walk = dst
    elif p.walk == dst:
        p.walk = src


def _go(p: Page, idx: int) -> None:
    """Scene `idx` shown (a callback of the scene list's ▶)."""
    if 0 <= idx < len(p.scenes):
        apply(p, idx)


def _drop(p: Page, idx: int) -> None:
    """Scene `idx` deleted (a callback of the scene list's ✕)."""
    if not 0 <= idx < len(p.scenes):
        return
    del p.scenes[idx]
    if p.walk is not None and p.walk >= len(p.scenes):
        p.walk = None
