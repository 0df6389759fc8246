const live = new WeakMap();
export default function ({ data, parentElement, setStateValue }) {
  let state = live.get(parentElement);
  if (!state) {
    state = { data, sent: null, timer: 0 };
    live.set(parentElement, state);
    state.tell = () => {
      const main = window.attentionCompat.block();  // the main column (compat.js)
      if (!main || !parentElement.isConnected) return;
      const cs = getComputedStyle(main);
      const width = main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const step = Math.floor(width / state.data.step) * state.data.step;
      const tall = Math.floor(window.innerHeight / state.data.step) * state.data.step;  // the window's height
      if (step < state.data.min || step > state.data.max) return;
      const known = state.data.known || [];
      if (step === known[0] && tall === known[1]) {  // the server lays the charts out for this page
        document.documentElement.dataset.attentionRoom = String(step);
        return;
      }
      delete document.documentElement.dataset.attentionRoom;
      if (state.sent && step === state.sent[0] && tall === state.sent[1]) return;
      state.sent = [step, tall];
      setStateValue("width", step);
      setStateValue("height", tall);
    };
    new ResizeObserver(() => { clearTimeout(state.timer); state.timer = setTimeout(state.tell, 250); })
      .observe(document.body);
  }
  state.data = data;
  requestAnimationFrame(state.tell);
}
