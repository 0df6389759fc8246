(() => {
  if (window.MOUNT) return;
__CODE__
  window.MOUNT = mount;
})();
