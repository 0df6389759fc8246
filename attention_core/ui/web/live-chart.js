// A chart updated in place (ui/live_chart.py): each new figure goes to Plotly.react on the same plot. Plotly is the one
// Streamlit's own charts load (compat.js, Plotly section); where it never comes, the server is told (`failed`), and
// draws the session's live charts as Streamlit's own charts from then on.
//
// compat.js is not in front of this module: a component's code travels with each of its elements, every run, and
// compat.js is 12 kB. Every page of the app draws scripts that define `window.attentionCompat` (the accessibility
// script, the T control's library: ui/web.py), so this module waits for it as it waits for Plotly.
export default function ({ data, parentElement, setStateValue }) {
  const gd = parentElement.querySelector('.attention-live-chart');
  if (!gd || !data) return;
  const figure = typeof data.figure === 'string' ? JSON.parse(data.figure) : data.figure;
  const config = Object.assign({ responsive: true }, data.config);
  let tries = 0;
  const draw = () => {
    const C = window.attentionCompat;
    const plotly = C && C.plotly.plotly();
    if (!plotly) {  // Streamlit loads it lazily; the page's scripts define compat.js
      if (tries++ < 600) setTimeout(draw, 50);
      else {
        if (C) C.fail("plotly", "no Plotly for a live chart");
        setStateValue("failed", true);
      }
      return;
    }
    plotly.react(gd, figure.data || [], Object.assign({ autosize: true }, figure.layout || {}), config);
  };
  draw();
}
