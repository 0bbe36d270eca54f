// Small helpers for the tablet: no framework, pages work without it.
(function () {
  "use strict";

  // A notice (saved, undone, an error) closes with its ×.
  document.addEventListener("click", function (ev) {
    var close = ev.target.closest && ev.target.closest(".flash-close");
    if (close) close.closest(".flash").remove();
  });

  // The notice of a change with its Undo ("Round 3 saved. Undo") shows once:
  // the address drops its ?undo=, so a reload (or the page opened again from
  // the history) does not show it again. Its Undo still works while it is on
  // screen (the change is in the notice's own form); the #round-3 stays.
  if (window.history && history.replaceState && /[?&]undo=/.test(window.location.search)) {
    var here = new URL(window.location.href);
    here.searchParams.delete("undo");
    history.replaceState(history.state, "", here.pathname + here.search + here.hash);
  }

  // Confirm destructive buttons.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (!window.confirm(form.dataset.confirm)) ev.preventDefault();
    });
  });

  // Forms: one submission only (a double tap sends once). A dialog's own form
  // (the tile picker) only closes the dialog and may be used again and again.
  document.querySelectorAll("form:not([method=dialog])").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      if (form.dataset.sent) { ev.preventDefault(); return; }
      form.dataset.sent = "1";
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
    });
  });

  // A closed panel ("Players' phones", "someone joins or leaves") comes without
  // its body: the body (its data-body, a page of its own) and its styles
  // (data-style) are fetched when the panel first opens (issue 27, page
  // weight); its forms ask (data-confirm) and send once as the page's do.
  document.querySelectorAll("details > [data-body]").forEach(function (later) {
    var panel = later.parentNode;
    panel.addEventListener("toggle", function () {
      if (!panel.open || later.dataset.asked || !later.isConnected) return;
      later.dataset.asked = "1";
      var styled = new Promise(function (done) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = later.dataset.style;
        link.onload = link.onerror = done;
        document.head.appendChild(link);
      });
      var page = fetch(later.dataset.body, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); });
      Promise.all([page, styled])
        .then(function (got) {
          var body = new DOMParser().parseFromString(got[0], "text/html").querySelector("." + later.classList[0]);
          if (!body) return;
          body = document.importNode(body, true);
          body.querySelectorAll("form").forEach(function (form) {
            form.addEventListener("submit", function (ev) {
              if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) { ev.preventDefault(); return; }
              if (form.dataset.sent) { ev.preventDefault(); return; }
              form.dataset.sent = "1";
            });
          });
          later.replaceWith(body);
        })
        .catch(function () { delete later.dataset.asked; });
    });
  });

  // A draft of the round being typed, kept in this browser, so a reload (a
  // tablet's background tab, a phone locked, a pull-to-refresh) loses nothing.
  // Its key is the game, the round and the game's revision (data-draft): it
  // never lands in another game, a later round, or a game changed since.
  // It goes back only into a new round's form as the server made it
  // (data-draft-restore), never over a round taken back or a refused one;
  // the page after a save (the game moved on) forgets it.
  var DRAFTS = "domino-companion:round-draft:";
  var DRAFT_DAYS = 2;
  function drafts() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function roundDraft(form) {
    var store = drafts();
    var key = form.dataset.draft ? DRAFTS + form.dataset.draft : null;
    function fields() {
      return Array.prototype.filter.call(form.elements, function (el) {
        if (!el.name || el.type === "file" || el.type === "submit" || el.type === "button") return false;
        if (el.type === "hidden") return el.classList.contains("tiles-field");
        return ["csrf_token", "number", "version", "confirm"].indexOf(el.name) < 0;
      });
    }
    function save() {
      if (!store || !key) return;
      var values = {};
      fields().forEach(function (el) {
        if (el.type === "checkbox") values[el.name] = el.checked;
        else if (el.type === "radio") {
          // Out given by default is not kept: worked out again from the boxes
          var on = el.checked && !el.classList.contains("auto-out");
          if (on || !(el.name in values)) values[el.name] = on ? el.value : "";
        }
        else values[el.name] = el.value;
      });
      try { store.setItem(key, JSON.stringify({ saved: Date.now(), values: values })); } catch (e) { /* full or refused */ }
    }
    function restore() {
      var kept = null;
      try { kept = store && key ? JSON.parse(store.getItem(key) || "null") : null; } catch (e) { kept = null; }
      if (!kept || typeof kept.values !== "object" || kept.values === null) return;
      var values = kept.values;
      fields().forEach(function (el) {
        if (!(el.name in values)) return;
        if (el.type === "checkbox") el.checked = !!values[el.name];
        else if (el.type === "radio") el.checked = el.value === values[el.name];
        else el.value = String(values[el.name]);
      });
      form.querySelectorAll(".tiles-field").forEach(function (f) {
        var shown = form.querySelector(".picked[data-for='" + f.name.slice(6) + "']");
        if (shown) shown.textContent = f.value;
      });
      // a hand's "more" opens when something in it was typed, as after a refusal
      form.querySelectorAll("details.extras, details.extras-round").forEach(function (d) {
        var used = Array.prototype.some.call(d.querySelectorAll("input"), function (el) {
          return el.type === "checkbox" ? el.checked : el.type !== "button" && !!el.value.trim();
        });
        if (used) d.open = true;
      });
    }
    function drop() {
      if (store && key) { try { store.removeItem(key); } catch (e) { /* refused */ } }
    }
    return { save: save, restore: restore, drop: drop };
  }
  // A game page forgets its game's other drafts (rounds saved since, or a
  // revision gone), and every draft older than DRAFT_DAYS.
  function dropOldDrafts() {
    var head = document.querySelector("[data-drafts]");
    var store = drafts();
    if (!head || !store) return;
    var mine = DRAFTS + head.dataset.drafts + ":";
    var keep = (head.dataset.draftKeep || "").split(" ").filter(Boolean).map(function (k) { return DRAFTS + k; });
    var old = Date.now() - DRAFT_DAYS * 864e5;
    try {
      for (var i = store.length - 1; i >= 0; i--) {
        var k = store.key(i);
        if (!k || k.indexOf(DRAFTS) !== 0 || keep.indexOf(k) >= 0) continue;
        var saved = 0;
        try { saved = JSON.parse(store.getItem(k) || "{}").saved || 0; } catch (e) { saved = 0; }
        if (k.indexOf(mine) === 0 || saved < old) store.removeItem(k);
      }
    } catch (e) { /* storage refused */ }
  }

  // Round entry: Enter moves to the next hand; "Out" empties that hand.
  var roundForm = document.getElementById("round-form");
  // each hand's photo button and "Pick tiles", written once in the page (#hand-tools):
  // a copy in each hand, with its seat and name, where the page drew them before
  var handTools = document.getElementById("hand-tools");
  if (roundForm && handTools) roundForm.querySelectorAll(".hand").forEach(function (hand) {
    var copy = handTools.content.cloneNode(true);
    var name = hand.querySelector(".who").firstChild.textContent;
    copy.querySelectorAll("[data-seat]").forEach(function (el) { el.dataset.seat = hand.dataset.seat; el.dataset.name = name; });
    var more = hand.querySelector("details.extras");
    more.querySelector("summary").after(copy.querySelector(".pick-tiles"));
    hand.insertBefore(copy, more);
  });
  if (roundForm) {
    var pips = Array.prototype.slice.call(roundForm.querySelectorAll("input.pips"));
    // a box still to type: open, and not the hand that is Out by default
    function toType(p) { return !p.disabled && !p.classList.contains("auto-out"); }
    // Enter moves to the next open box, the one Out by default too (so four
    // numbers typed with Enter go where they always went); from the last one it saves
    function moveOn(i) {
      var next = pips.slice(i + 1).find(function (p) { return !p.disabled; });
      if (next) { next.focus(); next.select(); }
      return !!next;
    }
    pips.forEach(function (input, i) {
      input.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" && moveOn(i)) ev.preventDefault();
      });
    });
    function sync() {
      roundForm.querySelectorAll(".hand").forEach(function (hand) {
        var radio = hand.querySelector("input[name=out]");
        var field = hand.querySelector("input.pips");
        var absentBox = hand.querySelector(".absent-box");
        var tiles = hand.querySelector(".tiles-field");
        var out = radio && radio.checked;
        var absent = absentBox && absentBox.checked;
        var picked = tiles && tiles.value.trim();
        hand.classList.toggle("is-out", !!out);
        hand.classList.toggle("is-absent", !!absent);
        // tiles picked give the pips: the box shows them, plain (not "Out")
        hand.classList.toggle("is-picked", !!picked && !out && !absent);
        if (radio) radio.disabled = !!absent;
        if (field) {
          // Out (or away) sets a typed number aside, never wipes it: it is
          // not sent while Out is on, and comes back when Out is taken off.
          // Out by default (defaultOut) leaves its box open: typing in it takes the default back
          field.disabled = !!((out && !radio.classList.contains("auto-out")) || absent || picked);
          field.classList.toggle("auto-out", !!(out && radio.classList.contains("auto-out")));
        }
      });
    }
    // The last open field says "go" on the on-screen keyboard: Enter there saves.
    // Out by default: when every hand but one is typed, none of them 0 and no
    // Out or Blocked chosen, the one left empty is the hand that went out; it
    // shows as Out at once (the player sees it before saving), and typing in
    // its box, or choosing another Out, takes it back.
    function defaultOut() {
      var auto = roundForm.querySelector("input[name=out].auto-out");
      var chosen = roundForm.querySelector("input[name=out]:checked");
      if (chosen && chosen !== auto) { if (auto) auto.classList.remove("auto-out"); return; }
      var hands = Array.prototype.filter.call(roundForm.querySelectorAll(".hand"), function (h) {
        var p = h.querySelector("input.pips");
        return p && !h.classList.contains("is-absent") && !h.classList.contains("is-picked") && h.querySelector("input[name=out]");
      });
      var empty = hands.filter(function (h) { return !h.querySelector("input.pips").value.trim(); });
      var zero = hands.some(function (h) { return /^0+$/.test(h.querySelector("input.pips").value.trim()); });
      var pick = hands.length > 1 && empty.length === 1 && !zero ? empty[0].querySelector("input[name=out]") : null;
      if (auto && auto !== pick) { auto.classList.remove("auto-out"); auto.checked = false; }
      if (pick) { pick.classList.add("auto-out"); pick.checked = true; }
      sync();
      markLast();
    }
    function markLast() {
      var open = pips.filter(toType);
      open.forEach(function (p, i) { p.setAttribute("enterkeyhint", i === open.length - 1 ? "go" : "next"); });
    }
    // A finger on "Out" (or "Blocked") moves on to the first hand still to type,
    // so a round is the numbers and one tap. The keyboard keeps its place.
    var pointer = false;
    roundForm.addEventListener("pointerdown", function (ev) {
      var tap = ev.target.closest(".out-tap");
      pointer = !!tap;
      // a tap on the Out given by default makes it the player's own
      var radio = tap && tap.querySelector("input.auto-out");
      if (radio) { radio.classList.remove("auto-out"); sync(); markLast(); }
    });
    roundForm.addEventListener("input", function (ev) {
      if (ev.target.classList.contains("pips")) defaultOut();
    });
    roundForm.addEventListener("change", function (ev) {
      if (ev.target.name === "out") ev.target.classList.remove("auto-out");
      if (ev.target.name === "out" || ev.target.classList.contains("absent-box")) { sync(); defaultOut(); }
      if (ev.target.name === "out" && pointer) {
        pointer = false;
        var empty = pips.find(function (p) { return toType(p) && !p.value.trim(); });
        var target = empty || roundForm.querySelector("button.primary[type=submit]");
        if (target) { target.focus(); if (empty) empty.select(); }
      }
    });
    var draft = roundDraft(roundForm);
    if (roundForm.hasAttribute("data-draft-restore")) draft.restore();
    // A refused round: the draft becomes the form as shown, and the address the
    // form's own page, so a reload shows what is on screen (and what the player
    // changes next), never the refused round sent again with its old "Out".
    if (roundForm.dataset.reload && window.history && history.replaceState) {
      draft.save();
      history.replaceState(history.state, "", roundForm.dataset.reload);
    }
    roundForm.addEventListener("input", draft.save);
    roundForm.addEventListener("change", draft.save);
    roundForm.addEventListener("reset", draft.drop);
    sync();
    defaultOut();
    setupPicker(roundForm, function () { sync(); defaultOut(); draft.save(); });
    setupPad(pips, toType);
    // Just saved (the notice is on the page, the page at the form): the next
    // round's first box takes the focus where the page stands, so the numbers
    // go on without a tap.
    if (document.querySelector(".undo-notice") && window.location.hash === "#entry"
        && !roundForm.querySelector("[aria-invalid=true]")) {
      var first = pips.find(function (p) { return toType(p) && !p.value.trim(); });
      // after the load's own scroll to #entry, which would take the focus back to the page
      if (first) window.addEventListener("load", function () {
        window.setTimeout(function () { first.focus({ preventScroll: true }); }, 0);
      });
    }
  }
  dropOldDrafts();

  // The pips keypad (#pips-pad, a tablet's): the tens and hundreds keys add
  // up in the box it types into (outlined); a units key ends that hand and
  // moves on to the next open box, so 14, 8 and 31 are five taps with no
  // Enter between them. It types into the first box still empty to begin
  // with, then into any box a finger or the keyboard goes to. It never saves,
  // and a number typed on the keyboard stays as typed (the keys start afresh).
  function setupPad(pips, toType) {
    var pad = document.getElementById("pips-pad");
    if (!pad) return;
    // the keys: the tens 10 … 100 on the first line, the units 1 … 9 and 0 on the second
    var rows = pad.querySelectorAll(".pad-keys");
    for (var k = 1; k <= 20; k++) {
      var key = document.createElement("button");
      key.type = "button";
      key.tabIndex = -1;
      if (k <= 10) { key.className = "secondary"; key.dataset.add = key.textContent = String(k * 10); }
      else { key.className = "unit"; key.dataset.unit = key.textContent = String((k - 10) % 10); }
      rows[k <= 10 ? 0 : 1].appendChild(key);
    }
    var target = null, running = null;
    function aim(box) {
      if (target) target.classList.remove("pad-target");
      target = box || null;
      running = null;
      if (target) target.classList.add("pad-target");
    }
    function put(value) {
      target.value = value;
      target.dispatchEvent(new Event("input", { bubbles: true }));
    }
    function firstEmpty() { return pips.find(function (p) { return toType(p) && !p.value.trim(); }); }
    pips.forEach(function (p) { p.addEventListener("focus", function () { if (p !== target) aim(p); }); });
    pad.addEventListener("click", function (ev) {
      var key = ev.target.closest("button");
      if (!key) return;
      if (!target || target.disabled) aim(firstEmpty());
      if (!target) return;
      // the sum so far only while the box still shows it (not after a keyboard's change)
      var base = running !== null && target.value === running ? Number(running) : 0;
      if (key.hasAttribute("data-clear")) { put(""); running = null; return; }
      if (key.dataset.add) { running = String(base + Number(key.dataset.add)); put(running); return; }
      put(String(base + Number(key.dataset.unit)));
      var next = pips.slice(pips.indexOf(target) + 1).find(function (p) { return !p.disabled; });
      aim(next);
    });
    pad.hidden = false;
    aim(firstEmpty());
  }

  // The running totals chart (the card's data-chart: a page of its own) is
  // fetched when its card comes within a screen of sight, not with the game
  // page (issue 27, page weight), with its styles (data-chart-style); its
  // figure takes the place of the link once both are in.
  document.querySelectorAll("[data-chart]").forEach(function (card) {
    function styled() {
      return new Promise(function (done) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = card.dataset.chartStyle;
        link.onload = link.onerror = done;
        document.head.appendChild(link);
      });
    }
    function load() {
      var page = fetch(card.dataset.chart, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); });
      Promise.all([page, styled()])
        .then(function (got) {
          var figure = new DOMParser().parseFromString(got[0], "text/html").querySelector("figure.chart");
          var later = card.querySelector(".chart-later");
          if (figure && later) later.replaceWith(document.importNode(figure, true));
        })
        .catch(function () { /* the link stays */ });
    }
    if (!("IntersectionObserver" in window)) { load(); return; }
    var near = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { near.disconnect(); load(); }
    }, { rootMargin: "100% 0px" });
    near.observe(card);
  });

  // The photo's script (static/photo.js, the dialog's data-script) is fetched
  // when a photo is first chosen, not with the page (issue 27, page weight):
  // the choice waits for it, then goes to it as if just made.
  var photoStatus = document.getElementById("photo-status");
  // The dialog's words (in the page's language) and the guide's pictures
  // (issue 26) are not in the page either: GET data-words, once, when the
  // guide opens or a photo is chosen.
  var wordsAsked = null;
  function photoStyle() {  // the dialog's styles (data-style), once: the new link, or null
    var href = photoStatus.dataset.style;
    if (!href || document.querySelector('link[href="' + href + '"]')) return null;
    var style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = href;
    document.head.appendChild(style);
    return style;
  }
  function photoWords() {
    if (!wordsAsked) {
      wordsAsked = fetch(photoStatus.dataset.words, { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (w) {
          Object.keys(w).forEach(function (k) { if (k !== "howto") photoStatus.dataset[k] = w[k]; });
          photoStyle();  // the pictures' styles are the dialog's
          document.querySelectorAll(".photo-guide").forEach(function (g) {
            if (!g.querySelector(".photo-howto")) g.insertAdjacentHTML("beforeend", w.howto || "");
          });
        }).catch(function () { wordsAsked = null; });
    }
    return wordsAsked;
  }
  if (photoStatus && photoStatus.dataset.words) {
    document.querySelectorAll(".photo-guide").forEach(function (g) {
      g.addEventListener("toggle", function () { if (g.open) photoWords(); });
    });
  }
  if (photoStatus && photoStatus.dataset.script) {
    var photoScript = null, photoReady = false, photoWaiting = null;
    document.addEventListener("change", function (ev) {
      var input = ev.target;
      if (photoReady || !input.classList || !input.classList.contains("photo-input")) return;
      ev.stopImmediatePropagation();
      photoWaiting = input;
      if (photoScript) return;
      // the dialog's styles (data-style) come with the script: the choice goes on once both are in
      var waiting = 1;
      function loaded() {
        if (--waiting) return;
        photoReady = true;
        photoWaiting.dispatchEvent(new Event("change", { bubbles: true }));
      }
      var style = photoStyle();
      if (style) { waiting += 1; style.onload = style.onerror = loaded; }  // without its styles the dialog still works
      // the dialog's words and the guide's pictures come with them too
      waiting += 1;
      photoWords().then(loaded);
      photoScript = document.createElement("script");
      photoScript.src = photoStatus.dataset.script;
      photoScript.onload = loaded;
      photoScript.onerror = function () { photoScript = null; };
      document.head.appendChild(photoScript);
    }, true);
  }

  // The tile picker: tap the tiles left in a hand; pips and count add up as you go.
  // Pip layouts (suits 0-18) come from the server (companion/games/pips.py), the
  // same table the engine card and the table view are drawn from.
  function dominoSvg(a, b, layouts) {
    function half(n, x) {
      return (layouts[n] || []).map(function (p) {
        return '<circle cx="' + (x + p[0]) + '" cy="' + (1 + p[1]) + '" r="' + p[2] + '"/>';
      }).join("");
    }
    return '<svg class="domino" viewBox="0 0 82 42" aria-hidden="true"><rect x="1" y="1" width="80" height="40" rx="6" class="face"/>' +
      '<line x1="41" y1="5" x2="41" y2="37" class="bar"/><g class="pips">' + half(a, 1) + half(b, 41) + "</g></svg>";
  }

  // One button per tile of a double-n set, 0-0 first, each drawn with its pips.
  // One of a message's plural forms for the count n: `forms` is the page's JSON
  // of each form by the language's plural category (Intl.PluralRules).
  function pluralWords(forms, n) {
    var all = {};
    try { all = JSON.parse(forms || "{}"); } catch (e) { return ""; }
    var category = "other";
    try { category = new Intl.PluralRules(document.documentElement.lang || "en").select(n); } catch (e) { /* keep other */ }
    return all[category] || all.other || "";
  }

  // Where the pips go on a half, suits 0..most: {suit: [[cx, cy, r], …]} in SVG
  // units, worked out as companion/games/pips.py does (the game page sends no
  // table, issue 27's page weight; the other pages' pickers send it, data-pips).
  // Suits 0-9 on a 3 × 3 grid (column, row given per pip); 10-18 on 3 columns
  // of up to 6 rows: the side columns' count and the middle column's rows.
  function round(x, places) { var f = Math.pow(10, places); return Math.round(x * f) / f; }
  function spread(count) {
    if (count === 1) return [2.5];
    var rows = [];
    for (var i = 0; i < count; i++) rows.push(round(i * 5 / (count - 1), 3));
    return rows;
  }
  function pipLayouts(most) {
    var SMALL = ["", "11", "0022", "001122", "00200222", "0020110222", "000102202122",
      "00010211202122", "0001021012202122", "000102101112202122"];
    var LARGE = { 10: [4, [5 / 3, 10 / 3]], 11: [5, [2.5]], 12: [4, null], 13: [5, [0, 2.5, 5]],
      14: [5, [0, 1.25, 3.75, 5]], 15: [5, null], 16: [6, [1, 2, 3, 4]], 17: [6, 5], 18: [6, null] };
    var out = {};
    for (var n = 0; n <= Math.min(most, 18); n++) {
      var pips = [];
      if (n < 10) {
        for (var i = 0; i < SMALL[n].length; i += 2) {
          pips.push([10 + 10 * Number(SMALL[n][i]), 10 + 10 * Number(SMALL[n][i + 1]), 3.2]);
        }
      } else {
        var side = spread(LARGE[n][0]), middle = LARGE[n][1];
        middle = middle === null ? side : typeof middle === "number" ? spread(middle) : middle;
        [side, middle, side].forEach(function (rows, col) {
          rows.forEach(function (row) { pips.push([round(20 + (col - 1) * 9.5, 2), round(20 + (row - 2.5) * 5.8, 2), 2.4]); });
        });
      }
      out[n] = pips;
    }
    return out;
  }

  function tileButtons(grid, n, layouts) {
    grid.innerHTML = "";
    for (var hi = 0; hi <= n; hi++) {
      for (var lo = 0; lo <= hi; lo++) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "tile";
        b.dataset.tile = hi + "-" + lo;
        b.dataset.pips = hi + lo;
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", hi + "-" + lo);
        b.innerHTML = dominoSvg(hi, lo, layouts);
        grid.appendChild(b);
      }
    }
  }

  function setupPicker(form, sync) {
    var dialog = document.getElementById("picker");
    if (!dialog || typeof dialog.showModal !== "function") return;
    var grid = dialog.querySelector(".picker-grid");
    var sumLine = dialog.querySelector(".picker-sum");
    var n = parseInt(form.dataset.set, 10);
    var layouts = dialog.dataset.pips ? JSON.parse(dialog.dataset.pips) : pipLayouts(n);
    var engine = form.dataset.engine === "" ? null : form.dataset.engine + "-" + form.dataset.engine;
    var seat = null;
    var chosen = {}, taken = {};
    tileButtons(grid, n, layouts);
    // a tile not pressed is offered unless another hand lists it or it is the
    // engine; one this hand lists is pressed and can always be taken out
    function off(b) {
      b.setAttribute("aria-pressed", "false");
      b.disabled = !!taken[b.dataset.tile] || b.dataset.tile === engine;
    }
    function field(s) { return form.querySelector("input[name='tiles-" + s + "']"); }
    function update() {
      var count = 0, pips = 0;
      Object.keys(chosen).forEach(function (t) { count++; pips += chosen[t]; });
      // The words come from the page (data-sum: each plural form), in its language.
      var words = pluralWords(dialog.dataset.sum, count) || "{tiles} · {pips}";
      // each count in its own plural form: "1 tile · 1 pip", "2 tiles · 3 pips"
      var pipWords = (pluralWords(dialog.dataset.sumPips, pips) || "{pips}").replace("{pips}", pips);
      sumLine.textContent = words.replace("{tiles}", count).replace("{pips}", pipWords);
    }
    // Clear empties the choice and leaves the picker open for the right tiles;
    // Done then gives the hand what is chosen (nothing: the hand empty again).
    var clear = dialog.querySelector(".picker-clear");
    if (clear) {
      clear.addEventListener("click", function () {
        chosen = {};
        grid.querySelectorAll("button.tile").forEach(off);
        update();
      });
    }
    grid.addEventListener("click", function (ev) {
      var b = ev.target.closest("button.tile");
      if (!b || b.disabled) return;
      var t = b.dataset.tile;
      if (chosen[t] !== undefined) { delete chosen[t]; off(b); }
      else { chosen[t] = parseInt(b.dataset.pips, 10); b.setAttribute("aria-pressed", "true"); }
      update();
    });
    form.querySelectorAll(".pick-tiles").forEach(function (button) {
      button.addEventListener("click", function () {
        seat = button.dataset.seat;
        chosen = {};
        taken = {};
        form.querySelectorAll(".tiles-field").forEach(function (f) {
          var s = f.name.slice(6);
          f.value.split(/\s+/).filter(Boolean).forEach(function (t) {
            if (s === seat) chosen[t] = 0; else taken[t] = true;
          });
        });
        grid.querySelectorAll("button.tile").forEach(function (b) {
          var t = b.dataset.tile;
          off(b);
          if (chosen[t] !== undefined) {
            chosen[t] = parseInt(b.dataset.pips, 10);
            b.disabled = false;
            b.setAttribute("aria-pressed", "true");
          }
        });
        dialog.querySelector("h2").textContent = button.dataset.name;
        update();
        dialog.showModal();
      });
    });
    dialog.addEventListener("close", function () {
      if (seat === null) return;
      if (dialog.returnValue === "ok") {
        var tiles = Object.keys(chosen);
        var pips = tiles.reduce(function (s, t) { return s + chosen[t]; }, 0);
        field(seat).value = tiles.join(" ");
        form.querySelector(".picked[data-for='" + seat + "']").textContent = tiles.join(" ");
        var pipsField = document.getElementById("pips-" + seat);
        pipsField.value = tiles.length ? String(pips) : "";
        // the tiles picked also give the tiles left and whether the 0-0 is among them
        var left = form.querySelector("input[name='left-" + seat + "']");
        if (left) left.value = tiles.length ? String(tiles.length) : "";
        var blank = form.querySelector("input[name='blank-" + seat + "']");
        if (blank) blank.checked = tiles.indexOf("0-0") >= 0;
        sync();
      }
      seat = null;
    });
  }

  // A form sent back with problems: its first problem in sight (a closed
  // "More rules" opened) and the focus on it, the field itself where there is
  // one, else the message, so the keyboard and a screen reader start there.
  function showFirstProblem() {
    var all = document.querySelectorAll("main [aria-invalid=true], main .field-error, main .form-error");
    var first = Array.prototype.find.call(all, function (el) { return !el.closest("[hidden]"); });
    if (!first) return;
    for (var d = first.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    var target = first;
    if (!first.matches("[aria-invalid=true]")) {
      var field = first.id && document.querySelector("[aria-describedby~='" + first.id + "']");
      if (field && !field.disabled) target = field;
      else first.setAttribute("tabindex", "-1");
    }
    function show() {
      first.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
    }
    show();
    // and again once the page is loaded: a page sent back to a POST loses the focus then
    window.addEventListener("load", function () {
      window.setTimeout(function () { if (document.activeElement === document.body) show(); }, 0);
    });
  }
  showFirstProblem();

  // A notice of a change ("Round 3 saved. Undo") stays pinned at the top a
  // few seconds (its Undo within reach, longer while a finger or the focus is
  // on it), then fades out and is gone, the page below kept still where it
  // is (no strip of it left at the top, nothing jumps). A notice of an error
  // stays until closed.
  var NOTICE_MS = 5000, FADE_MS = 800;
  function dropNotice(notice) {
    // the page below holds still: what follows the notice keeps its place on screen
    var next = notice.nextElementSibling;
    var before = next ? next.getBoundingClientRect().top : 0;
    notice.classList.remove("fading");
    notice.classList.add("settled");
    notice.style.display = "none";
    if (next && window.scrollY > 0) window.scrollBy(0, next.getBoundingClientRect().top - before);
  }
  document.querySelectorAll(".undo-notice, .flash:not(.flash-error)").forEach(function (notice) {
    function settle() {
      if (notice.matches(":hover") || notice.contains(document.activeElement)) {
        window.setTimeout(settle, NOTICE_MS);
        return;
      }
      notice.classList.add("fading");
      var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.setTimeout(function () { dropNotice(notice); }, still ? 0 : FADE_MS);
    }
    window.setTimeout(settle, NOTICE_MS);
  });

  // A scoreboard wider than its box (eight players on a phone): a shade on the
  // side with more columns, a line saying so, and a button that scrolls there.
  document.querySelectorAll(".board").forEach(function (board) {
    var outer = board.querySelector(".scroll-wrap");
    var wrap = board.querySelector(".table-wrap");
    var cue = board.querySelector(".scroll-cue");
    if (!outer || !wrap || !cue) return;
    function update() {
      var more = wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft > 2;
      outer.classList.toggle("more-right", more);
      cue.hidden = !more;
    }
    wrap.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    cue.querySelector("button").addEventListener("click", function () {
      wrap.scrollBy({ left: wrap.clientWidth * 0.8, behavior: "smooth" });
    });
    update();
  });

  window.DominoCompanion = { dominoSvg: dominoSvg, tileButtons: tileButtons, pluralWords: pluralWords };

  // Offline on the local network: the service worker keeps our files and the
  // last pages seen (never the API, never a write). See static/sw.js.
  var swUrl = document.documentElement.dataset.sw;
  if (swUrl && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(swUrl).catch(function () { /* not offered here */ });
  }

  // Back button: a page restored from the cache may send its form again; the
  // notice with its Undo was shown already and stays closed.
  window.addEventListener("pageshow", function (ev) {
    document.querySelectorAll("form[data-sent]").forEach(function (f) { delete f.dataset.sent; });
    if (ev.persisted) document.querySelectorAll(".undo-notice").forEach(function (n) { n.remove(); });
  });
})();
