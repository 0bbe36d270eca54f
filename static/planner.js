// Train planner page: a grid of the set's tiles that keeps the hand field in step.
(function () {
  "use strict";
  var form = document.getElementById("planner-form");
  var grid = document.getElementById("pl-grid");
  if (!form || !grid) return;
  var setSelect = document.getElementById("pl-set");
  var endField = document.getElementById("pl-end");
  var fromEngine = form.querySelector("input[name=from_engine]");
  var hand = document.getElementById("pl-hand");
  var sum = document.getElementById("pl-sum");
  var layouts = JSON.parse(grid.dataset.pips || "{}");

  function norm(t) {
    if (!/^\d{1,2}-\d{1,2}$/.test(t)) return null;  // "5a-3" or "1-2-3" is no tile
    var p = t.split("-").map(function (x) { return parseInt(x, 10); });
    return Math.max(p[0], p[1]) + "-" + Math.min(p[0], p[1]);
  }
  function chosen() {
    return hand.value.replace(/,/g, " ").split(/\s+/).filter(Boolean).map(norm).filter(Boolean);
  }
  function paint() {
    // The counter adds only tiles the hand may hold: in the set, each once,
    // not the engine in the hub (the server refuses the others and names them).
    var have = {};
    var pips = 0;
    var top = parseInt(setSelect.value, 10);
    var engine = fromEngine && fromEngine.checked ? endField.value + "-" + endField.value : null;
    chosen().forEach(function (t) {
      var ends = t.split("-").map(function (x) { return parseInt(x, 10); });
      if (have[t] || t === engine || ends[0] > top) return;
      have[t] = true;
      pips += ends[0] + ends[1];
    });
    grid.querySelectorAll("button.tile").forEach(function (b) {
      b.setAttribute("aria-pressed", have[b.dataset.tile] ? "true" : "false");
      b.disabled = b.dataset.tile === engine;
    });
    var n = Object.keys(have).length;
    // The words come from the page (data-sum: each plural form), in its language.
    var plural = window.DominoCompanion ? window.DominoCompanion.pluralWords : function () { return ""; };
    var words = plural(sum.dataset.sum, n) || "{tiles} · {pips}";
    var pipWords = (plural(sum.dataset.sumPips, pips) || "{pips}").replace("{pips}", pips);
    sum.textContent = n ? words.replace("{tiles}", n).replace("{pips}", pipWords) : "";
  }
  function build() {
    var n = parseInt(setSelect.value, 10);
    if (window.DominoCompanion) window.DominoCompanion.tileButtons(grid, n, layouts);
    paint();
  }
  grid.addEventListener("click", function (ev) {
    var b = ev.target.closest("button.tile");
    if (!b || b.disabled) return;
    var list = chosen();
    var i = list.indexOf(b.dataset.tile);
    if (i >= 0) list.splice(i, 1); else list.push(b.dataset.tile);
    hand.value = list.join(" ");
    paint();
  });
  hand.addEventListener("input", paint);
  endField.addEventListener("input", paint);
  if (fromEngine) fromEngine.addEventListener("change", paint);
  setSelect.addEventListener("change", function () {
    endField.value = setSelect.value;
    build();
  });
  build();
})();
