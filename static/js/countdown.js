// Countdowns to what comes next on the event page and the club-night screen: check-in opening,
// the start, the next round. The server renders each as a timer with its moment (data-until),
// its own time when it rendered (data-now: the device's clock may be wrong, so only the time
// passed since the timer arrived is measured here) and the words to show (data-hours,
// data-minutes, data-seconds with %(n)s, %(h)s and %(m)s; data-due at zero). Whole minutes,
// rounded up, from a minute on; seconds under a minute. The timers are role="timer", not live
// regions: a screen reader reads one when asked and is not told every second.
(function () {
  "use strict";
  var arrived = new WeakMap();

  function fill(words, values) {
    return words.replace(/%\((\w)\)s/g, function (all, key) { return values[key]; });
  }

  function left(el) {
    var seen = arrived.get(el);
    if (seen === undefined) {
      seen = Date.now();
      arrived.set(el, seen);
    }
    var serverNow = Date.parse(el.dataset.now) + (Date.now() - seen);
    return Math.ceil((Date.parse(el.dataset.until) - serverNow) / 1000);
  }

  function words(el, seconds) {
    if (seconds <= 0) return el.dataset.due;
    if (seconds < 60) return fill(el.dataset.seconds, { n: seconds });
    var minutes = Math.ceil(seconds / 60);
    if (minutes < 60) return fill(el.dataset.minutes, { n: minutes });
    var m = String(minutes % 60);
    return fill(el.dataset.hours, { h: Math.floor(minutes / 60), m: m.length < 2 ? "0" + m : m });
  }

  function tick() {
    document.querySelectorAll(".countdown[data-until]").forEach(function (el) {
      var text = words(el, left(el));
      if (text && el.textContent !== text) el.textContent = text;
    });
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:wsAfterMessage", tick);
})();
