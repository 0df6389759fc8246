"""Strings of the Word-order-and-masks screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "lead": (
        "② Score 화면에서 보았듯이 단어 순서를 섞어도 점수는 자리만 바뀝니다: Attention만으로는 순서를 모릅니다. "
        "이 화면은 그다음 두 질문에 답합니다. 모델은 순서를 어떻게 알까요? (**위치 인코딩**) "
        "그리고 디코더는 왜 뒤의 단어를 미리 볼 수 없을까요? (**마스크**)",
        "As the ② Score screen showed, shuffling the words only moves the scores around: attention alone does not "
        "know the order. This screen answers the two questions that come next: how does a model know the order "
        "(**positional encoding**), and why can a decoder not look ahead (**the mask**)?",
    ),
    # 1. positional encoding
    "pe_title": ("1. 위치 인코딩: X + α·PE", "1. Positional encoding: X + α·PE"),
    "pe_text": (
        "위치 p(0부터 셉니다)마다 정해진 벡터 PE_p를 그 자리 단어의 벡터에 더합니다. 짝수 번째 축(0, 2, …)은 sin, "
        "홀수 번째 축은 바로 앞 축과 같은 주기의 cos이며, 뒤의 축일수록 천천히 변합니다: 여기서 d = {d}이므로 "
        "주기는 {shortest:.2f}(= 2π)에서 {longest:,.0f}까지입니다. 그래서 위치마다 벡터가 다릅니다. "
        "α는 위치를 얼마나 세게 더할지 정합니다 (0 = 끔). 원 논문에는 α가 없습니다: 임베딩에 √d_model을 곱한 뒤 "
        "PE를 그대로 더합니다.",
        "Each position p (counted from 0) has a fixed vector PE_p that is added to the vector of the word in that "
        "place. Even axes (0, 2, …) are a sine, each odd axis is the cosine with the period of the axis before it, "
        "and later axes change more slowly: here d = {d}, so the periods run from {shortest:.2f} (= 2π) to "
        "{longest:,.0f}. So every position gets a different vector. α sets how strongly positions are added "
        "(0 = off). The original paper has no α: it multiplies the embeddings by √d_model and adds PE as it is.",
    ),
    "alpha": ("위치 세기 α (0 = 끔)", "Position strength α (0 = off)"),
    "alpha_help": (
        "X + α·PE. 이 화면의 모든 그림에 쓰입니다. 다른 화면들은 원문의 인코더처럼 위치 없이 X를 씁니다.",
        "X + α·PE, used by every chart on this screen. The other screens use X without positions, as the "
        "source text's encoder does.",
    ),
    "pe_chart": ("위치 인코딩 PE (위치 × 축)", "Positional encoding PE (positions × axes)"),
    "pe_rows": ("위치 p (행)", "position p (rows)"),
    "pe_cols": ("축 (짝수 sin, 홀수 cos) →", "axis (even sin, odd cos) →"),
    "x_chart": ("단어에 더한 결과 X + α·PE (α = {alpha:g})", "What the words become: X + α·PE (α = {alpha:g})"),
    "blur_note": (
        "PE는 이름 붙은 축(감정, 긍정·부정 …)에 그대로 더해집니다. α > 0이면 ‘감정’ 축의 값은 더 이상 감정만 "
        "뜻하지 않고 위치가 섞입니다. 실제 모델도 같습니다: 임베딩의 모든 차원에 의미와 위치가 함께 담기며, "
        "그 차원들에는 처음부터 이름이 없습니다.",
        "PE is added straight onto the named axes (emotion, valence …). With α > 0 the ‘emotion’ value no longer "
        "means emotion alone: position is mixed in. Real models do the same: every embedding dimension carries "
        "meaning and position together, and those dimensions never had names.",
    ),
    # 2. the shuffle experiment
    "shuffle_title": ("2. 순서 섞기 실험: 위치가 없을 때와 있을 때",
                      "2. The shuffle experiment, without and with positions"),
    "shuffle_text": (
        "문장을 **{order}** 순서로 섞어 Attention을 다시 계산합니다 (마스크 없이, 인코더처럼). 위치를 더할 때는 "
        "각 단어가 섞인 뒤의 자리에 맞는 PE를 받습니다. 그다음 각 단어의 출력을 원래 순서로 되돌려 원래 출력과 "
        "뺍니다: Δ = (섞고 되돌린 출력) − (원래 출력).",
        "The sentence is shuffled into the order **{order}** and attention is computed again (no mask, as in the "
        "encoder). With positions, each word gets the PE of the place it moved to. Then every word's output is "
        "put back in the original order and compared: Δ = (shuffled, put back) − (original).",
    ),
    "without": ("위치 없음 (α = 0)", "Without positions (α = 0)"),
    "with": ("위치 있음 (α = {alpha:g})", "With positions (α = {alpha:g})"),
    "delta_chart": ("Δ 출력, {side}", "Δ output, {side}"),
    "max_delta": ("최대 |Δ|", "max |Δ|"),
    "only_permuted": (
        "최대 |Δ| = {value}: 계산 순서에서 오는 반올림 오차뿐입니다. 어떤 단어의 출력도 바뀌지 않았고, 출력은 "
        "단어와 함께 자리만 옮겼습니다.",
        "max |Δ| = {value}: rounding from the order of the additions, nothing more. No word's output changed; the "
        "outputs only moved with their words.",
    ),
    "changed": (
        "최대 |Δ| = {value}: {n}개 단어 중 {changed}개의 출력이 달라졌습니다. 단어가 같아도 자리가 바뀌면 다른 "
        "벡터가 됩니다.",
        "max |Δ| = {value}: the outputs of {changed} of the {n} words changed. The same word in another place is "
        "now a different vector.",
    ),
    "alpha_off": (
        "α = 0이면 위치를 더하지 않으므로 ‘위치 없음 (α = 0)’과 같은 실험입니다. 위의 α를 0보다 크게 올려 보세요.",
        "With α = 0 no position is added, so this is the ‘Without positions (α = 0)’ experiment again. Raise α above 0.",
    ),
    "one_word": ("단어가 하나뿐이라 섞을 순서가 없습니다. 문장에 단어를 더 넣어 보세요.",
                 "With one word there is no order to shuffle. Type a longer sentence."),
    "table_place": ("자리: 원래 → 섞은 뒤", "place: original → shuffled"),
    "table_without": ("최대 |Δ|, 위치 없음", "max |Δ|, without positions"),
    "table_with": ("최대 |Δ|, 위치 있음", "max |Δ|, with positions"),
    "causal_note": (
        "참고: causal 마스크를 쓰면 위치가 없어도 섞은 뒤 출력이 달라집니다 (최대 |Δ| = {value}). 누가 ‘앞’에 "
        "있는지를 마스크가 정하므로, 마스크 자체가 순서를 압니다.",
        "Note: under the causal mask the outputs change after shuffling even without positions (max |Δ| = "
        "{value}). The mask decides who comes ‘before’, so the mask itself knows the order.",
    ),
    # 3. masks
    "gaze_title": ("위치가 시선을 어떻게 바꾸나요?", "What do positions do to the gaze?"),
    "gaze_text": (
        "지금(α = {alpha:g}, T = {t:g}, 마스크 없이) 단어들은 ‘{word}’{word:을/를} 가장 많이 봅니다: 가중치가 평균 "
        "{weight:.2f}입니다 (위치를 더하지 않으면 {without:.2f}). ‘{word}’{word:은/는} 자리 {pos}에 있어, PE가 그 "
        "**{axis}** 축에 {shift:+.2f}{shift:+.2f|을/를} 더합니다. W_K는 이 축을 K의 {dim}번째 값으로 {gain:g}배 "
        "옮기므로, ‘{word}’의 K{dim}{dim:이/가} {k0:.2f}에서 {k1:.2f}{k1:.2f|으로/로} 바뀝니다.",
        "Now (α = {alpha:g}, T = {t:g}, no mask) the words look at ‘{word}’ most: a mean weight of {weight:.2f} "
        "({without:.2f} without positions). ‘{word}’ is in place {pos}, so PE adds {shift:+.2f} to its "
        "**{axis}** axis. W_K carries that axis into K's value {dim} times {gain:g}, so ‘{word}’'s K{dim} goes "
        "from {k0:.2f} to {k1:.2f}.",
    ),
    "gaze_same_sign": (
        "모든 단어의 Q{dim}{dim:이/가} 같은 부호라({low:.2f} … {high:.2f}), 모든 단어의 ‘{word}’ 점수가 함께 "
        "커집니다.",
        "Every word's Q{dim} has the same sign ({low:.2f} … {high:.2f}), so every word's score for ‘{word}’ "
        "rises with it.",
    ),
    "gaze_off": ("α = 0: 위치를 더하지 않으므로 시선은 위치와 상관이 없습니다.",
                 "α = 0: no position is added, so the gaze has nothing to do with positions."),
    "mask_title": ("3. 마스크: 인코더와 디코더", "3. Masks: encoder and decoder"),
    "mask": ("마스크", "Mask"),
    "mask.none": ("없음 (인코더)", "none (encoder)"),
    "mask.causal": ("causal (디코더)", "causal (decoder)"),
    "mask.padding": ("padding ([PAD] 채우기)", "padding ([PAD] filler)"),
    "weights_chart": ("가중치, 마스크: {mask}", "Weights, mask: {mask}"),
    "masked": ("가려짐 (마스크): 계산하지 않음, 가중치 0", "masked: not computed, weight 0"),
    "computed_on": (
        "X + α·PE (α = {alpha:g}), T = {t:g}에서 계산했습니다. 회색 ✕ 칸은 마스크로 가려진 칸이고, softmax는 "
        "남은 칸만으로 하므로 각 행의 합 Σ는 1입니다.",
        "Computed on X + α·PE (α = {alpha:g}) at T = {t:g}. Grey ✕ cells are masked; the softmax runs over the "
        "remaining cells only, so every row still sums to 1 (Σ).",
    ),
    "none_text": (
        "마스크가 없으면 모든 단어가 앞뒤의 모든 단어를 봅니다. 원문이 설명하는 인코더의 Attention이 바로 이것입니다: "
        "문장 전체가 한꺼번에 주어지므로 양쪽을 모두 볼 수 있습니다.",
        "With no mask every word looks at every word, before and after it. This is the encoder attention the "
        "source text describes: the whole sentence is given at once, so it can look both ways.",
    ),
    "none_example": (
        "예: 첫 단어 ‘{first}’ → 마지막 단어 ‘{last}’의 가중치 = {w} (가려지지 않았습니다: 뒤쪽 단어의 칸도 "
        "계산됩니다).",
        "For example: first word ‘{first}’ → last word ‘{last}’, weight {w} (not masked: a later word's cell is "
        "computed too).",
    ),
    "causal_text": (
        "causal 마스크는 i번째 단어가 자기 자신과 그 앞의 단어만 보게 합니다: 대각선 위 칸은 가려져 가중치가 "
        "정확히 0입니다. 그래서 첫 단어는 자기 자신만 봅니다.",
        "The causal mask lets word i look only at itself and the words before it: every cell above the diagonal "
        "is masked and its weight is exactly 0. So the first word sees only itself.",
    ),
    "causal_first": ("첫 단어 ‘{first}’ → 자기 자신: 가중치 {w:.2f}.", "First word ‘{first}’ → itself: weight {w:.2f}."),
    "causal_generate": (
        "이 마스크 덕분에 디코더는 학습할 때 모든 위치의 출력을 한 번에 계산하면서도, 각 단어의 출력에 뒤에 올 "
        "단어를 전혀 쓰지 않습니다: 왼쪽에서 오른쪽으로 한 단어씩 만들어 낼 때(그때는 뒤의 단어가 아직 없습니다)와 "
        "같은 값입니다. 한 단어씩 만들어 내는 일 자체에는 마스크가 필요 없습니다. 원문의 인코더에는 이 마스크가 "
        "없습니다.",
        "With this mask a decoder computes the outputs of every position at once while training, yet no word's "
        "output uses the words after it: each comes out as it does when generating left to right, one word at a "
        "time, when the later words do not exist yet. Generation itself needs no mask. The source text's encoder "
        "has no such mask."
    ),
    "padding_text": (
        "여러 문장을 한 번에 계산하려면 길이를 맞춰야 하므로, 짧은 문장 뒤에 [PAD] 토큰을 채웁니다. 여기서는 지금 "
        "문장 뒤에 [PAD] {extra}개를 붙였습니다 ([PAD]의 임베딩은 0 벡터이고, α·PE는 다른 단어처럼 더해집니다). "
        "padding 마스크는 [PAD] **열**을 가려 아무도 [PAD]를 보지 않게 합니다. [PAD] **행**은 가리지 않습니다: "
        "행 전체가 가려지면 softmax를 할 수 없기 때문입니다. [PAD] 행도 실제 단어들을 보며 계산되지만 그 출력은 "
        "버려집니다.",
        "To compute several sentences at once they must have the same length, so shorter ones are filled up with "
        "[PAD] tokens. Here the current sentence gets {extra} [PAD]s (a [PAD] embeds as the zero vector; α·PE is "
        "added as for any word). The padding mask hides the [PAD] **columns**, so nobody looks at a [PAD]. The "
        "[PAD] **rows** are not masked, because a row with nothing allowed has no softmax: they are computed "
        "(looking at the real words) and their outputs are thrown away.",
    ),
    "padding_check": (
        "실제 단어들의 출력은 [PAD] 없이 계산한 것과 같습니다: 최대 |차이| = {value}.",
        "The real words' outputs are those computed without any [PAD]: max |difference| = {value}.",
    ),
    # 4. back to the source text
    "source_title": ("4. 원문과의 연결", "4. Back to the source text"),
    "source_text": (
        "원문의 제목은 ‘문학적 Transformer - Encoder - Attention’입니다. 인코더는 문장 전체를 한꺼번에 읽으므로 "
        "마스크 없이 앞뒤를 모두 봅니다 (마스크 ‘없음’). 글을 한 단어씩 만들어 내는 디코더는 causal 마스크로 "
        "아직 나오지 않은 오른쪽 단어를 가립니다. 어느 쪽이든 순서를 알려 주는 것은 Attention 자체가 아니라 위치 "
        "인코딩과 마스크입니다.",
        "The source text is titled ‘Literary Transformer - Encoder - Attention’. An encoder reads the whole "
        "sentence at once, so it looks both ways with no mask (mask ‘none’). A decoder, which writes one word "
        "at a time, hides the words to its right, not yet written, with the causal mask. Either way, what tells "
        "the model the order is not attention itself but the positional encoding and the mask.",
    ),
    "other_screens": (
        "α와 마스크는 이 화면에만 쓰입니다. 다른 화면들은 원문의 인코더처럼 위치와 마스크 없이 계산합니다. "
        "둘 다 공유 링크와 상태 파일에 저장됩니다.",
        "α and the mask apply to this screen only; the other screens compute without positions or a mask, as the "
        "source text's encoder does. Both are kept in share links and state files.",
    ),
}
