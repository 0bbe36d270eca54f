// Games in pairs (templates/games/partnership/): the start form's rule set and
// table drawing, and the hand form's points as they are typed (a preview the
// server scores: companion/games/views/partnership.py, hand_preview).
(function () {
  "use strict";

  // Start form: a rule set fills the set and every rule under "More rules";
  // the drawn table shows the names typed in seat order.
  var preset = document.getElementById("lp-preset");
  if (preset && !preset.dataset.ready) {
    preset.dataset.ready = "1";
    var fill = function () {
      var opt = preset.options[preset.selectedIndex];
      var vals = opt && opt.dataset.values ? JSON.parse(opt.dataset.values) : {};
      Object.keys(vals).forEach(function (name) {
        var field = name === "set" ? document.getElementById("set") : document.getElementById(name);
        if (field && field.tagName === "FIELDSET") {  // a choice of radios: tick the rule set's value
          field.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = r.value === String(vals[name]); });
        } else if (field) field.value = String(vals[name]);
      });
    };
    preset.addEventListener("change", fill);
    var kind = document.getElementById("kind");
    var kinds = preset.closest("[data-kinds]").dataset.kinds.split(" ");
    var forPairs = function () { return kind && kinds.indexOf(kind.value) >= 0; };
    if (kind) kind.addEventListener("change", function () { if (forPairs()) fill(); });
    if (forPairs()) {
      // a fresh form: the set of the chosen rule set (a refused form keeps what was typed)
      var set = document.getElementById("set");
      if (set && ["6", "9"].indexOf(set.value) < 0) fill();
    }
    var seats = document.getElementById("seats");
    var names = function () {
      var inputs = seats ? seats.querySelectorAll("input[name=player]") : [];
      document.querySelectorAll(".lp-chair").forEach(function (chair) {
        var i = Number(chair.dataset.chair);
        var label = chair.querySelector(".lp-chair-name");
        if (!label.dataset.empty) label.dataset.empty = label.textContent;
        var typed = inputs[i] ? inputs[i].value.trim() : "";
        label.textContent = typed || label.dataset.empty;
      });
    };
    if (seats) {
      seats.addEventListener("input", names);
      new MutationObserver(names).observe(seats, { childList: true, subtree: true });
      names();
    }
  }

  // Hand form: ask the server what the hand scores as it is typed.
  var form = document.querySelector("form.lp-form[data-preview]");
  if (!form) return;
  var live = form.querySelector(".lp-live");
  var bars = document.querySelectorAll(".lp-bar[data-pair]");
  var timer = null, asked = 0;
  function show(answer) {
    bars.forEach(function (bar) {
      var plus = bar.querySelector(".lp-plus"), track = bar.querySelector("progress");
      var total = Number(bar.dataset.total);
      var pts = answer && answer.ok ? answer.scores[bar.dataset.pair] : null;
      plus.textContent = pts ? "+" + pts : "";
      bar.classList.toggle("lp-preview", !!pts);
      if (track) track.value = Math.min(Number(track.max), total + (pts || 0));
    });
    if (!answer || !answer.ok) { live.textContent = live.dataset.none; return; }
    var parts = Object.keys(answer.scores).map(function (pair) {
      return pair.replace("+", " & ") + " " + answer.scores[pair];
    });
    live.textContent = live.dataset.words.replace("{scores}", parts.join(" · "));
  }
  function ask() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      if (key !== "csrf_token") params.append(key, value);
    });
    var mine = ++asked;
    var url = form.dataset.preview + (form.dataset.preview.indexOf("?") < 0 ? "?" : "&") + params.toString();
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { if (mine === asked) show(answer); })
      .catch(function () { if (mine === asked) show(null); });
  }
  function soon() { clearTimeout(timer); timer = setTimeout(ask, 250); }
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
  // the tile picker writes the hidden tiles field without an event of its own:
  // ask again when its dialog closes
  document.addEventListener("close", soon, true);
  soon();
})();
