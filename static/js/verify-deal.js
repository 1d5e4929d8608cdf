/* "Verify this deal": redo a finished game's shuffle from its revealed seed, in the browser.
 *
 * The algorithm is the engine's (games/engine/deal.py; docs/engine.md, "The deal, step by
 * step"): SHA-256 of the seed must equal the commitment published before the deal; SHA-512 of
 * "{seed}:{block}" for blocks 0, 1, 2, ... gives 28 big-endian 16-bit keys per block (a block
 * with two equal keys is skipped), the tiles sorted by key are dealt in runs of the hand size,
 * seat 0 first, the rest is the boneyard in draw order. Doubles deals again while no hand holds
 * a double; the first game of Block and Draw then draws the starter from the next bytes.
 * Everything the check needs is in data-* attributes of #verify; nothing is sent anywhere.
 */
(function () {
  "use strict";
  const box = document.getElementById("verify");
  if (!box) return;
  const button = document.getElementById("verify-button");
  const out = document.getElementById("verify-result");
  const TILES = 28;
  const NAMES = [];
  const DOUBLE = [];
  for (let a = 0; a <= 6; a++) {
    for (let b = 0; b <= a; b++) {
      NAMES[(a * (a + 1)) / 2 + b] = a + "-" + b;
      DOUBLE[(a * (a + 1)) / 2 + b] = a === b;
    }
  }

  async function digest(algorithm, text) {
    const data = new TextEncoder().encode(text);
    return new Uint8Array(await crypto.subtle.digest(algorithm, data));
  }

  function hex(bytes) {
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function stream(seed) {
    let block = 0;
    return () => digest("SHA-512", seed + ":" + block++);
  }

  async function order(next) {
    for (;;) {
      const bytes = await next();
      const keys = [];
      for (let i = 0; i < TILES; i++) keys.push(bytes[2 * i] * 256 + bytes[2 * i + 1]);
      if (new Set(keys).size === TILES) {
        return keys.map((_, id) => id).sort((x, y) => keys[x] - keys[y]);
      }
    }
  }

  async function randrange(next, n) {
    for (;;) {
      for (const byte of await next()) {
        if (byte < 256 - (256 % n)) return byte % n;
      }
    }
  }

  async function deal(seed, seats, size, redeal, randomFirst) {
    const next = stream(seed);
    for (;;) {
      const ids = await order(next);
      const hands = [];
      for (let s = 0; s < seats; s++) hands.push(ids.slice(s * size, (s + 1) * size));
      if (redeal && !hands.some((hand) => hand.some((id) => DOUBLE[id]))) continue;
      const first = randomFirst ? await randrange(next, seats) : null;
      return {
        hands: hands.map((hand) => hand.map((id) => NAMES[id]).sort()),
        boneyard: ids.slice(seats * size).map((id) => NAMES[id]),
        first: first,
      };
    }
  }

  function say(text, ok) {
    out.textContent = text;
    out.classList.toggle("ok", ok === true);
    out.classList.toggle("bad", ok === false);
  }

  async function verify() {
    const d = box.dataset;
    if (!window.crypto || !crypto.subtle) {
      say(d.msgUnsupported, false);
      return;
    }
    say(d.msgWorking);
    if (hex(await digest("SHA-256", d.seed)) !== d.commitment.toLowerCase()) {
      say(d.msgCommitment, false);
      return;
    }
    const seats = Number(d.seats);
    const made = await deal(d.seed, seats, Number(d.handSize), d.redeal === "1", d.randomFirst === "1");
    const shown = JSON.parse(d.hands).map((hand) => hand.slice().sort());
    const ok =
      JSON.stringify(made.hands) === JSON.stringify(shown) &&
      JSON.stringify(made.boneyard) === JSON.stringify(JSON.parse(d.boneyard)) &&
      (made.first === null || String(made.first) === d.first);
    say(ok ? d.msgOk : d.msgDeal, ok);
  }

  button.hidden = false;
  button.addEventListener("click", () => {
    verify().catch(() => say(box.dataset.msgUnsupported, false));
  });
})();
