"""Strings of screen ⑦, the learned gaze: {key: (korean, english)}."""

STRINGS: dict[str, tuple[str, str]] = {
    "quote": (
        "> • $W_Q, W_K$는 모든 임베딩 정보를 보지 않는다.\n>\n> • 대신, 특정 의미 축에만 집중하도록 학습된다.",
        "> • $W_Q, W_K$ do not look at all of the embedding.\n>\n> • Instead, they are learned to focus on "
        "particular semantic axes.",
    ),
    "lead": (
        "지금까지의 W_Q, W_K는 손으로 정한 값이었습니다. 이 화면에서는 **직접 학습합니다**: 짧은 문장 {train}개에서 "
        "문장의 **모든 단어**가 그 문장이 긍정인지 부정인지 맞히도록, W_Q와 W_K를 경사 하강법으로 조금씩 고칩니다. "
        "나머지 단어가 중립이라, 탐지기가 긍정·부정 값의 부호만 읽으면(a > 0, b = 0) 시선이 모든 단어에 고르게 "
        "퍼져 있어도 평가 문장 단어의 {even:.0%}가 답을 맞힙니다. 학습 전에는 탐지기가 0이라(a = b = 0) 아래의 "
        "정확도는 0%에서 시작합니다. 감정 단어를 바라보면 답이 **더 확실해집니다**: 새 벡터의 긍정·부정 값이 라벨 쪽으로 커지고 "
        "손실이 내려갑니다. 그래서 학습이 되면 W_Q W_Kᵀ의 **감정 열**이 살아납니다: 모든 단어가 ‘상대의 감정’을 "
        "보게 됩니다.",
        "Until now W_Q and W_K were set by hand. Here they are **learned**: on {train} short sentences, W_Q and W_K "
        "are nudged by gradient descent so that **every word** of a sentence can tell whether the sentence is "
        "positive or negative. The other words are neutral, so once the probe reads the sign of the valence (a > 0, "
        "b = 0), even a gaze spread evenly over all words gets {even:.0%} of the held-out words right. Before "
        "training the probe is zero (a = b = 0), so the accuracy below starts at 0%. Looking at the emotional word makes the answer **surer**: "
        "each new vector's valence grows towards the label and the loss falls. So as the model learns, the "
        "**emotion column** of W_Q W_Kᵀ comes alive: every word learns to look at the other words' emotion.",
    ),
    "model_title": ("모델 (정확한 식)", "The model (exact)"),
    "model_text": (
        "- 문장 하나: X (n × 8, 단어 값 표의 벡터), 라벨 y ∈ {{0, 1}} (1 = 긍정). 모든 단어가 y를 맞혀야 합니다.\n"
        "- 새 벡터는 가중치 · X입니다 (W_V = I, 곧 V = X): 이야기를 Q와 K에만 모읍니다.\n"
        "- 감정 탐지기(probe): 각 단어의 새 벡터에서 **긍정·부정 축 하나만** 읽는 숫자 두 개 a, b.\n"
        "- 손실: 단어마다 이진 교차 엔트로피(BCE)를 구해 평균합니다. 학습되는 것은 W_Q, W_K (8 × {d_k} 두 개)와 "
        "a, b뿐이고 X는 그대로입니다.\n"
        "- 기울기는 softmax를 거슬러 손으로 유도한 식(역전파)으로 numpy에서 계산하고, 테스트가 유한 차분과 "
        "비교합니다. 전체 문장을 한 번에 쓰는 경사 하강법: θ ← θ − 학습률 · ∇손실.",
        "- One sentence: X (n × 8, the word table's vectors) and a label y ∈ {{0, 1}} (1 = positive). Every word "
        "must predict y.\n"
        "- The new vectors are weights · X (W_V = I, so V = X): the story stays on Q and K.\n"
        "- A sentiment probe: two numbers a, b that read **only the valence axis** of each word's new vector.\n"
        "- Loss: the binary cross-entropy (BCE) of every word, averaged. Only W_Q, W_K (two 8 × {d_k} matrices) "
        "and a, b are learned; X stays as it is.\n"
        "- The gradients are written out by hand (backpropagation through the softmax) in numpy and checked by "
        "the tests against finite differences. Full-batch gradient descent: θ ← θ − learning rate · ∇loss.",
    ),
    "data_title": ("데이터: 어떤 문장에서 배우나요?", "The data: which sentences does it learn from?"),
    "data_text": (
        "문장 {total}개 (한국어 {ko}, 영어 {en}). 학습에 {train}개, 평가(held-out)에 {test}개를 씁니다. 문장마다 "
        "감정 단어(감정 ≥ 0.7, |긍정·부정| ≥ 0.5)가 정확히 하나 있고, 나머지 단어는 감정 ≤ 0.3이며, 라벨은 그 감정 "
        "단어의 긍정·부정 부호입니다. 평가 문장 중 {unseen_sentences}개는 학습 문장에 한 번도 나오지 않은 감정 단어를 "
        "씁니다: {unseen}. 모델이 단어 목록이 아니라 ‘감정 축을 보라’를 배웠는지 여기서 드러납니다.",
        "{total} sentences ({ko} Korean, {en} English): {train} to learn from and {test} held out. Each sentence "
        "has exactly one emotional word (emotion ≥ 0.7, |valence| ≥ 0.5), its other words have emotion ≤ 0.3, "
        "and its label is the sign of that word's valence. {unseen_sentences} of the held-out sentences use "
        "emotional words that no training sentence uses: {unseen}. They show whether the model learned "
        "“look at the emotion axis” rather than a list of words.",
    ),
    "data_examples": ("학습 문장의 예", "Some training sentences"),
    "controls": ("학습 설정", "Training settings"),
    "seed": ("시드 (처음 무작위 W_Q, W_K)", "Seed (the random W_Q, W_K to start from)"),
    "lr": ("학습률", "Learning rate"),
    "temperature": ("학습할 때의 T", "T while training"),
    "per_press": ("한 번에 학습할 단계 수", "Steps per press"),
    "restart_help": (
        "시드, 학습률, T를 바꾸면 무작위 가중치에서 새로 시작합니다.",
        "Changing the seed, learning rate or T starts again from random weights.",
    ),
    "train": ("{n}단계 학습", "Train {n} steps"),
    "auto": ("▶ 자동 학습", "▶ Auto-train"),
    "stop": ("■ 멈춤", "■ Stop"),
    "reset": ("무작위로 되돌리기", "Reset to random"),
    "auto_running": (
        "자동 학습 중: 한 번에 {steps}단계씩, 지금까지 {seconds:.1f}초에 {done}단계 (초당 {rate:.1f}단계, 잰 값). "
        "{limit}단계에서 저절로 멈춥니다. 그동안에도 사이드바와 이 화면의 다른 부분을 쓸 수 있습니다. 다른 화면에 "
        "가 있는 동안은 쉬었다가, 돌아오면 이어집니다.",
        "Auto-training: {steps} steps at a time, {done} steps in {seconds:.1f} s so far ({rate:.1f} steps/s, "
        "measured), stopping by itself at step {limit}. The sidebar and the rest of this screen keep working "
        "meanwhile. It pauses while you are on another screen and goes on when you come back.",
    ),
    "auto_running.presenter": (
        "자동 학습 중: 한 번에 {steps}단계씩, 지금까지 {seconds:.1f}초에 {done}단계 (초당 {rate:.1f}단계, 잰 값). "
        "{limit}단계에서 저절로 멈춥니다. 그동안에도 이 화면의 다른 부분을 쓸 수 있습니다.",
        "Auto-training: {steps} steps at a time, {done} steps in {seconds:.1f} s so far ({rate:.1f} steps/s, "
        "measured), stopping by itself at step {limit}. The rest of this screen keeps working meanwhile.",
    ),
    "auto_starting": (
        "자동 학습을 시작합니다: 한 번에 {steps}단계씩, {limit}단계에서 저절로 멈춥니다.",
        "Auto-training starts: {steps} steps at a time, stopping by itself at step {limit}.",
    ),
    "stopped": ("■ {step}단계에서 멈췄습니다.", "■ Stopped at step {step}."),
    "auto_done": ("{limit}단계에 닿아 자동 학습을 멈췄습니다.", "Auto-training stopped at step {limit}."),
    "restarted": ("설정이 바뀌어 무작위 가중치에서 새로 시작합니다.", "The settings changed: starting again from random weights."),
    "m_step": ("단계", "Step"),
    "m_loss": ("학습 손실", "Training loss"),
    "m_accuracy": ("평가 정확도", "Held-out accuracy"),
    "m_focus": ("감정 단어 가중치", "On emotional word"),
    "m_share": ("감정 열의 몫", "Emotion column"),
    "m_help_accuracy": (
        "단어 단위: 평가 문장의 모든 단어 중, 탐지기가 문장의 긍정·부정을 맞힌 비율 (로짓 0은 틀림으로 셉니다).",
        "By word: of every word of the held-out sentences, the share whose probe gets the sentence's sign right (a logit "
        "of exactly 0 counts as wrong).",
    ),
    "m_help_focus": (
        "감정 단어에 모인 가중치: 평가 문장마다 단어들이 그 문장의 감정 단어에 주는 가중치의 평균, 그 문장들의 평균 (가장 낮은 문장: {low:.2f}).",
        "Weight on the emotional word: for each held-out sentence, the mean weight its words put on its emotional word, averaged over the "
        "sentences (the lowest sentence: {low:.2f}).",
    ),
    "m_help_share": (
        "감정 열의 몫: |W_Q W_Kᵀ|의 모든 칸의 합 가운데 감정 열(시선을 받는 단어의 감정 축)에 있는 몫.",
        "Share of the emotion column: of the sum of |W_Q W_Kᵀ| over all cells, the share in the emotion column (the looked-at word's emotion).",
    ),
    "curves": ("학습 곡선 (가로축 = 단계)", "Training curves (x axis = step)"),
    "loss_name": ("학습 손실 (BCE)", "training loss (BCE)"),
    "loss_axis": ("손실", "loss"),
    "measure_axis": ("0 … 1", "0 … 1"),
    "accuracy_name": ("평가 정확도", "held-out accuracy"),
    "focus_name": ("감정 단어에 모인 가중치 (평가)", "weight on the emotional word (held out)"),
    "share_name": ("감정 열의 몫", "share of the emotion column"),
    "curves_caption": (
        "정확도는 일찍 오릅니다: 나머지 단어가 중립이라 시선이 고르게 퍼져 있어도 새 벡터의 긍정·부정 값은 이미 "
        "라벨 쪽으로 기울어 있기 때문입니다. 시선을 배웠다는 증거는 계속 내려가는 손실과, 올라가는 ‘감정 단어에 "
        "모인 가중치’와 ‘감정 열의 몫’입니다.",
        "Accuracy rises early: the other words are neutral, so even an evenly spread gaze leaves each new vector's "
        "valence leaning towards the label. The evidence that the gaze was learned is the loss that keeps falling "
        "and the weight on the emotional word and the emotion column's share that keep rising.",
    ),
    "bilinear": (
        "W_Q W_Kᵀ, 단계 {step}: 행 ↓ 보는 단어의 축, 열 → 시선을 받는 단어의 축",
        "W_Q W_Kᵀ, step {step}: rows ↓ looker's axis, columns → looked-at axis",
    ),
    "bilinear_caption": (
        "칸 (a, b)는 ‘보는 단어의 a’와 ‘시선을 받는 단어의 b’를 곱해 점수에 더하는 양입니다: "
        "score_ij = x_i · (W_Q W_Kᵀ) · x_jᵀ. 청록 테두리가 감정 열(시선을 받는 쪽)입니다. 지금 |W_Q W_Kᵀ| 질량의 {share:.0%}가 이 "
        "열에 있습니다.",
        "Cell (a, b) is how much ‘a of the looking word’ times ‘b of the looked-at word’ adds to a score: "
        "score_ij = x_i · (W_Q W_Kᵀ) · x_jᵀ. The teal box is the emotion column (the looked-at side); it now holds {share:.0%} of "
        "the mass of |W_Q W_Kᵀ|.",
    ),
    "compare_caption.presenter": (
        "맨 위의 문장을 T = {t:g}(맨 위의 T)에서 봅니다. ‘학습된 W_Q, W_K’ 그림은 지금까지 학습한 값, ‘손으로 정한’ 그림은 "
        "‘감정을 보는 시선’ 프리셋입니다. 학습 문장에는 감정 단어가 하나씩만 있었으므로, 감정 단어가 여럿인 "
        "문장에서는 그 단어들이 가중치를 나눠 가집니다.",
        "The sentence at the top of the page at T = {t:g} (the T at the top). ‘Learned W_Q, W_K’: the values learned so far; "
        "‘Hand-set’: the ‘look at emotion’ preset. Training sentences had one emotional word each, so in a "
        "sentence with several of them those words share the weight.",
    ),
    "compare_title": ("지금 문장에서: 학습된 시선과 손으로 정한 시선", "The current sentence: learned gaze and hand-set gaze"),
    "compare_caption": (
        "사이드바의 문장을 T = {t:g}(사이드바의 T)에서 봅니다. ‘학습된 W_Q, W_K’ 그림은 지금까지 학습한 값, ‘손으로 정한’ 그림은 "
        "‘감정을 보는 시선’ 프리셋입니다. 학습 문장에는 감정 단어가 하나씩만 있었으므로, 감정 단어가 여럿인 "
        "문장에서는 그 단어들이 가중치를 나눠 가집니다.",
        "The sidebar's sentence at T = {t:g} (the sidebar's T). ‘Learned W_Q, W_K’: the values learned so far; "
        "‘Hand-set’: the ‘look at emotion’ preset. Training sentences had one emotional word each, so in a sentence "
        "with several of them those words share the weight.",
    ),
    "learned_chart": ("학습된 W_Q, W_K: 가중치 (단계 {step})", "Learned W_Q, W_K: weights (step {step})"),
    "preset_chart": ("손으로 정한 ‘감정을 보는 시선’: 가중치", "Hand-set ‘look at emotion’: weights"),
    "replay_title": ("학습 다시 보기", "Replay the learning"),
    "replay_caption": (
        "▶ 재생을 누르면 W_Q W_Kᵀ가 학습하는 동안 어떻게 바뀌었는지 브라우저에서 재생됩니다 (스냅숏 {count}개, "
        "단계 0 … {last}). ■ 멈춤, ◀◀ 처음으로, 슬라이더로 원하는 단계로 갑니다. 색의 범위는 모든 스냅숏에 같습니다.",
        "▶ Play replays in the browser how W_Q W_Kᵀ changed while it learned ({count} snapshots, step 0 … {last}). "
        "■ pauses, ◀◀ goes back to the start, the slider jumps to any step. The colour range is the same for every "
        "snapshot.",
    ),
    "replay_chart": ("W_Q W_Kᵀ, 학습하는 동안", "W_Q W_Kᵀ while learning"),
    "play": ("▶ 재생", "▶ Play"),
    "pause": ("■ 멈춤", "■ Pause"),
    "rewind": ("◀◀ 처음으로", "◀◀ Start"),
    "replay_prefix": ("단계 ", "step "),
    "replay_empty": ("아직 학습하지 않았습니다. 먼저 학습해 보세요.", "Nothing learned yet: train first."),
    "apply": ("학습된 가중치를 모든 화면에 쓰기", "Use the learned weights everywhere"),
    "apply_help": (
        "W_Q, W_K ← 학습된 값 (편집기처럼 소수 둘째 자리까지), W_V ← I, 프리셋 ← ‘학습된 가중치’. 다른 모든 화면, "
        "공유 링크와 JSON 상태 파일이 이 값을 씁니다.",
        "W_Q, W_K ← the learned values (to two decimals, like the editors), W_V ← I, preset ← ‘learned weights’. "
        "Every other screen, the share link and the JSON state file then use them.",
    ),
    "applied": (
        "단계 {step}에서 학습한 W_Q, W_K를 모든 화면에 적용했습니다 (W_V = I).",
        "The W_Q, W_K learned up to step {step} are now used on every screen (W_V = I).",
    ),
    "in_use": (
        "지금 모든 화면이 학습된 가중치를 쓰고 있습니다 (프리셋 ‘학습된 가중치’).",
        "Every screen is using learned weights now (preset ‘learned weights’).",
    ),
    "honest_title": ("무엇을 배웠고, 무엇이 단순화되었나요?", "What was learned, and what is simplified?"),
    "honest_text": (
        "- **배운 것**: 숫자 {params}개 — W_Q, W_K (8 × {d_k} 두 개)와 탐지기의 a, b. 단어 벡터 X는 손으로 정한 표 "
        "그대로입니다.\n"
        "- **어디서**: 위의 짧은 문장 {train}개 (직접 만든 문장, `scripts/make_sentiment.py`). 감정 단어가 문장마다 "
        "하나라서 배울 것이 분명합니다.\n"
        "- **실제 모델은 다릅니다**: 수많은 문장에서 다음 단어 맞히기 같은 목표로 임베딩까지 함께 배우고, 층과 헤드가 "
        "여럿이며, 수천 개의 축을 배웁니다. 그 축들에는 **이름이 없습니다**. 여기서는 축에 이름을 붙였기 때문에 "
        "‘감정 열’을 가리킬 수 있습니다.\n"
        "- **탐지기(probe)는 단순화입니다**: a · out[긍정·부정] + b는 이름 붙은 축 하나만 읽습니다. 실제 모델의 "
        "출력은 학습된 여러 층이 만들며, 이런 축 하나를 읽지 않습니다. 이 탐지기는 ‘감정 단어를 보면 답이 "
        "쉬워진다’는 압력을 만드는 장치일 뿐입니다.\n"
        "- **같은 시드 = 같은 결과**: 무작위는 처음 W_Q, W_K에만 있고, 학습은 매번 전체 문장을 씁니다.",
        "- **What was learned**: {params} numbers — W_Q, W_K (two 8 × {d_k} matrices) and the probe's a, b. The word "
        "vectors X are the hand-set table, unchanged.\n"
        "- **From what**: the {train} short sentences above (written for this screen, `scripts/make_sentiment.py`). "
        "Each has one emotional word, so what there is to learn is clear.\n"
        "- **A real model is different**: it learns from a vast number of sentences, towards goals such as "
        "predicting the next word, learns the embeddings too, has many layers and heads, and learns thousands of "
        "axes that **have no names**. Our axes are named, which is why we can point at ‘the emotion column’.\n"
        "- **The probe is a simplification**: a · out[valence] + b reads one named axis. A real model's output "
        "comes from many learned layers, not from one such axis. The probe is only there to make ‘look at the "
        "emotional word’ pay off.\n"
        "- **Same seed, same result**: randomness is only in the starting W_Q, W_K; every step uses all the "
        "training sentences.",
    ),
}
