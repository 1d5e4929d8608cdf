// Copy buttons: a button with data-copy-from="<id>" copies that field's text (an invite link)
// with the clipboard API. Without one (an old browser, a page not served over HTTPS) the
// buttons stay hidden and the link stays selectable text to copy by hand. A polite live
// region (data-copy-status) tells screen readers it is done; the button reads "Copied" a while.
(function () {
  "use strict";
  function ready() {
    if (!navigator.clipboard || !window.isSecureContext) return;
    document.querySelectorAll("[data-copy-from]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-from]");
    if (!button || !navigator.clipboard) return;
    var field = document.getElementById(button.dataset.copyFrom);
    if (!field) return;
    navigator.clipboard.writeText(field.value).then(function () {
      var label = button.dataset.label || button.textContent;
      button.dataset.label = label;
      button.textContent = button.dataset.copied || label;
      var status = document.querySelector("[data-copy-status]");
      if (status) status.textContent = button.dataset.copied || "";
      window.setTimeout(function () { button.textContent = label; }, 2000);
    }, function () {
      field.focus();
      field.select();  // the clipboard refused: the link is selected to copy by hand
    });
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
