"""Strings of the drawer that sets a word's meaning (ui/words.py): {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("단어의 뜻 정하기", "Set a word's meaning"),
    "help": (
        "문장의 단어 하나를 고르고, ‘~처럼’에서 뜻이 알려진 단어를 고르면 그 단어의 값을 그대로 가져옵니다. 아래 "
        "여덟 축을 하나씩 움직여 고칠 수도 있습니다. 고친 값은 X의 그 단어 행이 되어 모든 화면에 쓰이고, 링크와 "
        "수업 파일에도 담깁니다.",
        "Pick a word of the sentence; pick a word whose meaning is known under ‘means like…’ to copy its values; or "
        "move the eight axes below one by one. The values become the word's row of X on every screen, and travel in "
        "links and lesson files.",
    ),
    "word": ("단어", "Word"),
    "like": ("~처럼 (뜻을 빌려 올 단어)", "Means like…"),
    "like_placeholder": ("단어를 고르거나 입력하세요", "Pick or type a word"),
    "like_help": (
        "단어 표의 단어를 고르거나, 아무 단어나 입력하세요. 형태나 공개 사전으로 뜻을 읽을 수 있는 단어면 됩니다.",
        "Pick a word of the table, or type any word whose meaning the app can read from its form or an open lexicon.",
    ),
    "like_unknown": (
        "‘{word}’{word:은/는} 이 앱이 뜻을 모르는 단어입니다 (해시에서 만든 값뿐입니다). 다른 단어를 골라 보세요.",
        "The app knows no meaning for ‘{word}’ (only values made up from a hash). Try another word.",
    ),
    "like_done": ("‘{word}’{word:이/가} 이제 ‘{like}’처럼 보입니다.", "‘{word}’ now means like ‘{like}’."),
    "source_table": ("‘{word}’의 값은 단어 표에서 왔습니다.", "‘{word}’'s values come from the word table."),
    "source_stem": ("‘{word}’의 값은 조사를 뗀 말의 표 값입니다.",
                    "‘{word}’'s values are its stem's, once a particle is split off."),
    "source_guessed": ("‘{word}’의 값은 꼴과 공개 사전으로 짐작한 것입니다.",
                       "‘{word}’'s values are guessed from its form and open lexicons."),
    "source_hash": ("‘{word}’의 값은 해시에서 만든 값이라 뜻이 없습니다: 여기서 정해 주세요.",
                    "‘{word}’'s values are made up from a hash and mean nothing: set them here."),
    "source_edited": ("‘{word}’의 값은 직접 정한 값입니다.", "‘{word}’'s values were set by hand."),
    "reset": ("‘{word}’의 원래 값으로", "Back to ‘{word}’'s own values"),
    "folded": ("단어 안내: 뜻을 만든 단어 {made}개, 짐작한 단어 {guessed}개",
               "About the words: {made} made up, {guessed} guessed"),
}
