// Counts the turn clock down between server updates; the server's clock is the one that counts.
// A notice (why an action was not taken) fades after a few seconds once the table moves on.
(function () {
  function tick() {
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + "s";
      el.classList.toggle("low", left <= 5);
    });
  }
  var noticeTimer = null;
  function notice() {
    var el = document.getElementById("table-notice");
    if (!el || !el.textContent.trim()) return;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () {
      var now = document.getElementById("table-notice");
      if (now) now.textContent = "";
    }, 8000);
  }
  // A request of this page that worked clears the last refusal at once.
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr && event.detail.xhr.status;
    var el = document.getElementById("table-notice");
    if (el && status >= 200 && status < 300) el.textContent = "";
  });
  setInterval(tick, 500);
  document.addEventListener("htmx:afterSwap", tick);
  document.addEventListener("htmx:oobAfterSwap", notice);
  document.addEventListener("htmx:wsAfterMessage", notice);
  document.addEventListener("DOMContentLoaded", notice);
})();
