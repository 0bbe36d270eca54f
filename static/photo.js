// Count a hand from a photo (issue 15): the photo goes to this server
// (POST /api/photo/hand), which answers the tiles it read and an overlay (each
// pip circled, each tile labelled). The tile picker then opens already filled
// with those tiles, the overlay above it; the player taps to fix a tile and
// confirms with Done. Only then does the hand take the tiles (and so the pips
// and the 0-0). Esc or Cancel leaves the hand as it was.
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

  function say(text, busy) {
    status.querySelector(".photo-message").textContent = text;
    status.querySelector(".photo-close").hidden = !!busy;
    if (pick) pick.hidden = true;
    if (hints) { hints.hidden = true; hints.textContent = ""; }
    status.setAttribute("aria-busy", busy ? "true" : "false");
    if (!status.open) status.showModal();
  }

  function removeFigure() {
    if (figure) { figure.remove(); figure = null; }
    grid.querySelectorAll(".photo-unsure").forEach(function (b) { b.classList.remove("photo-unsure"); });
    picker.classList.remove("from-photo");
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
    var img = document.createElement("img");
    img.src = body.overlay;
    img.alt = status.dataset.overlayAlt;
    figure.appendChild(img);
    var caption = document.createElement("figcaption");
    var lead = document.createElement("p");
    lead.className = body.uncertain ? "photo-doubt" : "photo-sure";
    // orange marks only where the reader doubted a tile; else a plain "check each tile"
    var marked = (body.tiles_sure || []).some(function (sure) { return sure === false; });
    lead.textContent = !body.uncertain ? status.dataset.sure
      : (marked ? status.dataset.doubt : status.dataset.doubtUnmarked);
    caption.appendChild(lead);
    if (body.problems.length) {
      var list = document.createElement("ul");
      body.problems.forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = p.message;
        list.appendChild(li);
      });
      caption.appendChild(list);
    }
    figure.appendChild(caption);
    picker.classList.add("from-photo");
    pickerForm.insertBefore(figure, grid);
    button.click();  // opens the picker, filled from the field
    // the tiles it was not sure of are marked in the picker too
    body.tiles.forEach(function (t, i) {
      if (body.tiles_sure && body.tiles_sure[i] === false) {
        var b = grid.querySelector("button.tile[data-tile='" + t + "']");
        if (b) b.classList.add("photo-unsure");
      }
    });
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
    var csrf = form.querySelector("input[name=csrf_token]");
    say(status.dataset.reading, true);
    fetch(status.dataset.url, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "", "Accept": "application/json" }
    }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; },
                           function () { return { ok: false, body: {} }; });
    }).then(function (res) {
      input.value = "";
      if (!res.ok) {
        var errs = (res.body && res.body.errors) || [];
        say(errs.length ? errs.map(function (e) { return e.message; }).join(" ") : status.dataset.failed, false);
        return;
      }
      if (!res.body.tiles || !res.body.tiles.length) { unread(seat, res.body); return; }
      status.close();
      showReading(seat, res.body);
    }).catch(function () {
      input.value = "";
      say(status.dataset.failed, false);
    });
  }

  form.querySelectorAll("input.photo-input").forEach(function (input) {
    input.addEventListener("change", function () { send(input); });
  });
  status.querySelector(".photo-close").addEventListener("click", function () { status.close(); });
  if (pick) {
    pick.addEventListener("click", function () {
      status.close();
      var button = form.querySelector(".pick-tiles[data-seat='" + pickSeat + "']");
      if (button) button.click();  // the picker, empty, for this hand
    });
  }
})();
