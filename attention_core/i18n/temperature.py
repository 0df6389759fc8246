"""Strings of the Temperature screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "Temperature T는 **집중의 강도**를 조절합니다. 점수를 T로 나눈 뒤 softmax를 취하므로, T가 작으면 점수 사이의 "
        "**차이가 벌어져** softmax 결과에서 큰 값은 더 커지고 작은 값은 더 작아져 **한쪽으로 쏠리고**, T가 크면 차이가 "
        "줄어 **고르게 퍼집니다**.",
        "Temperature T sets **how sharply attention focuses**. The scores are divided by T before the softmax: a "
        "small T **widens the gaps** between them, so among the softmax values the large grow larger and the small "
        "smaller and the weights **pile onto one word**; a large T shrinks the gaps, so the weights **spread out**.",
    ),
    "slider_hint": ("사이드바의 T와 같은 값입니다. 어느 쪽을 움직여도 이 화면 전체가 따라 바뀝니다.",
                    "This is the sidebar's T; move either one and the whole screen follows."),
    "slider_hint.presenter": ("이 T를 움직이면 이 화면 전체가 따라 바뀝니다.",
                              "Move this T and the whole screen follows."),
    # the document's example
    "doc_title": ("문서의 예: z = [2.0, 1.0, 0.1]", "The text's example: z = [2.0, 1.0, 0.1]"),
    "doc_bars": ("softmax(z / T), 지금 T = {t:g}", "softmax(z / T) at the current T = {t:g}"),
    "prob": ("확률", "probability"),
    "table_title": ("T = 0.5, 1, 2에서: 계산한 값과 문서에 적힌 값",
                    "At T = 0.5, 1, 2: computed here and printed in the text"),
    "computed": ("계산", "computed"),
    "printed": ("문서", "printed"),
    "sum": ("합 Σ", "sum Σ"),
    "table_note": (
        "색칠한 칸은 계산값(소수 둘째 자리 반올림)이 문서의 값과 다른 곳입니다. 문서에 ‘예시’로 적힌 {rows} 행은 "
        "softmax가 주는 값이 아닙니다 (최대 {gap:.2f} 차이) — {diffs}. 반올림한 값은 한 행의 합이 0.99나 1.01이 될 수 "
        "있습니다 (Σ 열); 반올림 전의 합은 언제나 정확히 1입니다.",
        "Shaded cells are where the computed value (rounded to two decimals) differs from the text. The {rows} rows, "
        "printed in the text as an example, are not what softmax gives (off by up to {gap:.2f}) — {diffs}. Rounded, "
        "a row can sum to 0.99 or 1.01 (the Σ column); before rounding every row sums to exactly 1.",
    ),
    "diff_item": ("T = {t:g}: 문서 [{printed}], 계산 [{exact}]", "T = {t:g}: printed [{printed}], computed [{exact}]"),
    "grouped": ("계산값과 문서의 값 나란히", "Computed and printed side by side"),
    "series_computed": ("계산 (softmax)", "computed (softmax)"),
    "series_printed": ("문서에 적힌 값", "printed in the text"),
    # the sentence's attention at T
    "matrix_title": ("이 문장의 Attention", "This sentence's attention"),
    "matrix_chart": ("Attention 행렬 softmax(QKᵀ / T), T = {t:g}", "Attention matrix softmax(QKᵀ / T), T = {t:g}"),
    "col_entropy": ("H", "H"),
    "col_effective": ("exp(H)", "exp(H)"),
    "col_favourite": ("가장 많이 보는 단어", "looks most at"),
    "entropy_help": (
        "엔트로피 H = −Σ_j w_j ln w_j (단위 nats), 행마다 지금 T에서. 유효 단어 수 exp(H)는 ‘사실상 몇 개의 단어를 "
        "보고 있는가’입니다: 한 단어만 보면 1, {n}개를 똑같이 보면 {n}.",
        "Entropy H = −Σ_j w_j ln w_j (in nats), per row at the current T. The effective number of words exp(H) reads "
        "as ‘how many words it really looks at’: 1 when a row looks at one word only, {n} when it looks at all {n} "
        "equally.",
    ),
    # over T
    "sweep_title": ("T를 처음부터 끝까지 움직이면", "Sweeping T from one end to the other"),
    "measure": ("그릴 값", "Show"),
    "measure_effective": ("exp(H) 유효 단어 수", "exp(H), effective words"),
    "measure_entropy": ("H 엔트로피", "H, entropy"),
    "curve_effective": ("단어별 유효 단어 수 exp(H)와 T", "Effective words exp(H) per word against T"),
    "curve_entropy": ("단어별 엔트로피 H와 T", "Entropy H per word against T"),
    "t_log": ("T (로그 눈금)", "T (log scale)"),
    "now": ("지금 T = {t:g}", "now T = {t:g}"),
    "limits_chart": ("양 끝의 극한과 지금", "The two limits and now"),
    "limit_zero": ("T → 0: argmax", "T → 0: argmax"),
    "limit_inf": ("T → ∞: 균등", "T → ∞: uniform"),
    "limits_caption": (
        "T → 0이면 각 행은 점수가 가장 큰 단어에 가중치를 모두 줍니다 (k개가 동점이면 1/k씩 똑같이 나눕니다). "
        "T → ∞이면 점수 차이가 사라져 모든 단어가 1/{n} = {u:.2f}씩 받습니다. 그래서 곡선은 왼쪽 끝에서 exp(H) = "
        "그 행의 최고점 동점 단어 수 k (동점이 없으면 1, H = 0), 오른쪽 끝에서 exp(H) = {n} (H = ln {n})에 "
        "다가갑니다. 점선이 지금의 T입니다.",
        "As T → 0 each row gives all its weight to its highest-scoring word (shared equally, 1/k each, when k words "
        "tie). As T → ∞ the differences vanish and every word gets 1/{n} = {u:.2f}. So the curves approach exp(H) = "
        "the number k of words tied for the row's top score (1 without a tie, H = 0) on the left and exp(H) = {n} "
        "(H = ln {n}) on the right. The dashed line is the current T.",
    ),
    "row_title": ("한 단어의 시선이 T에 따라 바뀌는 모습", "One word's gaze as T changes"),
    "row_chart": ("‘{word}’ 행의 가중치: T → 0 에서 T → ∞ 까지", "Row ‘{word}’: its weights from T → 0 to T → ∞"),
    # meaning
    "meaning_title": ("T ↓ 보수적, T ↑ 창의적 — 무슨 뜻일까? 그리고 √d_k와 샘플링 temperature",
                      "T ↓ conservative, T ↑ creative — what does it mean? And √d_k, and sampling temperature"),
    "meaning_text": (
        "문서는 이렇게 요약합니다:\n\n"
        "- **T ↓: 집중도 증가 → 보수적 해석.** 각 단어가 점수가 가장 높은 한두 단어만 봅니다. 문맥을 읽는 방식이 "
        "하나로 굳어, 가장 뻔한 관계만 반영됩니다.\n"
        "- **T ↑: 분산도 증가 → 유연하고 창의적인 해석.** 점수가 낮은 단어에도 가중치가 돌아가 여러 단어의 정보가 "
        "섞입니다. 지나치면 모든 단어를 똑같이 섞어 문맥이 흐려집니다.\n\n"
        "**√d_k와의 관계.** 원 논문의 Attention은 softmax(QKᵀ/√d_k)V입니다. 이것은 이 화면의 식에서 T를 "
        "√d_k로 **고정**한 것입니다 (지금 프리셋의 W_Q, W_K는 d_k = {dk}{dk:이므로/므로} √d_k = {sq:.2f}). 이 값은 "
        "구조로 정해지며 학습되지 않습니다. 대신 W_Q, W_K의 크기를 학습해 같은 효과를 냅니다. 아래 실험은 왜 √d_k로 나누는지 "
        "보여 줍니다.\n\n"
        "**샘플링 temperature와의 관계.** ‘창의적’이라는 말은 문장 생성에서 왔습니다. 모델이 다음 단어의 확률을 "
        "낼 때 logits를 T로 나누면, T가 클수록 덜 뻔한 단어도 뽑혀 글이 ‘창의적’이 됩니다. 같은 softmax(z/T)이지만 "
        "그 T는 **단어를 뽑는** 자리에 있습니다. Attention의 T는 아무것도 뽑지 않고, 어느 단어의 정보를 얼마나 "
        "섞을지만 정합니다.",
        "The text sums it up as:\n\n"
        "- **T ↓: more focus → a conservative reading.** Each word looks at its one or two highest-scoring words "
        "only. The reading of the context hardens into one, and only the most obvious relations count.\n"
        "- **T ↑: more spread → a flexible, creative reading.** Words with low scores get weight too, so "
        "information from many words is mixed. Pushed too far, every word is mixed equally and the context blurs."
        "\n\n"
        "**How it relates to √d_k.** The original paper's attention is softmax(QKᵀ/√d_k)V: the formula on this "
        "screen with T **fixed** at √d_k (the current preset's W_Q, W_K have d_k = {dk}, so √d_k = {sq:.2f}), a value "
        "set by the architecture, not learned. A trained model does not turn T; it learns the size of W_Q and W_K instead, which has the same effect. The "
        "experiment below shows why the division is by √d_k.\n\n"
        "**How it relates to sampling temperature.** The word ‘creative’ comes from text generation: when a model "
        "gives the probabilities of the next word, dividing its logits by T makes a large T pick less obvious "
        "words, and the text reads as more ‘creative’. It is the same softmax(z/T), but that T sits where a word "
        "is **picked**. Attention's T picks nothing; it only decides how much of each word's information is "
        "mixed in.",
    ),
    # d_k experiment
    "dk_title": ("왜 √d_k로 나누는가: d_k 실험", "Why divide by √d_k: a d_k experiment"),
    "dk_lead": (
        "무작위 Q, K(각 성분 평균 0, 분산 1; 단어 {n}개, {trials}번 반복)로 점수 QKᵀ를 만듭니다. 점수는 d_k개 곱의 "
        "합이라 d_k가 커질수록 퍼짐(표준편차)이 √d_k만큼 커지고, 나누지 않으면 softmax가 한 단어에 쏠려 "
        "포화됩니다 (가장 큰 가중치 → 1). √d_k로 나누면 둘 다 d_k와 거의 상관없이 **거의 평평합니다** (가장 큰 "
        "가중치: d_k = {lo_dk}에서 {lo:.2f}, d_k = {hi_dk}에서 {hi:.2f}).",
        "Random Q and K (entries with mean 0 and variance 1; {n} words, {trials} trials) give scores QKᵀ. A score is a "
        "sum of d_k products, so its spread (standard deviation) grows like √d_k, and without a division the "
        "softmax saturates on one word (largest weight → 1). Divided by √d_k, both stay **nearly flat** whatever d_k "
        "is (largest weight: {lo:.2f} at d_k = {lo_dk}, {hi:.2f} at d_k = {hi_dk}).",
    ),
    "dk_slider": ("d_k (Q와 K의 차원 수)", "d_k (the dimension of Q and K)"),
    "dk_std_chart": ("점수의 퍼짐 (표준편차)", "Spread of the scores (standard deviation)"),
    "dk_max_chart": ("softmax의 쏠림: 행마다 가장 큰 가중치의 평균", "Saturation: mean of each row's largest weight"),
    "series_raw": ("QKᵀ (나누지 않음)", "QKᵀ (not divided)"),
    "series_scaled": ("QKᵀ / √d_k", "QKᵀ / √d_k"),
    "dk_axis": ("d_k (로그 눈금)", "d_k (log scale)"),
    "dk_marker": ("d_k = {dk}", "d_k = {dk}"),
    "metric_std_raw": ("퍼짐, 나누지 않음", "spread, not divided"),
    "metric_std_scaled": ("퍼짐, ÷ √d_k", "spread, ÷ √d_k"),
    "metric_max_raw": ("가장 큰 가중치, 나누지 않음", "largest weight, not divided"),
    "metric_max_scaled": ("가장 큰 가중치, ÷ √d_k", "largest weight, ÷ √d_k"),
    "dk_caption": (
        "d_k = {dk}: 점수의 표준편차 {raw:.2f} ≈ √d_k = {sq:.2f}. {n}개 단어를 똑같이 보면 가장 큰 가중치는 1/{n}입니다.",
        "d_k = {dk}: the scores' standard deviation is {raw:.2f} ≈ √d_k = {sq:.2f}. Looking at all {n} words equally "
        "would give a largest weight of 1/{n}.",
    ),
    "curves_some": ("단어 {n}개 중 {k}개의 선을 그렸습니다 (고른 단어 포함). 아래에서 단어를 고르면 그 단어의 선이 나타납니다.",
                    "Lines for {k} of the {n} words (the picked word included); pick a word below to see its line."),
    # ▶ play T: every T option animated in the browser
    "play_toggle": ("▶ T 재생: 모든 T를 차례로 보기", "▶ play T: every T in turn"),
    "play_toggle_help": ("Attention 행렬이 T에 따라 녹는 모습을 브라우저 안에서 재생합니다. 앱의 T는 바뀌지 않습니다.",
                         "Plays the attention matrix melting as T rises, inside the browser. The app's T does not "
                         "change."),
    "play_chart": ("T = 0.05부터 20까지의 Attention 행렬", "The attention matrix from T = 0.05 to 20"),
    "play_button": ("▶ T 재생", "▶ play T"),
    "play_stop": ("■ 멈춤", "■ stop"),
    "play_curve": ("평균 엔트로피 H", "mean entropy H"),
    "play_caption": (
        "▶를 누르면 T의 모든 값({k}개)을 차례로 보여 줍니다: 각 장면은 앱이 softmax(QKᵀ / T)로 계산한 값이고, 오른쪽 "
        "점은 그 T에서 단어들의 엔트로피 평균입니다. 재생은 브라우저 안에서만 일어나므로 앱의 T와 다른 화면은 "
        "그대로입니다.",
        "▶ shows every T option ({k} of them) in turn: each frame is the app's softmax(QKᵀ / T), and the dot on the "
        "right is the words' mean entropy at that T. It plays inside the browser only, so the app's T and the "
        "other screens stay as they are.",
    ),
}
