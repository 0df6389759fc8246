const live = new WeakMap();
export default function ({ data, parentElement, setStateValue }) {
  let state = live.get(parentElement);
  if (!state) {
    state = { data, sent: null, timer: 0 };
    live.set(parentElement, state);
    state.tell = () => {
      const main = document.querySelector('[data-testid="stMainBlockContainer"]');
      if (!main || !parentElement.isConnected) return;
      const cs = getComputedStyle(main);
      const width = main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const step = Math.floor(width / state.data.step) * state.data.step;
      if (step < state.data.min || step > state.data.max) return;
      if (step === state.data.known) {  // the server lays the charts out for this page's width
        document.documentElement.dataset.attentionRoom = String(step);
        return;
      }
      delete document.documentElement.dataset.attentionRoom;
      if (step === state.sent) return;
      state.sent = step;
      setStateValue("width", step);
    };
    new ResizeObserver(() => { clearTimeout(state.timer); state.timer = setTimeout(state.tell, 250); })
      .observe(document.body);
  }
  state.data = data;
  requestAnimationFrame(state.tell);
}
