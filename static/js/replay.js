/* The replay viewer's keys and autoplay. Each step is a link (plain navigation without
 * JavaScript; with htmx it swaps #replay in place and the address follows). Here: the arrow
 * keys, Home and End press those links, space starts and stops autoplay, and autoplay presses
 * "next" at the chosen speed until the last move. The move just made is scrolled into view in
 * the move list, and #replay-announce (a polite live region) says it to screen readers.
 * When an analysis finishes while the page is open, the frame is fetched again with it.
 */
(function () {
  "use strict";
  const controls = document.querySelector(".autoplay");
  const play = document.getElementById("autoplay");
  const speed = document.getElementById("speed");
  let timer = null;

  function press(id) {
    const link = document.getElementById(id);
    if (!link || link.getAttribute("aria-disabled") === "true") return false;
    link.click();
    return true;
  }

  function atEnd() {
    const replay = document.getElementById("replay");
    return !replay || replay.dataset.at === replay.dataset.total;
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (play) {
      play.setAttribute("aria-pressed", "false");
      play.textContent = play.dataset.play;
    }
  }

  function tick() {
    timer = null;
    if (atEnd() || !press("step-next")) stop();
  }

  function start() {
    if (atEnd()) press("step-first");
    play.setAttribute("aria-pressed", "true");
    play.textContent = play.dataset.pause;
    timer = setTimeout(tick, Number(speed.value));
  }

  function toggle() {
    if (play.getAttribute("aria-pressed") === "true") stop();
    else start();
  }

  if (controls && play && speed) {
    controls.hidden = false;
    play.addEventListener("click", toggle);
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest("input, select, textarea, [contenteditable]")) return;
    const keys = { ArrowLeft: "step-prev", ArrowRight: "step-next", Home: "step-first", End: "step-last" };
    if (keys[event.key]) {
      event.preventDefault();
      stop();
      press(keys[event.key]);
    } else if (event.key === " " && play && !target.closest("a, button")) {
      event.preventDefault();
      toggle();
    }
  });

  function showCurrent() {
    // Scroll the move list only (never the page): the current move sits in its middle.
    const list = document.querySelector("#replay .move-list");
    const current = list && list.querySelector(".current");
    if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
  }

  document.body.addEventListener("htmx:afterSettle", (event) => {
    if (!event.target || event.target.id !== "replay") return;
    showCurrent();
    if (timer === null && play && play.getAttribute("aria-pressed") === "true") {
      if (atEnd()) stop();
      else timer = setTimeout(tick, Number(speed.value));
    }
  });

  // The analysis socket swaps in the finished panel (history/consumers.py): the move on
  // screen is then fetched again, so that the move list gets its costs and the value chart.
  document.body.addEventListener("htmx:load", (event) => {
    const panel = event.target;
    if (!panel || panel.id !== "analysis" || panel.dataset.state !== "done") return;
    const replay = document.getElementById("replay");
    if (!replay || replay.dataset.analysed === "1" || !window.htmx) return;
    window.htmx.ajax("GET", window.location.href, { target: "#replay", swap: "outerHTML" });
  });

  showCurrent();
})();
