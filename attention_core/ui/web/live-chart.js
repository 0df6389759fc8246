// A chart updated in place (ui/live_chart.py): each new figure goes to Plotly.react on the same plot. Plotly is the one
// Streamlit's own charts load (compat.js, Plotly section); where it never comes, the server is told (`failed`), and
// draws the session's live charts as Streamlit's own charts from then on.
export default function ({ data, parentElement, setStateValue }) {
  const gd = parentElement.querySelector('.attention-live-chart');
  if (!gd || !data) return;
  const P = window.attentionCompat.plotly;
  const figure = JSON.parse(data.figure);
  const config = Object.assign({ responsive: true }, data.config);
  let tries = 0;
  const draw = () => {
    const plotly = P.plotly();
    if (!plotly) {  // Streamlit loads it lazily
      if (tries++ < 600) setTimeout(draw, 50);
      else {
        window.attentionCompat.fail("plotly", "no Plotly for a live chart");
        setStateValue("failed", true);
      }
      return;
    }
    plotly.react(gd, figure.data || [], Object.assign({ autosize: true }, figure.layout || {}), config);
  };
  draw();
}
