"""A light reading of a Korean word (어절): which stem and which ending, hence its role and tense.

Not a full analyser: a small set of rules over the jamo of Hangul syllables (docs/lexicon.md, "Morphology").
`readings(word)` lists every way the word can be cut into a stem and an ending the rules know, most likely
first; the lexicon keeps the first whose stem it knows (or, for a stem it does not know, the first marked
of highest `rank`). Every loop is bounded by the word's length and the rules' fixed lists; nothing recurses.

    그리웠다  → 그립다 + 었 + 다        past predicate (ㅂ-irregular: 그리워 ← 그립 + 어)
    떠나가는  → 떠나가다 + 는           adnominal (and 떠나다 + 아 + 가다, a verb with its auxiliary)
    기뻐서    → 기쁘다 + 어서           connective (ㅡ dropped before 어)
    노래가    → 노래 + 가               noun + particle
"""

from __future__ import annotations

from dataclasses import dataclass, replace

_BASE, _LAST = 0xAC00, 0xD7A3
# Indices of the jamo in a syllable: initial (19), medial vowel (21), final consonant (28, 0 = none).
_IEUNG = 11  # ㅇ as an initial: a syllable that starts with a vowel sound (아, 어, 은 …)
V_A, V_AE, V_YA, V_EO, V_E, V_YEO, V_O = 0, 1, 2, 4, 5, 6, 8
V_WA, V_WAE, V_OE, V_U, V_WO, V_EU, V_I = 9, 10, 11, 13, 14, 18, 20
NIEUN, RIEUL, MIEUM, BIEUP, SSANGSIOT, HIEUH, DIGEUT, SIOT = 4, 8, 16, 17, 20, 27, 7, 19
# Trailing-consonant jamo written at the start of an ending that sits in the stem's last syllable (간다, 갈, 감).
_FINAL_JAMO = {"ᆫ": NIEUN, "ᆯ": RIEUL, "ᆷ": MIEUM, "ᆸ": BIEUP}


def is_hangul(text: str) -> bool:
    return bool(text) and all(_BASE <= ord(c) <= _LAST for c in text)


def jamo(syllable: str) -> tuple[int, int, int]:
    """(initial, vowel, final) indices of one Hangul syllable."""
    code = ord(syllable) - _BASE
    return code // 588, (code % 588) // 28, code % 28


def syllable(initial: int, vowel: int, final: int = 0) -> str:
    return chr(_BASE + initial * 588 + vowel * 28 + final)


def final(s: str) -> int:
    """The final consonant (받침) of the last syllable of `s`: 0 for none (or for no Hangul)."""
    return jamo(s[-1])[2] if s and is_hangul(s[-1]) else 0


def _with_final(s: str, f: int) -> str:
    """`s` with the final consonant of its last syllable set to `f`."""
    i, v, _ = jamo(s[-1])
    return s[:-1] + syllable(i, v, f)


def _with_vowel(s: str, v: int) -> str:
    i, _, f = jamo(s[-1])
    return s[:-1] + syllable(i, v, f)


@dataclass(frozen=True)
class Reading:
    """One way to read a word: its stem (a noun, or a predicate's dictionary form ending in 다), what the
    ending does, and its tense (−1 past, 0, +1 future or intent).

    how: "particle" (noun + case particle), "oblique" (noun + 에/에서/로 …: where, how), "copula" (noun + 이다),
    "final", "connective", "adnominal" (꾸미는 꼴 -ㄴ/-는/-ㄹ/-던), "adverbial" (-게, -이/-히), "nominal"
    (-기/-음), "bare" (the stem itself). `ending`: the ending as the rules wrote it (ᆫ, 는, 었다 …).
    `head`: the noun a 하다/되다/스럽다/롭다 predicate is built on. `rank`: how far the ending alone can be
    trusted when the stem is not known (0: not at all; see `_rank`)."""

    stem: str
    kind: str  # "noun" or "pred"
    how: str
    tense: int = 0
    ending: str = ""
    head: str = ""
    rank: int = 0


# ---- nouns: particles and the copula -----------------------------------------------------------------

# Particles too rare or too like an ending to vouch for an unknown noun (얻어야 is 얻 + 어야, not 얻어 + 야).
WEAK_PARTICLES = ("이여", "이야", "여", "야", "아", "나", "랑", "이랑", "쯤", "뿐")
# (particle, after: "c" a final consonant, "v" none, "r" none or ㄹ (로), "rc" a consonant but ㄹ (으로), "any"; how)
PARTICLES: tuple[tuple[str, str, str], ...] = (
    ("에게서", "any", "oblique"), ("한테서", "any", "oblique"), ("으로서", "rc", "oblique"),
    ("으로써", "rc", "oblique"),
    ("에서", "any", "oblique"), ("에게", "any", "oblique"), ("한테", "any", "oblique"), ("께서", "any", "particle"),
    ("으로", "rc", "oblique"), ("로서", "r", "oblique"), ("로써", "r", "oblique"), ("까지", "any", "oblique"),
    ("부터", "any", "oblique"), ("보다", "any", "oblique"), ("처럼", "any", "oblique"), ("마다", "any", "particle"),
    ("조차", "any", "particle"), ("마저", "any", "particle"), ("밖에", "any", "particle"), ("만큼", "any", "oblique"),
    ("대로", "any", "oblique"), ("이나", "c", "particle"), ("이랑", "c", "particle"), ("이여", "c", "particle"),
    ("이야", "c", "particle"), ("이라도", "c", "particle"), ("라도", "v", "particle"), ("이든지", "c", "particle"),
    ("든지", "v", "particle"), ("같이", "any", "oblique"),
    ("로", "r", "oblique"), ("이", "c", "particle"), ("가", "v", "particle"), ("을", "c", "particle"),
    ("를", "v", "particle"), ("은", "c", "particle"), ("는", "v", "particle"), ("과", "c", "particle"),
    ("와", "v", "particle"), ("의", "any", "particle"), ("에", "any", "oblique"), ("께", "any", "oblique"),
    ("도", "any", "particle"), ("만", "any", "particle"), ("나", "v", "particle"), ("랑", "v", "particle"),
    ("여", "v", "particle"), ("야", "v", "particle"), ("아", "c", "particle"), ("들", "any", "particle"),
    ("뿐", "any", "particle"), ("쯤", "any", "particle"), ("적", "any", "particle"),
)
# The copula 이다 after a noun (after a vowel 이 may drop: 영화였다, 나무다): (form, after, tense, how); its adnominal
# forms (학생인, 영화였던) modify the next word as a predicate's do.
COPULA: tuple[tuple[str, str, int, str], ...] = (
    ("이었습니다", "c", -1, "copula"), ("이었던", "c", -1, "adnominal"), ("이었다", "c", -1, "copula"),
    ("이었고", "c", -1, "copula"), ("이었지만", "c", -1, "copula"),
    ("였습니다", "v", -1, "copula"), ("였던", "v", -1, "adnominal"), ("였다", "v", -1, "copula"),
    ("였고", "v", -1, "copula"), ("였지만", "v", -1, "copula"),
    ("이었으며", "c", -1, "copula"), ("였으며", "v", -1, "copula"), ("이었으니", "c", -1, "copula"),
    ("였으니", "v", -1, "copula"),
    ("입니다", "any", 0, "copula"), ("이에요", "c", 0, "copula"), ("예요", "v", 0, "copula"),
    ("이지만", "any", 0, "copula"), ("이어서", "c", 0, "copula"),
    ("이라서", "c", 0, "copula"), ("이므로", "any", 0, "copula"), ("이더라", "any", 0, "copula"),
    ("이로다", "any", 0, "copula"), ("이로구나", "any", 0, "copula"),
    ("이다", "any", 0, "copula"), ("이고", "any", 0, "copula"), ("이며", "any", 0, "copula"),
    ("이면", "any", 0, "copula"), ("이니", "any", 0, "copula"),
    ("이라", "any", 0, "copula"), ("이요", "any", 0, "copula"), ("이오", "any", 0, "copula"),
    ("이던", "any", -1, "adnominal"), ("인", "any", 0, "adnominal"),
    ("일", "any", 1, "adnominal"), ("임", "any", 0, "nominal"), ("이시여", "any", 0, "copula"),
    ("라", "v", 0, "copula"), ("다", "v", 0, "copula"),
)


def _fits(stem: str, after: str) -> bool:
    """Whether a particle of class `after` can follow `stem` (받침 rules; ㄹ takes 로, not 으로)."""
    if not stem or not is_hangul(stem[-1]):
        return False
    f = final(stem)
    return {
        "any": True, "c": f != 0, "v": f == 0, "r": f in (0, RIEUL), "rc": f not in (0, RIEUL),
    }[after]


def noun_splits(word: str, depth: int = 3) -> list[tuple[str, str, int, bool]]:
    """(noun, how, tense, weak) for every way to split particles (up to `depth`, e.g. 영화 + 에서 + 는) or the copula
    off `word`, longest noun first; the how of the particle nearest the noun wins (영화에서는 → oblique)."""
    out: list[tuple[str, str, int, bool]] = []
    frontier = [(word, "", 0, False)]
    for _ in range(depth):
        nxt = []
        for rest, how, tense, weak in frontier:
            for particle, after, p_how in PARTICLES:
                noun = rest[: -len(particle)]
                if rest.endswith(particle) and noun and _fits(noun, after):
                    kept = how if how in ("copula", "adnominal", "nominal") else p_how  # 평화적인: adnominal
                    nxt.append((noun, kept, tense, weak or particle in WEAK_PARTICLES))
            if not how:  # the copula ends a word: only the outermost split may take it
                for copula, after, c_tense, c_how in COPULA:
                    noun = rest[: -len(copula)]
                    if rest.endswith(copula) and noun and _fits(noun, after):
                        nxt.append((noun, c_how, c_tense, weak))
        out.extend(nxt)
        frontier = nxt
    out.sort(key=lambda t: -len(t[0]))
    return out


# ---- predicates: endings ----------------------------------------------------------------------------

# Endings joined straight to the stem: (ending, how, tense).
DIRECT: tuple[tuple[str, str, int], ...] = (
    ("습니다", "final", 0), ("습니까", "final", 0), ("는다", "final", 0), ("는구나", "final", 0),
    ("는군요", "final", 0),
    ("는데", "connective", 0), ("는지", "connective", 0), ("는가", "final", 0), ("느냐", "final", 0),
    ("는", "adnominal", 0),
    ("다가", "connective", 0), ("더니", "connective", 0), ("더라", "final", 0), ("던", "adnominal", -1),
    ("도록", "connective", 0), ("지만", "connective", 0), ("지요", "final", 0), ("죠", "final", 0),
    ("지", "connective", 0),
    ("고서", "connective", 0), ("고", "connective", 0), ("구나", "final", 0), ("군요", "final", 0),
    ("네요", "final", 0),
    ("네", "final", 0), ("나니", "connective", 0), ("노라", "final", 0), ("도다", "final", 0), ("누나", "final", 0),
    ("거나", "connective", 0), ("거든", "connective", 0), ("듯이", "adverbial", 0), ("듯", "adverbial", 0),
    ("기에", "connective", 0), ("기", "nominal", 0), ("게", "adverbial", 0), ("자", "connective", 0),
    ("옵소서", "final", 0), ("소서", "final", 0), ("다고", "connective", 0), ("라고", "connective", 0),
    ("되", "connective", 0), ("다", "final", 0),
)
# Endings that take 으 after a consonant (not ㄹ): a leading ᆫ/ᆯ/ᆷ/ᆸ sits in the stem's last syllable (간, 갈).
WITH_EU: tuple[tuple[str, str, int], ...] = (
    ("ᆸ니다", "final", 0), ("ᆸ니까", "final", 0), ("ᆸ시다", "final", 0), ("ᆫ다", "final", 0), ("ᆯ까", "final", 0),
    ("ᆫ데", "connective", 0), ("ᆯ지", "connective", 0), ("ᆯ수록", "connective", 0), ("ᆫ가", "final", 0),
    ("ᆯ게", "final", 1), ("ᆯ래", "final", 1), ("ᆫ들", "connective", 0), ("ᆫ지", "connective", 0),
    ("ᆫ", "adnominal", 0), ("ᆯ", "adnominal", 1), ("ᆷ", "nominal", 0),
    ("리라", "final", 1), ("리다", "final", 1), ("리니", "connective", 1), ("려고", "connective", 1),
    ("니까", "connective", 0), ("므로", "connective", 0), ("면서", "connective", 0),
    ("면", "connective", 0), ("며", "connective", 0), ("니", "connective", 0), ("러", "connective", 0),
    ("려", "connective", 1), ("오", "final", 0),
)
# Endings joined to the 아/어 form (기뻐, 그리워, 해): "" is the bare 아/어 form (떠나 보내다, 기뻐!).
A_FORM: tuple[tuple[str, str, int], ...] = (
    ("야지", "final", 0), ("야만", "connective", 0), ("서도", "connective", 0), ("서는", "connective", 0),
    ("서", "connective", 0), ("도", "connective", 0), ("야", "connective", 0), ("요", "final", 0), ("라", "final", 0),
    ("", "connective", 0),
)
# After the past 었/았/였 (a syllable ending in ㅆ) or the future 겠: the tail that follows it.
AFTER_TENSE: tuple[tuple[str, str], ...] = (
    ("습니다", "final"), ("습니까", "final"), ("는데", "connective"), ("는지", "connective"), ("는가", "final"),
    ("으니", "connective"), ("으면", "connective"), ("으며", "connective"), ("으나", "connective"),
    ("으므로", "connective"), ("으리라", "final"), ("지만", "connective"), ("다가", "connective"), ("더라", "final"),
    ("어요", "final"), ("어서", "connective"), ("구나", "final"), ("노라", "final"), ("도다", "final"),
    ("기에", "connective"), ("거나", "connective"), ("다", "final"), ("고", "connective"), ("지", "connective"),
    ("던", "adnominal"), ("을", "adnominal"), ("는", "adnominal"), ("네", "final"), ("어", "final"), ("기", "nominal"),
    ("음", "nominal"), ("소", "final"),
)
# Auxiliary verbs joined to a main verb's 아/어 form in one word (떠나가다 = 떠나 + 가다, 찾아오다).
AUXILIARIES = ("가", "오", "보", "주", "버리", "내", "놓", "두", "드리", "지", "대", "있")
# Suffixes that make a predicate of a noun (사랑하다, 사용되다, 사랑스럽다, 평화롭다).
LIGHT = ("하", "되", "스럽", "롭", "답")


def _unlink_eu(base: str) -> list[str]:
    """Stems that give `base` before an 으-ending: 먹으 → 먹, 가 → 가 (and 갈: ㄹ drops), 그리우 → 그립,
    들으 → 듣, 지으 → 짓, 파라 → 파랗 (ㅎ-irregular)."""
    if not base:
        return []
    out = []
    if base.endswith("으") and len(base) > 1:
        stem = base[:-1]
        if final(stem):
            out.append(stem)  # 으 follows a consonant only
        if final(stem) == RIEUL:
            out.append(_with_final(stem, DIGEUT))  # 들으 → 듣 (ㄷ-irregular)
        if final(stem) == 0:
            out.append(_with_final(stem, SIOT))  # 지으 → 짓 (ㅅ-irregular)
    else:
        if base[-1] == "우" and len(base) > 1:
            out.append(_with_final(base[:-1], BIEUP))  # 그리우 → 그립 (ㅂ-irregular; before 채우 → 채우)
        out.append(base)
        _, v, f = jamo(base[-1])
        if f == 0:
            out.append(_with_final(base, RIEUL))  # 사 → 살 (ㄹ drops before ㄴ, ㅂ, ㅅ, 오)
            if v in (V_A, V_EO):
                out.append(_with_final(base, HIEUH))  # 파라 → 파랗, 그러 → 그렇 (ㅎ-irregular)
    return out


def _unlink_a(form: str) -> list[str]:
    """Stems whose 아/어 form is `form`: 먹어 → 먹, 가 → 가, 봐 → 보, 기뻐 → 기쁘, 그리워 → 그립, 흘러 → 흐르,
    들어 → 듣/들, 마셔 → 마시, 해 → 하, 돼 → 되, 파래 → 파랗."""
    if not form or not is_hangul(form):
        return []
    i, v, f = jamo(form[-1])
    if f:
        return []
    out: list[str] = []
    head = form[:-1]
    if i == _IEUNG and v in (V_A, V_EO) and head:  # 먹어, 살아, 들어 (ㄷ-irregular: 듣), 나아 (ㅅ: 낫)
        out.append(head)
        if final(head) == RIEUL:
            out.append(_with_final(head, DIGEUT))
        if final(head) == 0:
            out.append(_with_final(head, SIOT))
    if form[-1] == "여" and head.endswith("하"):
        out.append(head)  # 하여 → 하
    if i == _IEUNG and v in (V_WA, V_WO) and head:  # 그리워 → 그립, 도와 → 돕 (ㅂ-irregular)
        out.append(_with_final(head, BIEUP))
    if v in (V_A, V_EO):
        if form[-1] != "하":  # (하 never shows as 하: 해, 하여)
            out.append(form)  # 가 → 가, 서 → 서, 떠나 → 떠나 (the stem's own 아/어 swallowed the ending's)
        out.append(_with_vowel(form, V_EU))  # 기뻐 → 기쁘, 슬퍼 → 슬프, 아파 → 아프 (ㅡ dropped)
        if form[-1] in ("라", "러") and head and final(head) == RIEUL:
            out.append(_with_final(head, 0) + "르")  # 흘러 → 흐르, 몰라 → 모르 (르-irregular)
    elif v == V_WA:
        out.append(_with_vowel(form, V_O))  # 봐 → 보, 와 → 오
    elif v == V_WO:
        out.append(_with_vowel(form, V_U))  # 줘 → 주, 둬 → 두
    elif v == V_YEO:
        out.append(_with_vowel(form, V_I))  # 마셔 → 마시, 그려 → 그리
    elif v == V_AE:
        if form[-1] == "해":
            out.append(head + "하")  # 해 → 하
        out.append(form)  # 보내 → 보내
        out.append(_with_final(_with_vowel(form, V_A), HIEUH))  # 파래 → 파랗
        out.append(_with_final(_with_vowel(form, V_EO), HIEUH))  # 그래 → 그렇
    elif v == V_WAE:
        out.append(_with_vowel(form, V_OE))  # 돼 → 되
    elif v == V_E:
        out.append(form)  # 세 → 세
    return out


def _strip(word: str, ending: str) -> str | None:
    """`word` without `ending` (a leading ᆫ/ᆯ/ᆷ/ᆸ is taken from the last syllable's 받침), or None."""
    if ending and ending[0] in _FINAL_JAMO:
        rest = ending[1:]
        if len(word) <= len(rest) or not word.endswith(rest):
            return None
        base = word[: len(word) - len(rest)]
        if not is_hangul(base[-1]) or final(base) != _FINAL_JAMO[ending[0]]:
            return None
        return _with_final(base, 0)
    if not word.endswith(ending) or len(word) <= len(ending):
        return None
    return word[: len(word) - len(ending)]


def _eu_base(base: str, ending: str) -> list[str]:
    """An 으-ending after `base`: a consonant-final base must have shown 으 (먹은, 먹으면), unless ㄹ."""
    stems = _unlink_eu(base)
    if not base.endswith("으") and final(base) not in (0, RIEUL):
        return []  # 먹면: not a form
    if final(base) == RIEUL and ending[:1] in ("ᆫ", "ᆯ", "ᆸ", "니", "오"):
        return []  # 알 + ᆫ is 안, never 알은 … (ㄹ drops)
    return stems


def _verb_stems(stem: str) -> list[tuple[str, str]]:
    """(stem, head) pairs to try for a predicate stem: itself, its honorific-free form (가시 → 가), the main
    verb under an auxiliary (떠나가 → 떠나), and the noun under 하다/되다/스럽다/롭다 (사랑하 → head 사랑)."""
    out = [(stem, "")]
    if stem.endswith("시") and len(stem) > 1:
        out += [(s, "") for s in _unlink_eu(stem[:-1])]  # 가시 → 가, 먹으시 → 먹
    for aux in AUXILIARIES:
        if stem.endswith(aux) and len(stem) - len(aux) >= 2:  # 떠나가 → 떠나; 가지 is no 가 + 지
            out += [(s, "") for s in _unlink_a(stem[: -len(aux)])]
    if stem.endswith("우") and len(stem) > 2 and not final(stem[:-1]):
        out.append((stem[:-1], ""))  # the poets' 우: 스치우 → 스치, 뿌리우 → 뿌리, 흘리우 → 흘리
    if stem.endswith("하") and len(stem) > 1:
        out += [(s, "") for s in _unlink_a(stem[:-1])]  # 미워하 → 밉, 기뻐하 → 기쁘 (an adjective + 어하다)
    for light in LIGHT:
        if stem.endswith(light) and len(stem) > len(light):
            out.append((stem, stem[: -len(light)]))
    return out


def predicate_readings(word: str) -> list[Reading]:
    """Every reading of `word` as a predicate stem + ending the rules know."""
    found: list[tuple[str, str, int, str]] = []  # (stem, how, tense, ending)
    for ending, how, tense in DIRECT:
        base = _strip(word, ending)
        if base:
            found.append((base, how, tense, ending))
            if ending[:1] in ("는", "네", "니", "습") and final(base) == 0:
                found.append((_with_final(base, RIEUL), how, tense, ending))  # 우는 → 울, 사네 → 살
    for ending, how, tense in WITH_EU:
        base = _strip(word, ending)
        if base:
            found += [(s, how, tense, ending) for s in _eu_base(base, ending)]
    for ending, how, tense in A_FORM:
        base = _strip(word, ending) if ending else word
        if base:
            found += [(s, how, tense, "어" + ending) for s in _unlink_a(base)]
    for tail, how in AFTER_TENSE:
        base = word[: -len(tail)] if word.endswith(tail) else None
        if not base or not is_hangul(base[-1]):
            continue
        if base.endswith("겠") and len(base) > 1:  # 가겠다, 가야겠다 (-어야 + 겠)
            found.append((base[:-1], how, 1, "겠" + tail))
            if base[:-1].endswith("야"):
                found += [(s, how, 1, "어야겠" + tail) for s in _unlink_a(base[:-2])]
        elif final(base) == SSANGSIOT:  # 그리웠 + 다 → 그리워, 했 → 해, 셨 → 셔 (시 + 어)
            form = _with_final(base, 0)
            if len(form) > 1 and final(form[:-1]) == SSANGSIOT:
                form = _with_final(form[:-1], 0)  # 었었: a second past (갔었다 → 가)
            stems = _unlink_a(form)
            if form.endswith("셔"):
                stems.append(form[:-1] + "시")
            found += [(s, how, -1, "었" + tail) for s in stems]
    out: list[Reading] = []
    seen = set()
    for stem, how, tense, ending in found:
        for s, head in _verb_stems(stem):
            key = (s, how, tense, head)
            if final(s) == SSANGSIOT and not s.endswith("있"):
                continue  # 갔 + 습니다: ㅆ is the past marker (있다 is the one stem ending in ㅆ)
            if s and is_hangul(s) and key not in seen:
                seen.add(key)
                out.append(Reading(s + "다", "pred", how, tense, ending, head, _rank(s, how, tense, ending, head)))
    return out


_FORMAL = ("습니다", "ᆸ니다", "는다", "ᆫ다")


def _rank(stem: str, how: str, tense: int, ending: str, head: str) -> int:
    """How far the ending alone makes this a predicate when its stem is unknown: 3 for a noun made a predicate
    by 하다/되다 (보장한다, 관한) or a past or future marker before a final or connective ending; 2 for the
    formal or plain present of a verb (합니다, 먹는다); 0 otherwise (-고, -면, -는 … also end many nouns)."""
    if head and stem.endswith(("하", "되")):
        return 3
    if tense != 0 and how in ("final", "connective"):
        return 3
    if ending in _FORMAL:
        return 2
    return 0


def readings(word: str) -> tuple[Reading, ...]:
    """Every reading of a Hangul word the rules know, nouns (with their particles) before predicates.

    The caller picks the first whose stem it knows, else the one of highest rank (≥ 2) — see the module
    docstring."""
    if not is_hangul(word):
        return ()
    out: list[Reading] = []
    after: list[Reading] = []  # a connective + 는/도/만 (아니하고는, 대하여는): tried after the word's own readings
    for noun, how, tense, weak in noun_splits(word):
        # 장면이다 is a copula, 영화다 may be a verb; no noun ends in the linking 으 (물으로 is 물 + a misfit 으로)
        rank = 0 if noun.endswith("으") or (how in ("copula", "adnominal") and final(noun) == 0) else 1 if weak else 2
        out.append(Reading(noun, "noun", how, tense, rank=rank))
        if how in ("particle", "oblique"):  # 보기가, 없기를, 그리움을: a nominalised predicate + particle
            out += [replace(r, rank=0) for r in predicate_readings(noun) if r.how == "nominal"]
        if how == "particle" and word[len(noun):] in ("는", "도", "만", "요", "은"):  # 아니하고는, 먹어도
            after += [r for r in predicate_readings(noun) if r.how in ("connective", "adverbial")]
    out += predicate_readings(word) + after
    if word.endswith("히") and len(word) > 2:  # 공고히, 조용히: the adverb of an X하다 adjective
        out.append(Reading(word[:-1] + "하다", "pred", "adverbial", 0, "히", word[:-1], rank=2))
    out.append(Reading(word, "noun", "bare"))
    return tuple(out)


# ---- forms of a known stem: how the word table may hold it ---------------------------------------------

def infinitives(stem: str) -> list[str]:
    """The 아/어 forms of a predicate stem (without 다), contracted and not: 가 → 가, 보 → 봐/보아,
    먹 → 먹어, 하 → 해/하여, 그립 → 그리워, 기쁘 → 기뻐, 흐르 → 흘러, 듣 → 들어/듣어, 되 → 돼/되어."""
    if not is_hangul(stem):
        return []
    i, v, f = jamo(stem[-1])
    head = stem[:-1]
    # 아 after ㅏ/ㅗ, 어 after any other vowel; a final ㅡ that drops (기쁘 → 기뻐) leaves the choice to the
    # syllable before it
    bright = jamo(head[-1])[1] in (V_A, V_O) if v == V_EU and not f and head else v in (V_A, V_O)
    ending = "아" if bright else "어"
    if stem.endswith("하"):
        return [head + "해", stem + "여"]
    if f == BIEUP:
        return [_with_final(stem, 0) + "워", _with_final(stem, 0) + "와"]
    if f == HIEUH:
        return [_with_final(_with_vowel(stem, V_AE), 0)]
    if f == DIGEUT:
        return [_with_final(stem, RIEUL) + ending, stem + ending]
    if f:
        return [stem + ending]
    if v == V_EU:
        if stem.endswith("르") and head:
            return [_with_final(head, RIEUL) + ("라" if bright else "러")]
        if head:
            return [_with_vowel(stem, V_A if bright else V_EO)]
        return [syllable(i, V_EO)]  # 쓰 → 써, 크 → 커
    contracted = {V_A: V_A, V_EO: V_EO, V_O: V_WA, V_U: V_WO, V_I: V_YEO, V_OE: V_WAE, V_AE: V_AE, V_E: V_E}.get(v)
    out = [syllable(i, contracted)] if contracted is not None else []
    out = [head + s for s in out]
    if v not in (V_A, V_EO, V_AE, V_E):
        out.append(stem + ending)
    return out or [stem + ending]


def forms(predicate: str) -> list[str]:
    """Surface forms of a predicate given in its dictionary form (그립다), to find it among the word table's
    rows (which are words as they appear in sentences): 그립다, 그리운, 그리워, 그리웠다, 그리는 …"""
    stem = predicate[:-1] if predicate.endswith("다") else predicate
    if not is_hangul(stem):
        return []
    f = final(stem)
    out = [stem + "다", stem + "고"]
    if f in (0, RIEUL, HIEUH):
        out.append(_with_final(stem, NIEUN))  # 슬픈, 긴, 파란
        out.append(_with_final(stem, RIEUL))  # 만날
        out.append(_with_final(stem, NIEUN) + "다")  # 본다, 운다
    elif f == BIEUP:
        out += [_with_final(stem, 0) + "운", _with_final(stem, 0) + "울"]  # 그리운, 무서운
    else:
        out += [stem + "은", stem + "을", stem + "는다"]
    out.append((_with_final(stem, 0) if f == RIEUL else stem) + "는")  # 신나는, 우는
    for inf in infinitives(stem):
        out += [inf, _with_final(inf, SSANGSIOT) + "다"]  # 그리워, 그리웠다
        if inf.endswith(("아", "어")) and len(inf) > 1:
            out.append(_with_final(inf, SSANGSIOT) + "다")
    return out
