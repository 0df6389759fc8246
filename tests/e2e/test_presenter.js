// What tests/e2e/test_presenter.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const HEADER_BOTTOM_JS = () => document.querySelector('[data-testid="stHeader"]').getBoundingClientRect().bottom;

const STEP_BOXES_JS = () => ['prev', 'next'].map(w => [...document.querySelectorAll(`[data-testid="stMain"] .st-key-pr-${w} button`)]
  .map(b => b.getBoundingClientRect()).filter(r => r.width > 0)
  .map(r => ({top: r.top, bottom: r.bottom, left: r.left, right: r.right}))[0]);

const NO_RUN_STATE_JS = (() => {
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (name === "data-test-script-state") return;
    return set.call(this, name, value);
  };
})();

const FAKE_COPY_JS = () => {
  window.attentionCompat.fail('main', 'taken away by the test');  // the clicker stands down
  const box = document.createElement('div');  // with a copy up (as the clicker's own, with the title still there)
  box.id = window.attentionCompat.OLD_PAGE;
  box.dataset.shownAt = String(performance.now());
  document.body.appendChild(box);  // itself a change of the page
};
