// Every page: a plain form posts once. A second click while the first post is on its way
// (a double click, an impatient tap on a slow connection) would repeat the action: enter a
// second bot, record a result twice. htmx forms are left alone: htmx queues its own requests.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if ((form.method || "").toLowerCase() !== "post" || form.hasAttribute("hx-post")) return;
    if (form.dataset.sent) {
      event.preventDefault();
      return;
    }
    form.dataset.sent = "1";
    form.setAttribute("aria-busy", "true");
  });
  // Coming back to a page from the browser's history shows it as it was left: sendable again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sent]").forEach(function (form) {
      delete form.dataset.sent;
      form.removeAttribute("aria-busy");
    });
  });
})();
