export default function ({ data, parentElement }) {
  const gd = parentElement.querySelector('.attention-live-chart');
  if (!gd || !data) return;
  const figure = JSON.parse(data.figure);
  const config = Object.assign({ responsive: true }, data.config);
  let tries = 0;
  const draw = () => {
    if (!window.Plotly) { if (tries++ < 600) setTimeout(draw, 50); return; }  // Streamlit loads it lazily
    window.Plotly.react(gd, figure.data || [], Object.assign({ autosize: true }, figure.layout || {}), config);
  };
  draw();
}
