// What tests/e2e/test_t_player.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const HOOK_JS = (() => {
  window.__sent = 0; window.__states = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (...a) { window.__sent += 1; return send.apply(this, a); };
  new MutationObserver(ms => {
    for (const m of ms) window.__states.push(m.target.getAttribute('data-test-script-state'));
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-test-script-state']});
})();

const SHOWN_JS = (sel) => {
  const gd = document.querySelector(sel);
  if (!gd || !gd.calcdata) return null;
  const marker = gd.calcdata[2][0];
  return {z: gd.calcdata[0][0].z.map(r => Array.from(r)), x: marker.x, y: marker.y,
          active: gd._fullLayout.sliders[0].active, frames: gd._transitionData._frames.length};
};

const RECORD_JS = ([sel, last, lastT]) => {
  const shown = (SHOWN_JS);
  window.__played = new Promise(resolve => {
    const out = [];
    const t0 = performance.now();
    const frame = () => {
      const now = shown(sel);
      const prev = out[out.length - 1];
      if (now && (!prev || prev.x !== now.x || prev.active !== now.active)) out.push(now);
      if ((now && now.active === last && Number(now.x) === lastT) || performance.now() - t0 > 60000) resolve(out);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
};
