// What tests/e2e/test_targets.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const FOCUS_IN_GRID_JS = () => {
  const grid = document.activeElement && document.activeElement.closest('[data-testid="stDataFrame"]');
  if (!grid) return null;
  const s = getComputedStyle(grid);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)};
};
