// Counts the turn clock down between server updates; the server's clock is the one that counts.
(function () {
  function tick() {
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      el.textContent = left + "s";
      el.classList.toggle("low", left <= 5);
    });
  }
  setInterval(tick, 500);
  document.addEventListener("htmx:afterSwap", tick);
})();
