"""Strings of the Multi-head screen: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "quote": (
        "> 이제 이 Attention 구조는 여러 개의 시선(Head)을 병렬로 구성하여 "
        "Transformer의 핵심 구조인 Multi-Head Attention으로 이어진다.",
        "> This attention structure now arranges several gazes (heads) in parallel and so leads on to "
        "Multi-Head Attention, the core structure of the Transformer.",
    ),
    "lead": (
        "시선 하나도 여러 가지를 읽을 수 있습니다 (‘감정을 보는 시선’ 프리셋도 네 가지를 읽습니다). 하지만 모두 한 "
        "점수로 더해 버리므로 그것들을 따로 떼어 볼 수 없습니다. 헤드를 여러 개 두면 각 헤드가 **자기 몫의 Q·K·V 열**로 따로 점수를 매기고, "
        "그 결과를 이어 붙여(Concat) W_O로 섞습니다. 아래에서 헤드 수와 각 헤드의 시선을 골라 보세요.",
        "One gaze can read several things (the ‘look at emotion’ preset reads four), but it adds them into one "
        "score, so it cannot keep them apart. With several heads, each head scores the words with **its own share of "
        "the Q, K, V columns**; the results are joined (Concat) and mixed by W_O. Pick the number of heads and "
        "each head's gaze below.",
    ),
    "split_title": ("헤드는 어떻게 나뉘나요?", "How are the heads split?"),
    "split_text": (
        "- 너비 d_model = {d_model}{d_model:을/를} 헤드 수 H로 똑같이 나눕니다: d_h = d_model / H = {d_model} / {h} = {d_h}.\n"
        "- 헤드 h(1부터 셈)는 X·W_Q, X·W_K, X·W_V의 열 (h−1)·d_h + 1 … h·d_h를 씁니다 (열도 1부터 셈: 헤드 1은 열 "
        "1 … {d_h}). PyTorch `torch.nn.MultiheadAttention`과 같은 나눔입니다.\n"
        "- 그래서 헤드 수는 {d_model}의 약수(1, 2, 4, 8)만 고를 수 있습니다.\n"
        "- 여기서 W_V는 단위행렬입니다: 헤드 h는 자기 열 블록에 해당하는 의미 축을 그대로 넘겨줍니다 "
        "(예: 지금 헤드 1은 {first}).\n"
        "- 이 화면의 가중치는 다른 화면의 W_Q, W_K, W_V와 **따로** 있습니다. 여기서 무엇을 바꿔도 ①–⑤ 화면은 "
        "그대로입니다.",
        "- The width d_model = {d_model} is split evenly into H heads: d_h = d_model / H = {d_model} / {h} = {d_h}.\n"
        "- Head h (counted from 1) uses columns (h−1)·d_h + 1 … h·d_h of X·W_Q, X·W_K and X·W_V (columns counted "
        "from 1 too: head 1 has columns 1 … {d_h}), the same split as PyTorch's `torch.nn.MultiheadAttention`.\n"
        "- So the number of heads must divide {d_model}: 1, 2, 4 or 8.\n"
        "- Here W_V is the identity: head h hands over the axes of its own column block unchanged "
        "(head 1 now: {first}).\n"
        "- The weights of this screen are **separate** from the W_Q, W_K, W_V of the other screens. Nothing you "
        "change here changes screens ①–⑤.",
    ),
    "heads": ("헤드 수 H", "Number of heads H"),
    "heads_help": (
        "{d_model}개의 축을 똑같이 나눌 수 있는 수만 됩니다.",
        "Only numbers that split the {d_model} axes evenly.",
    ),
    "sidebar_t": ("①–⑤의 T 쓰기", "Use the T of ①–⑤"),
    "sidebar_t_help": (
        "끄면 원 논문처럼 T = √d_h, 켜면 ①–⑤ 화면과 같은 T를 씁니다.",
        "Off: T = √d_h, as in the original paper. On: the same T as screens ①–⑤.",
    ),
    "t_sqrt": ("지금 쓰는 T = √d_h = √{d_h} = {t:.2f} (원 논문의 값)",
               "T in use = √d_h = √{d_h} = {t:.2f} (the original paper's value)"),
    "t_sidebar": ("지금 쓰는 T = ①–⑤의 T = {t:g}", "T in use = the T of ①–⑤ = {t:g}"),
    "gaze_title": ("헤드마다의 시선", "Each head's gaze"),
    "recipe": ("헤드 {h}의 시선", "Gaze of head {h}"),
    "head": ("헤드 {h} ({name})", "Head {h} ({name})"),
    "short.emotion": ("감정", "emotion"),
    "short.grammar": ("문법", "grammar"),
    "short.tense": ("시제", "tense"),
    "short.agent": ("행위자", "agent"),
    "short.valence": ("느낌", "valence"),
    "short.visual": ("장면", "scene"),
    "short.topic": ("대상", "topic"),
    "short.action": ("행동", "action"),
    "weights_chart": ("헤드 {h} ({name}): 가중치, T = {t:.2f}", "Head {h} ({name}): weights, T = {t:.2f}"),
    "fav_title": ("헤드마다 가장 많이 본 단어", "The word each head looks at most"),
    "fav_caption": (
        "행 = 보는 단어, 칸 = 그 헤드에서 가중치가 가장 큰 단어 (가중치). ‘=’는 동점, ‘고르게’는 이 헤드에서 "
        "이 단어가 모든 단어를 똑같이 본다는 뜻입니다: 헤드가 찾는 것이 문장에 없거나, 이 단어의 Q가 이 헤드에서 0일 때 "
        "(예: ‘나는 어제 영화를 보았다’의 행위자 헤드에서 ‘나는’) 그렇습니다. 같은 문장인데도 헤드마다 보는 곳이 다릅니다.",
        "Rows = the looking word; a cell = the word with the largest weight in that head (its weight). ‘=’ marks a "
        "tie; ‘evenly’ means the word weighs every word the same in that head: the head finds nothing it looks for in "
        "this sentence, or the word's Q is zero in that head (e.g. ‘나는’ in ‘나는 어제 영화를 보았다’, agent head). Same sentence, yet the heads look at different places.",
    ),
    "tie_sep": (" = ", " = "),
    "uniform": ("고르게", "evenly"),
    "bilinear_title": ("헤드마다 읽는 축: $W_Q^h\\,{W_K^h}^T$", "The axes each head reads: $W_Q^h\\,{W_K^h}^T$"),
    "bilinear_caption": (
        "각 패널의 행 ↓ = 보는 단어의 축, 열 → = 시선을 받는 단어의 축. 칸 (a, b)가 0이 아니면 이 헤드는 "
        "‘보는 단어의 a’와 ‘시선을 받는 단어의 b’를 맞춰 봅니다: score_ij = x_i · (W_Qʰ W_Kʰᵀ) · x_jᵀ. "
        "모든 패널이 색 척도 하나(오른쪽 색 막대)를 함께 씁니다: 같은 색은 어느 헤드에서나 같은 값입니다.",
        "In each panel rows ↓ = the looking word's axis, columns → = the looked-at word's axis. A non-zero cell "
        "(a, b) means the head matches ‘a of the looking word’ with ‘b of the looked-at word’: "
        "score_ij = x_i · (W_Qʰ W_Kʰᵀ) · x_jᵀ. All panels share one colour scale (the colour bar on the right): a "
        "colour means the same value in every head.",
    ),
    "bilinear_chart": ("W_Qʰ W_Kʰᵀ: 행 ↓ 보는 단어의 축, 열 → 시선을 받는 단어의 축",
                       "W_Qʰ W_Kʰᵀ (rows ↓ looker, columns → looked-at)"),
    "concat_title": ("이어 붙이기(Concat)와 W_O", "Concatenation and W_O"),
    "concat_chart": ("Concat(헤드 1 … 헤드 {h}) (n × {d})", "Concat(head 1 … head {h}) (n × {d})"),
    "wo_expander": ("W_O 보기 (여기서는 단위행렬 I)", "See W_O (the identity I here)"),
    "wo_chart": ("W_O = 단위행렬 I (행 = Concat의 열, 열 = 출력 축)", "W_O = the identity I (rows = Concat columns, columns = output axes)"),
    "out_chart": ("MultiHead(X) = Concat · W_O", "MultiHead(X) = Concat · W_O"),
    "col_prefix": ("{h}·{axis}", "{h}·{axis}"),
    "wo_caption": (
        "여기서는 W_O를 단위행렬로 두었습니다. 그래서 출력이 Concat과 같고, 각 헤드가 가져온 몫을 자기 열 블록에서 "
        "바로 읽을 수 있습니다. 학습된 모델의 W_O는 학습되는 행렬로, 헤드들의 결과를 섞어 다시 d_model 차원으로 "
        "보냅니다. 그 뒤에는 ⑤ 화면처럼 Residual과 LayerNorm이 이어집니다.",
        "Here W_O is the identity, so the output equals the concatenation and each head's share can be read off "
        "its own column block. In a trained model W_O is learned: it mixes the heads' results back into "
        "d_model dimensions. Residual and LayerNorm follow, as on screen ⑤.",
    ),
    "roles_note": (
        "헤드의 역할(감정, 문법 …)은 여기서 손으로 정한 것입니다. 학습된 헤드는 역할을 이름으로 받지 않고 학습 중에 "
        "스스로 찾으며, 그 역할이 사람이 해석하기 어려운 경우도 많습니다.",
        "The heads' roles (emotion, grammar …) are written by hand here. Trained heads are not given named roles: "
        "they find their own during training, and often those roles are hard for people to interpret.",
    ),
}
