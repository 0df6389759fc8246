// This browser's owner secret (attention_core/ui/state.py, initial_state): a reload's record, and the class it hosts,
// go back only to the browser that holds it. Set once, by the first page of a browser that had none; the server reads
// it when this browser's next session starts (F5, a new tab).
(() => {
  const owner = __DATA__;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `attention_owner=${owner}; path=/; max-age=${30 * 24 * 3600}; SameSite=Lax${secure}`;
})();
