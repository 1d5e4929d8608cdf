// The table's few behaviours that only a script can have; the server renders everything else.
// - The turn clock counts down between server updates (the server's clock is the one that counts).
// - A notice (why an action was not taken) fades after a few seconds once the table moves on.
// - Your turn reaches you in another tab: the title and the icon change, and a sound plays if
//   you turned it on (kept in this browser only).
// - "Copy the link" puts the table's address on the clipboard.
// - A click the server could not take (restarting: 503) or that never reached it says so in the
//   notice, where otherwise nothing would happen at all.
// - While the live socket is closed (network gone, server restarting) a line says the table is
//   reconnecting; htmx's ws extension reconnects, and the line goes with the first frame after
//   (the server sends the whole table to a socket that connects).
// - Focus stays where it was when the table is rendered again (every move, the player's and
//   each bot's, replaces the focused element): on the same place in the hand, or the hand.
// - One live region that stays in the page says "Your turn" (and what the table did for you,
//   and a game's end): only its text changes, from #table-live's data-say.
(function () {
  var SOUND_KEY = "dominoes-turn-sound";
  var baseTitle = null;
  var wasMine = false;
  var shownFor = null;  // the version whose board was brought into view at the player's turn
  var inViewTimer = null;

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

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      var audio = new Context();
      var tone = audio.createOscillator();
      var gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.35);
      tone.onended = function () { audio.close(); };
    } catch (e) { /* no sound is no harm */ }
  }

  function turn() {
    var wrap = document.querySelector(".table-wrap");
    var live = document.getElementById("table-live");
    if (!wrap || !live) return;
    if (baseTitle === null) baseTitle = document.title;
    var mine = live.dataset.turn === "mine";
    document.title = mine ? "\u25B6 " + wrap.dataset.turnTitle + " \u00B7 " + baseTitle : baseTitle;
    var icon = document.querySelector("link[rel=icon]");
    if (icon && wrap.dataset.icon) icon.href = mine ? wrap.dataset.turnIcon : wrap.dataset.icon;
    if (mine && !wasMine && soundOn()) beep();
    if (mine && live.dataset.version !== shownFor) {
      clearTimeout(inViewTimer);  // once every part of the push is in (and settled)
      inViewTimer = setTimeout(boardInView, 60);
    }
    shownFor = mine ? live.dataset.version : null;
    wasMine = mine;
    var say = document.getElementById("table-say");
    var text = live.dataset.say || "";
    if (say && say.textContent !== text) say.textContent = text;
  }

  // On a phone the board is laid out to keep its tiles readable, so it may be taller than
  // the screen and the hand stays docked at the bottom: when the player's turn comes, bring
  // the whole board into view above the hand (or, taller than that, its top), unless it is
  // already; a player who scrolls during the turn (the same version) is left where they are.
  function boardInView() {
    var board = document.getElementById("table-board");
    var hand = document.getElementById("table-hand");
    if (!board || !hand) return;
    var b = board.getBoundingClientRect(), h = hand.getBoundingClientRect();
    var room = window.innerHeight - (hand.classList.contains("dock") ? h.height : 0);
    if (b.height > room) {
      if (b.top > 0 || b.bottom < room) window.scrollBy(0, b.top);
    } else if (b.top < 0) {
      window.scrollBy(0, b.top);
    } else if (b.bottom > room + 1) {
      window.scrollBy(0, b.bottom - room);
    }
  }

  function tools() {
    var sound = document.querySelector("[data-sound]");
    if (sound) {
      sound.hidden = false;
      sound.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    }
    if (navigator.clipboard) {
      document.querySelectorAll("[data-copy]").forEach(function (el) { el.hidden = false; });
    }
  }

  document.addEventListener("click", function (event) {
    // The skip link to the hand: the hand is docked at the bottom of a phone's screen, so it is
    // focused where it is, not scrolled to the top (which would take the board out of view).
    var skip = event.target.closest("a.skip-link[href='#table-hand']");
    var hand = document.getElementById("table-hand");
    if (skip && hand) {
      event.preventDefault();
      hand.focus({ preventScroll: true });
      var box = hand.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) hand.scrollIntoView({ block: "end" });
      return;
    }
    var sound = event.target.closest("[data-sound]");
    if (sound) {
      try { window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on"); } catch (e) { }
      tools();
      if (soundOn()) beep();
      return;
    }
    var copy = event.target.closest("[data-copy]");
    if (copy && navigator.clipboard) {
      var label = copy.textContent;
      navigator.clipboard.writeText(window.location.href).then(function () {
        copy.textContent = copy.dataset.copied || "\u2713";
        setTimeout(function () { copy.textContent = label; }, 2000);
      });
    }
  });

  // A tile that fits two ends, once the player has chosen it, stays chosen when the table is
  // rendered again for the same move (someone arrives, a clock is set): the server never
  // chooses one, so that a target on the board is always one the player asked for.
  var picked = null;
  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches(".pick")) return;
    var live = document.getElementById("table-live");
    picked = { id: event.target.id, version: live ? live.dataset.version : null };
  });
  function keepPick() {
    var live = document.getElementById("table-live");
    if (!picked || !live || live.dataset.version !== picked.version) { picked = null; return; }
    var pick = document.getElementById(picked.id);
    if (pick && !document.querySelector(".pick:checked")) pick.checked = true;
  }

  // What had focus in the table's live part before a swap, told by its place rather than by
  // the element (which the swap replaces): the n-th tile of the hand, or the same control.
  var focused = null;
  function tilesOf(hand) {  // one element per tile, in order: its form, idle button or radio
    return hand ? hand.querySelectorAll(":scope > form, :scope > button, :scope > input.pick") : [];
  }
  function remember() {
    var el = document.activeElement;
    var live = document.getElementById("table-live");
    if (!el || el === document.body) {  // blurred by the player: forget; swapped away: keep
      if (focused && document.contains(focused.el)) focused = null;
      return;
    }
    if (!live || !live.contains(el)) { focused = null; return; }
    var hand = el.closest("#table-hand");
    var slot = null;
    var tiles = tilesOf(el.closest("#table-hand .hand"));
    for (var i = 0; i < tiles.length; i++) {
      if (tiles[i] === el || tiles[i].contains(el)) slot = i;
    }
    var form = el.closest("form");
    focused = {
      el: el, id: el.id, hand: !!hand, slot: slot, tag: el.tagName,
      cls: typeof el.className === "string" ? el.className.trim() : "",
      text: el.textContent.trim(), action: form ? form.getAttribute("action") : null,
      target: !!el.closest(".end-target"),  // a tile's place on the board: played, so the hand
    };
  }
  function focusable(el) {
    if (!el || el.disabled || el.hidden) return null;
    return el.getClientRects().length ? el : null;
  }
  function sameControl(live, was) {
    var same = was.id ? document.getElementById(was.id) : null;
    if (same) return focusable(same);
    var found = null;
    live.querySelectorAll(was.tag).forEach(function (el) {
      var form = el.closest("form");
      if (!found && el.textContent.trim() === was.text &&
          (form ? form.getAttribute("action") : null) === was.action) found = focusable(el);
    });
    if (found || !was.cls) return found;
    // else the one element of its kind, whose words change (the moves' scrolling list)
    var kind = live.getElementsByClassName(was.cls);
    return kind.length === 1 && kind[0].tagName === was.tag ? focusable(kind[0]) : null;
  }
  function inHand(was) {
    var tiles = tilesOf(document.querySelector("#table-hand .hand"));
    var tile = was.slot !== null ? tiles[was.slot] : null;
    if (tile) tile = focusable(tile.matches("form") ? tile.querySelector("button") : tile);
    if (tile) return tile;
    var next = document.querySelector("#next-game button");
    if (!document.querySelector("#table-hand .hand") && next) return next;  // the game is over
    return document.getElementById("table-hand");
  }
  // After a swap: only if the remembered element was swapped away and focus fell to the page
  // (never taken from wherever the player has put it since).
  function keepFocus() {
    var was = focused;
    var live = document.getElementById("table-live");
    if (!was || !live || document.contains(was.el)) return;
    focused = null;
    var now = document.activeElement;
    if (now && now !== document.body && document.contains(now)) return;
    var next = null;
    if (!was.hand && !was.target) next = sameControl(live, was);
    if (!next) next = inHand(was);
    // in the hand, where it was (the board above it stays in view); the result's button is shown
    if (next && document.contains(next)) next.focus({ preventScroll: !next.closest("#next-game") });
  }
  ["htmx:beforeSwap", "htmx:oobBeforeSwap", "htmx:wsBeforeMessage"].forEach(function (name) {
    document.addEventListener(name, remember);
  });

  function refresh() { keepPick(); keepFocus(); tick(); turn(); tools(); }

  // A request of this page that worked clears the last refusal at once.
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr && event.detail.xhr.status;
    var el = document.getElementById("table-notice");
    if (el && status >= 200 && status < 300) el.textContent = "";
  });
  // Puts one of the page's translated lines (data-* of .table-wrap) in the element `id`.
  function say(id, key) {
    var el = document.getElementById(id);
    var wrap = document.querySelector(".table-wrap");
    if (el && wrap && wrap.dataset[key]) el.textContent = wrap.dataset[key];
  }
  function failed(key) { say("table-notice", key); notice(); }
  document.addEventListener("htmx:responseError", function () { failed("failed"); });
  document.addEventListener("htmx:sendError", function () { failed("unreachable"); });
  // A close that is only a moment (a quick reconnect) or the page being left shows nothing.
  var leaving = false;
  var lostTimer = null;
  window.addEventListener("pagehide", function () { leaving = true; });
  var RETRIED = [1006, 1011, 1012, 1013];  // the close codes after which htmx reconnects
  function lost(event) {  // each failed attempt closes again: the first close starts the wait
    var close = event.detail && event.detail.event;
    if (close && RETRIED.indexOf(close.code) < 0) return;
    var el = document.getElementById("table-connection");
    if (!el || lostTimer !== null || el.textContent) return;
    lostTimer = setTimeout(function () {
      lostTimer = null;
      if (!leaving) say("table-connection", "reconnecting");
    }, 1500);
  }
  function back() {
    clearTimeout(lostTimer);
    lostTimer = null;
    var el = document.getElementById("table-connection");
    if (el) el.textContent = "";
  }
  document.addEventListener("htmx:wsClose", lost);
  document.addEventListener("htmx:wsAfterMessage", back);
  setInterval(tick, 500);
  document.addEventListener("htmx:afterSwap", refresh);
  document.addEventListener("htmx:load", refresh);  // also for a swap that replaced its target
  document.addEventListener("htmx:oobAfterSwap", function () { notice(); refresh(); });
  document.addEventListener("htmx:wsAfterMessage", function () { notice(); refresh(); });
  document.addEventListener("DOMContentLoaded", function () { notice(); refresh(); });
})();
