"""Random sequences of what a user does, through the pages as a browser drives them; after every step the page
shows no exception element. Hypothesis prints the failing sequence, shortened, when one fails.

What a user does: type a sentence (one that changes the word count or the words under the current picks
too), pick a word, a row, a column, a dimension or a quiz guess (by index, or by a label the browser still
shows from the last sentence: it reports a choice by its label), choose a preset, step T, switch pages and
languages, turn presenter mode on and off.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from attention_core.presets import SINGLE_HEAD_PRESETS
from attention_core.registry import PAGE_KEYS, T_OPTIONS, page_spec
from tests.app.conftest import assert_clean, open_page, say, state

SENTENCES = [
    "the dog sat on the mat", "고요한 밤 별이 빛났다", "a b c d e", "슬픈 노래가 좋았다 정말", "슬픈",
    "영화는 슬픈 장면이었다", "슬픈 슬픈 슬픈", "행복한 영화는 아름다운 장면이었다 정말 좋았다 오늘 밤",
]
WORDS = st.sampled_from(["슬픈", "영화는", "밤", "dog", "😀", "장면이었다", "x", "아름다운"])
SENTENCE = st.one_of(st.sampled_from(SENTENCES), st.lists(WORDS, min_size=1, max_size=9).map(" ".join))


def pickers(at) -> dict[str, list[str]]:
    """The select boxes over words or dimensions on the page now (key → the labels they show)."""
    return {b.key: list(b.options) for b in at.selectbox if str(b.key).startswith(("pick:", "quiz:"))}


class UserMachine(RuleBasedStateMachine):
    @initialize(page=st.sampled_from(PAGE_KEYS))
    def open(self, page):
        self.at = open_page(page)
        self.shown = pickers(self.at)  # what the browser shows in each picker (it keeps a label it was sent)

    def run(self) -> None:
        self.at.run()
        now = pickers(self.at)
        self.shown = {k: now.get(k, old) for k, old in self.shown.items()} | now

    @rule(sentence=SENTENCE)
    def type_sentence(self, sentence):
        self.at.text_input(key="sb:sentence").input(sentence)
        before = dict(self.shown)
        self.run()
        # a picker the app did not write into keeps, in the browser, the labels of the last sentence
        for key, labels in before.items():
            if key in pickers(self.at) and self.at.selectbox(key=key).proto.set_value is False:
                self.shown[key] = labels

    @rule(data=st.data())
    def pick(self, data):
        boxes = pickers(self.at)
        if not boxes:
            return
        key = data.draw(st.sampled_from(sorted(boxes)), label="picker")
        self.at.selectbox(key=key).set_value(data.draw(st.integers(0, len(boxes[key]) - 1), label="index"))
        self.run()

    @rule(data=st.data())
    def pick_a_label_the_browser_still_shows(self, data):
        boxes = pickers(self.at)
        keys = sorted(k for k in boxes if k in self.shown)
        if not keys:
            return
        key = data.draw(st.sampled_from(keys), label="picker")
        label = data.draw(st.sampled_from(self.shown[key]), label="label")
        box = self.at.selectbox(key=key)
        box.options = list(self.shown[key])
        box.set_value(label)
        self.run()

    @rule(preset=st.sampled_from(SINGLE_HEAD_PRESETS))
    def choose_preset(self, preset):
        self.at.selectbox(key="sb:preset").set_value(preset)
        self.run()

    @rule(t=st.sampled_from(T_OPTIONS))
    def step_t(self, t):
        self.at.select_slider(key="sb:T").set_value(t)
        self.run()

    @rule(page=st.sampled_from(PAGE_KEYS))
    def switch_page(self, page):
        self.at.switch_page(page_spec(page).file)
        self.run()

    @rule(lang=st.sampled_from(["ko", "en"]))
    def switch_language(self, lang):
        self.at.segmented_control(key="sb:lang").set_value(lang)
        self.run()

    @rule()
    def presenter_mode(self):
        self.at.toggle(key="sb:presenter").set_value(not state(self.at).view.presenter)
        self.run()

    @invariant()
    def no_exception_element(self):
        assert_clean(self.at)
        # nor the frame's last line of defence: an error it caught is still an error
        assert not {e.value for e in self.at.error} & {say("msg.page_failed", lang) for lang in ("ko", "en")}


def test_no_sequence_of_user_actions_shows_an_exception():
    run_state_machine_as_test(UserMachine, settings=settings(
        max_examples=20, stateful_step_count=12, deadline=None, derandomize=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
