// Count a hand from a photo (issue 15): the photo goes to this server
// (POST /api/photo/hand), which answers the tiles it read and an overlay (each
// pip circled, each tile labelled). The tile picker then opens already filled
// with those tiles, the overlay above it; the player taps to fix a tile and
// confirms with Done. Only then does the hand take the tiles (and so the pips
// and the 0-0). Esc or Cancel leaves the hand as it was.
// Issue 26: each tile read is marked on the photo (its corners, from the
// answer's marks) and in a numbered row of buttons below it; one tap on a
// tile selects it, and the next tap in the set replaces it (or "Remove this
// tile" takes it out). The marks follow every change to the hand's tiles.
(function () {
  "use strict";
  var form = document.getElementById("round-form");
  var picker = document.getElementById("picker");
  var status = document.getElementById("photo-status");
  if (!form || !picker || !status || typeof picker.showModal !== "function") return;
  var pickerForm = picker.querySelector("form");
  var grid = picker.querySelector(".picker-grid");
  var figure = null;

  function tilesField(seat) { return form.querySelector("input[name='tiles-" + seat + "']"); }

  // Tiles listed in the other hands on the page: the engine checks against them.
  function taken(seat) {
    var out = [];
    form.querySelectorAll(".tiles-field").forEach(function (f) {
      if (f.name !== "tiles-" + seat) out = out.concat(f.value.split(/\s+/).filter(Boolean));
    });
    return out.join(" ");
  }

  var pick = status.querySelector(".photo-pick");
  var hints = status.querySelector(".photo-hints");
  var pickSeat = null;

  var closer = status.querySelector(".photo-close"), closeText = closer.textContent;
  function say(text, busy) {
    status.querySelector(".photo-message").textContent = text;
    closer.textContent = busy ? status.dataset.cancel || closeText : closeText;  // while reading: Cancel
    closer.hidden = false;
    if (pick) pick.hidden = true;
    if (hints) { hints.hidden = true; hints.textContent = ""; }
    var old = status.querySelector(".photo-howto");
    if (old) old.remove();
    status.setAttribute("aria-busy", busy ? "true" : "false");
    if (!status.open) status.showModal();
  }

  var guideAgain = null;
  function removeFigure() {
    if (figure) { figure.remove(); figure = null; }
    if (guideAgain) { guideAgain.remove(); guideAgain = null; }
    if (marking) { marking.stop(); marking = null; }
    grid.querySelectorAll(".photo-unsure, .photo-fixing").forEach(function (b) {
      b.classList.remove("photo-unsure", "photo-fixing");
    });
    picker.classList.remove("from-photo");
  }

  // A copy of the guide's pictures (templates/photo/_photo.html), or null.
  function pictures() {
    var guide = document.querySelector(".photo-guide .photo-howto");
    return guide ? guide.cloneNode(true) : null;
  }

  function words(key, n, tile) {
    return (status.dataset[key] || "").replace("{n}", n).replace("{tile}", tile);
  }

  var SVG = "http://www.w3.org/2000/svg";
  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  // The marks of one reading: one per tile read ({tile, sure, problems, fixed,
  // removed}), drawn over the photo (shot: its wrapper) and as buttons (row).
  var marking = null;
  function Marking(body, shot, img, row, fixBar, changed) {
    var marks = (body.marks || []).map(function (m) {
      return { tile: m.tile, read: m.tile, corners: m.corners, sure: m.sure, problems: m.problems || [],
               fixed: false, removed: false };
    });
    var sel = null, quiet = false;
    var W = body.width || img.naturalWidth, H = body.height || img.naturalHeight;
    // the part of the photo with the tiles, with room around them: small tiles
    // in a wide photo come out larger (and so easier to tap)
    var crop = [0, 0, W, H];
    if (marks.length && W && H) {
      var xs = [], ys = [];
      marks.forEach(function (m) { m.corners.forEach(function (c) { xs.push(c[0]); ys.push(c[1]); }); });
      var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
      var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
      var room = Math.max(x1 - x0, y1 - y0) * 0.25 + Math.max(W, H) * 0.04;
      var cw = Math.min(W, Math.max(x1 - x0 + 2 * room, W * 0.25)), ch = Math.min(H, Math.max(y1 - y0 + 2 * room, H * 0.25));
      ch = Math.min(H, Math.max(ch, cw * 0.45));  // not a thin strip
      cw = Math.min(W, Math.max(cw, ch * 0.6));
      var cx = Math.min(Math.max((x0 + x1 - cw) / 2, 0), W - cw), cy = Math.min(Math.max((y0 + y1 - ch) / 2, 0), H - ch);
      crop = [cx, cy, cw, ch];
      shot.classList.add("cropped");
      shot.style.setProperty("--ar", cw / ch);
      img.style.width = (100 * W / cw) + "%";
      img.style.left = (-100 * cx / cw) + "%";
      img.style.top = (-100 * cy / ch) + "%";
    }
    var svg = el("svg", { "class": "photo-marks", viewBox: crop.join(" "), preserveAspectRatio: "none",
                          "aria-hidden": "true" }, shot);
    var shapes = marks.map(function (m, i) {
      var g = el("g", { "class": "photo-mark", "data-i": i }, svg);
      el("polygon", { points: m.corners.map(function (c) { return c.join(","); }).join(" ") }, g);
      var lab = el("g", { "class": "photo-label" }, g);
      el("rect", { rx: 4 }, lab);
      el("text", {}, lab);
      g.addEventListener("click", function () { choose(i); });
      return g;
    });
    var buttons = marks.map(function (m, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "photo-chip";
      b.dataset.i = i;
      b.addEventListener("click", function () { choose(i); });
      row.appendChild(b);
      return b;
    });
    var fixText = fixBar.querySelector("span");
    var remove = fixBar.querySelector("button");

    function tileButton(t) { return grid.querySelector("button.tile[data-tile='" + t + "']"); }
    function live(m) { return !m.removed; }
    function press(t) {  // toggles the tile in the picker, as a tap would (even a tile it greys out)
      var b = tileButton(t);
      if (!b) return;
      var off = b.disabled;
      quiet = true;
      b.disabled = false;
      b.click();
      b.disabled = off;
      quiet = false;
    }
    function twin(m) { return marks.some(function (o) { return o !== m && live(o) && o.tile === m.tile; }); }
    function doubt(m) { return !m.sure && !m.fixed; }

    function label(m, i) {
      if (m.removed) return words("markRemoved", i + 1, m.tile);
      if (m.fixed) return words("markFixed", i + 1, m.tile);
      return words("markTile", i + 1, m.tile) + (doubt(m) ? " " + m.problems.join(" ") : "");
    }

    // the labels' size follows the photo's size on the screen (user units per CSS pixel)
    // (each label its number and tile, or only its number where they would overlap)
    function layout() {
      var unit = shot.clientWidth ? crop[2] / shot.clientWidth : 1;
      svg.style.setProperty("--u", unit);
      var boxes = [];
      [false, true].some(function (short) {
        boxes = shapes.map(function (g, i) { return place(g, marks[i], i, unit, short); });
        return !boxes.some(function (a, i) {
          return boxes.some(function (b, k) {
            return k > i && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          }) || covers(a, i);
        });
      });
    }
    // does label box a (of tile i) lie over another tile? (points across it, in the photo's units)
    function covers(a, i) {
      return shapes.some(function (g, k) {
        var poly = g.querySelector("polygon");
        if (k === i || typeof poly.isPointInFill !== "function") return false;
        for (var fx = 0; fx <= 1; fx += 0.25) {
          for (var fy = 0; fy <= 1; fy += 0.5) {
            if (poly.isPointInFill(new DOMPoint(a.x + fx * a.w, a.y + fy * a.h))) return true;
          }
        }
        return false;
      });
    }
    function place(g, m, i, unit, short) {
      var text = g.querySelector("text"), rect = g.querySelector("rect");
      text.textContent = (i + 1) + (short ? "" : "  " + (m.removed ? "✕" : m.tile) + (doubt(m) ? " ?" : ""));
      text.setAttribute("font-size", 15 * unit);
      var xs = m.corners.map(function (c) { return c[0]; }), ys = m.corners.map(function (c) { return c[1]; });
      var pad = 5 * unit, w = text.getBBox().width + 2 * pad, h = 20 * unit;
      var left = crop[0], top = crop[1], right = crop[0] + crop[2], bottom = crop[1] + crop[3];
      var x = Math.min(Math.max((Math.min.apply(null, xs) + Math.max.apply(null, xs) - w) / 2, left), right - w);
      var y = Math.max.apply(null, ys) + 3 * unit;
      if (y + h > bottom) y = Math.max(Math.min.apply(null, ys) - h - 3 * unit, top);
      rect.setAttribute("x", x); rect.setAttribute("y", y);
      rect.setAttribute("width", w); rect.setAttribute("height", h);
      text.setAttribute("x", x + pad); text.setAttribute("y", y + h - 5.5 * unit);
      return { x: x, y: y, w: w, h: h };
    }

    function render() {
      marks.forEach(function (m, i) {
        var state = m.removed ? "removed" : m.fixed ? "fixed" : doubt(m) ? "doubt" : "sure";
        shapes[i].setAttribute("class", "photo-mark " + state + (sel === i ? " chosen" : ""));
        var b = buttons[i];
        b.className = "photo-chip " + state;
        b.textContent = "";
        var n = document.createElement("b");
        n.textContent = i + 1;
        b.appendChild(n);
        b.appendChild(document.createTextNode(" " + m.tile + (doubt(m) ? " ?" : "")));
        b.setAttribute("aria-pressed", sel === i ? "true" : "false");
        b.setAttribute("aria-label", label(m, i));
        b.title = label(m, i);
      });
      grid.querySelectorAll("button.tile").forEach(function (b) {
        var t = b.dataset.tile;
        b.classList.toggle("photo-unsure", marks.some(function (m) { return live(m) && doubt(m) && m.tile === t; }));
        b.classList.toggle("photo-fixing", sel !== null && marks[sel].tile === t);
      });
      fixBar.hidden = sel === null;
      if (sel !== null) {
        fixText.textContent = words("fix", sel + 1, marks[sel].tile);  // its doubts: in the list
        remove.hidden = marks[sel].removed;
      }
      if (changed) changed(marks);
      layout();
    }

    function choose(i) {
      sel = sel === i ? null : i;
      render();
      if (sel !== null && !marks[sel].removed) {
        var b = tileButton(marks[sel].tile);
        if (b) b.scrollIntoView({ block: "nearest", behavior: "smooth" });  // only if out of sight
      }
    }

    // a tap in the set: with a tile chosen, the tile tapped takes its place;
    // else the marks follow what the picker now holds
    function tapped(ev) {
      if (quiet) return;
      var b = ev.target.closest("button.tile");
      if (!b || b.disabled) return;
      var t = b.dataset.tile, on = b.getAttribute("aria-pressed") === "true";
      var m = sel !== null ? marks[sel] : null;
      if (m && on && t !== m.tile) {
        if (live(m) && !twin(m)) press(m.tile);
        m.fixed = m.fixed || t !== m.read;
        m.tile = t;
        m.removed = false;
      } else {
        marks.forEach(function (o) {
          if (o.tile !== t) return;
          if (!on) o.removed = true;
          else if (o.removed && (o === m || !m)) o.removed = false;
        });
      }
      sel = null;
      render();
    }
    function cleared() { marks.forEach(function (m) { m.removed = true; }); sel = null; render(); }
    remove.addEventListener("click", function () {
      var m = marks[sel];
      if (!twin(m)) press(m.tile);
      m.removed = true;
      sel = null;
      render();
    });
    grid.addEventListener("click", tapped);
    var clear = picker.querySelector(".picker-clear");
    if (clear) clear.addEventListener("click", cleared);
    img.addEventListener("load", layout);
    var watch = typeof ResizeObserver === "function" ? new ResizeObserver(layout) : null;
    if (watch) watch.observe(shot);
    render();
    this.stop = function () {
      grid.removeEventListener("click", tapped);
      if (clear) clear.removeEventListener("click", cleared);
      if (watch) watch.disconnect();
      fixBar.remove();
    };
  }

  // No tile found: the photo could not be read. Say so (with the reader's
  // advice) and offer the tile picker for this hand instead.
  function unread(seat, body) {
    say(status.dataset.unread, false);
    (body.problems || []).forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p.message;
      hints.appendChild(li);
    });
    hints.hidden = !hints.children.length;
    var howto = pictures();
    if (howto) status.insertBefore(howto, status.querySelector(".actions"));
    pickSeat = seat;
    pick.hidden = false;
    pick.focus();
  }

  function showReading(seat, body) {
    var field = tilesField(seat);
    var before = field.value;
    var button = form.querySelector(".pick-tiles[data-seat='" + seat + "']");
    // The picker reads the hand's field when it opens: fill it with the tiles read.
    field.value = body.tiles.join(" ");
    removeFigure();
    figure = document.createElement("figure");
    figure.className = "photo-reading";
    var shot = document.createElement("div");
    shot.className = "photo-shot";
    var img = document.createElement("img");
    img.src = body.overlay;
    img.alt = status.dataset.overlayAlt;
    shot.appendChild(img);
    figure.appendChild(shot);
    var caption = document.createElement("figcaption");
    var lead = document.createElement("p");
    lead.className = body.uncertain ? "photo-doubt" : "photo-sure";
    var marks = body.marks || [];
    // orange marks only where the reader doubted a tile; else a plain "check each tile"
    var marked = marks.some(function (m) { return m.sure === false; }) ||
      (body.tiles_sure || []).some(function (sure) { return sure === false; });
    lead.textContent = !body.uncertain ? status.dataset.sure
      : (marked ? status.dataset.doubt : status.dataset.doubtUnmarked);
    caption.appendChild(lead);
    var row = document.createElement("div");
    row.className = "photo-chips";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", status.dataset.marksLabel || "");
    caption.appendChild(row);
    // each doubt in words, after the numbers of the tiles it is about (none:
    // the photo as a whole)
    var about = {}, said = [];
    marks.forEach(function (m, i) {
      (m.problems || []).forEach(function (p) {
        if (!about[p]) { about[p] = []; said.push(p); }
        about[p].push(i + 1);
      });
    });
    body.problems.forEach(function (p) { if (!about[p.message]) { about[p.message] = []; said.push(p.message); } });
    // a tile fixed or taken out is no longer doubted: the list follows the marks
    var list = document.createElement("ul");
    list.className = "photo-doubts";
    function doubts(state) {
      list.textContent = "";
      said.forEach(function (p) {
        var nums = about[p].filter(function (n) { return !state[n - 1].fixed && !state[n - 1].removed; });
        if (about[p].length && !nums.length) return;
        var li = document.createElement("li");
        nums.forEach(function (n) {
          var b = document.createElement("b");
          b.textContent = n;
          li.appendChild(b);
        });
        li.appendChild(document.createTextNode((nums.length ? " " : "") + p));
        list.appendChild(li);
      });
      list.hidden = !list.children.length;
    }
    doubts(marks.map(function () { return {}; }));
    caption.appendChild(list);
    figure.appendChild(caption);
    picker.classList.add("from-photo");
    pickerForm.insertBefore(figure, grid);
    // not sure: how to take the photo (collapsed), between the photo and the set
    var howto = body.uncertain ? pictures() : null;
    if (howto) {
      guideAgain = document.createElement("details");
      guideAgain.className = "photo-guide photo-guide-again";
      var summary = document.createElement("summary");
      summary.textContent = document.querySelector(".photo-guide > summary").textContent.trim();
      guideAgain.appendChild(summary);
      guideAgain.appendChild(howto);
      pickerForm.insertBefore(guideAgain, grid);
    }
    var fixBar = document.createElement("p");
    fixBar.className = "photo-fix";
    fixBar.setAttribute("aria-live", "polite");
    fixBar.hidden = true;
    fixBar.appendChild(document.createElement("span"));
    var remove = document.createElement("button");
    remove.type = "button";
    remove.className = "secondary small";
    remove.textContent = status.dataset.remove;
    fixBar.appendChild(remove);
    // just above the set, where nothing above it moves when it shows (issue: the dialog jumped)
    pickerForm.insertBefore(fixBar, grid);
    button.click();  // opens the picker, filled from the field
    marking = new Marking(body, shot, img, row, fixBar, doubts);
    var confirm = picker.querySelector("button[value=ok]");
    picker.addEventListener("close", function restore() {
      picker.removeEventListener("close", restore);
      removeFigure();
      if (picker.returnValue !== "ok") {
        field.value = before;  // not confirmed: the hand stays as it was
      } else {
        var blank = form.querySelector("input[name='blank-" + seat + "']");
        if (blank) blank.checked = field.value.split(/\s+/).indexOf("0-0") >= 0;
      }
    });
    if (confirm) confirm.focus();
  }

  function send(input) {
    var file = input.files && input.files[0];
    if (!file) return;
    var seat = input.dataset.seat;
    var data = new FormData();
    data.append("image", file);
    data.append("game", status.dataset.game || "");
    data.append("round", status.dataset.round || "");
    data.append("player", input.dataset.name || "");
    data.append("set", form.dataset.set || "");
    data.append("taken", taken(seat));
    data.append("labels", "0");  // the page writes the tiles' names on the photo (its marks)
    var csrf = form.querySelector("input[name=csrf_token]");
    var name = input.dataset.name || "";
    say(name && status.dataset.readingOf ? status.dataset.readingOf.replace("{name}", name) : status.dataset.reading, true);
    // Cancel or Esc abandons this reading: its request is aborted, and a late answer ignored
    var mine = reading = { abort: typeof AbortController === "function" ? new AbortController() : null };
    function late() { return reading !== mine; }
    fetch(status.dataset.url, {
      method: "POST", body: data, credentials: "same-origin", signal: mine.abort ? mine.abort.signal : undefined,
      headers: { "X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json" }
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; },
                           function () { return { ok: false, body: {} }; });
    }).then(function (res) {
      if (late()) return;
      reading = null;
      input.value = "";
      if (!res.ok) {
        var errs = (res.body && res.body.errors) || [];
        failed(seat, errs.length ? errs.map(function (e) { return e.message; }).join(" ") : status.dataset.failed);
        return;
      }
      if (!res.body.tiles || !res.body.tiles.length) { unread(seat, res.body); return; }
      status.close();
      showReading(seat, res.body);
    }).catch(function () {
      if (late()) return;
      reading = null;
      input.value = "";
      failed(seat, status.dataset.failed);
    });
  }
  var reading = null;  // the reading under way ({abort}), or null

  // An error (not a photo, too large, busy, not sent): say it, and offer the
  // tile picker for this hand, as when no tile was found.
  function failed(seat, text) {
    say(text, false);
    pickSeat = seat;
    if (pick) pick.hidden = false;
  }

  form.querySelectorAll("input.photo-input").forEach(function (input) {
    input.addEventListener("change", function () { send(input); });
  });
  closer.addEventListener("click", function () { status.close(); });
  status.addEventListener("close", function () {  // Cancel, Close or Esc
    if (!reading) return;
    if (reading.abort) reading.abort.abort();
    reading = null;
    status.setAttribute("aria-busy", "false");
    form.querySelectorAll("input.photo-input").forEach(function (i) { i.value = ""; });
  });
  if (pick) {
    pick.addEventListener("click", function () {
      status.close();
      var button = form.querySelector(".pick-tiles[data-seat='" + pickSeat + "']");
      if (button) button.click();  // the picker, empty, for this hand
    });
  }
})();
