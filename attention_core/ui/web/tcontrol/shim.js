export default function (args) {
  const mount = window.MOUNT;
  if (mount) return mount(args);
  let cleanup = null, gone = false;
  const until = performance.now() + 15000;  // then the library is not coming: the Streamlit slider stays the control
  const wait = () => {
    if (gone || performance.now() > until) return;
    if (window.MOUNT) cleanup = window.MOUNT(args);
    else requestAnimationFrame(wait);
  };
  requestAnimationFrame(wait);
  return () => { gone = true; if (typeof cleanup === "function") cleanup(); };
}
