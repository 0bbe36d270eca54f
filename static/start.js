// The start forms (a new game, a new club night: templates/games/index.html,
// templates/clubs/index.html): the chosen game's fields, its rule sets, the
// seats. Loaded by those pages only, so a game's page does without it (issue 27,
// page weight). No framework; the forms work without it.
(function () {
  "use strict";
  // New game and a new club night: show the fields of the chosen game (a seat
  // added later too: its "starts" only where the table chooses the starter); a
  // rule set fills the rules. The chosen game's most players (data-most):
  // "+ Add player" stops there.
  var kindSelect = document.getElementById("kind") || document.getElementById("ev-kind");
  function mostSeats() {
    var opt = kindSelect ? kindSelect.options[kindSelect.selectedIndex] : null;
    return opt && opt.dataset.most ? Number(opt.dataset.most) : 12;
  }
  function keepChoice(el) {
    var first = el.querySelector("input[type=radio]");
    if (!first || el.querySelector("input[type=radio]:checked")) return;
    var on = document.querySelector("input[type=radio][name='" + first.name + "']:checked");
    var same = on ? el.querySelector("input[type=radio][value='" + on.value + "']") : null;
    var pick = same || el.querySelector("input[type=radio][checked]");
    if (pick) pick.checked = true;
  }
  function showKind() {
    if (!kindSelect) return;
    document.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = el.dataset.kinds.split(" ").indexOf(kindSelect.value) < 0;
      // one rule worded per kind: only the chosen game's copy is sent; its
      // radios share their name with the other copies, so the shown copy takes
      // the choice made in a hidden one (or its own default)
      if (el.classList.contains("kind-variant")) {
        el.querySelectorAll("select, input").forEach(function (f) { f.disabled = el.hidden; });
        if (!el.hidden) keepChoice(el);
      }
    });
    var seatList = document.getElementById("seats"), add = document.getElementById("add-player");
    if (seatList && add) add.disabled = seatList.children.length >= mostSeats();
  }
  if (kindSelect) {
    kindSelect.addEventListener("change", showKind);
    // another game chosen: its usual set (data-set: double-nine for Chicken Foot)
    kindSelect.addEventListener("change", function () {
      var opt = kindSelect.options[kindSelect.selectedIndex];
      var set = document.getElementById("set") || document.getElementById("ev-set");
      if (set && opt && opt.dataset.set && set.querySelector("option[value='" + opt.dataset.set + "']")) {
        set.value = opt.dataset.set;
      }
    });
    showKind();
  }
  var preset = document.getElementById("preset");
  if (preset) {
    preset.addEventListener("change", function (ev) {
      var opt = ev.target;  // the rule set's radio
      if (opt.name !== "preset") return;
      var rules = opt.dataset.rules ? JSON.parse(opt.dataset.rules) : {};
      document.querySelectorAll("[name^='rule-']").forEach(function (field) {
        var key = field.name.slice(5);
        var value = key in rules ? rules[key] : field.defaultValue;
        if (field.type === "radio") {  // a hidden copy of a rule (data-kinds) keeps out
          if (!field.disabled) field.checked = key in rules ? String(rules[key]) === field.value : field.defaultChecked;
        } else if (field.tagName === "SELECT") {
          var def = Array.prototype.find.call(field.options, function (o) { return o.defaultSelected; });
          field.value = key in rules ? rules[key] : (def ? def.value : field.options[0].value);
        } else {
          field.value = value === null || value === undefined ? "" : value;
        }
      });
    });
  }

  // New game: add, remove and reorder seats; pick earlier players.
  var seats = document.getElementById("seats");
  if (seats) {
    var template = document.getElementById("seat-template");
    function renumber() {
      Array.prototype.forEach.call(seats.children, function (li, i) {
        var input = li.querySelector("input[name=player]");
        var radio = li.querySelector("input[name=starter]");
        var label = li.querySelector("label.visually-hidden");
        input.id = "player-" + i;
        if (label) { label.setAttribute("for", input.id); label.textContent = (seats.dataset.playerLabel || "Player {n}").replace("{n}", i + 1); }
        radio.value = String(i);
      });
      if (!seats.querySelector("input[name=starter]:checked") && seats.children.length) {
        seats.children[0].querySelector("input[name=starter]").checked = true;
      }
    }
    function addSeat(name) {
      var li = template.content.firstElementChild.cloneNode(true);
      seats.appendChild(li);
      renumber();
      showKind();
      var input = li.querySelector("input[name=player]");
      if (name) input.value = name;
      return input;
    }
    document.getElementById("add-player").addEventListener("click", function () {
      if (seats.children.length < mostSeats()) addSeat("").focus();
    });
    seats.addEventListener("click", function (ev) {
      var button = ev.target.closest("button");
      if (!button) return;
      var li = button.closest("li");
      if (button.hasAttribute("data-remove")) {
        if (seats.children.length > 2) li.remove(); else li.querySelector("input[name=player]").value = "";
        showKind();
      } else if (button.dataset.move === "up" && li.previousElementSibling) {
        seats.insertBefore(li, li.previousElementSibling);
      } else if (button.dataset.move === "down" && li.nextElementSibling) {
        seats.insertBefore(li.nextElementSibling, li);
      }
      renumber();
    });
    document.querySelectorAll("[data-pick]").forEach(function (chip) {
      chip.addEventListener("click", function () {
        var name = chip.dataset.pick;
        var inputs = Array.prototype.slice.call(seats.querySelectorAll("input[name=player]"));
        if (inputs.some(function (i) { return i.value.trim().toLowerCase() === name.toLowerCase(); })) return;
        var empty = inputs.find(function (i) { return !i.value.trim(); });
        if (empty) empty.value = name; else if (inputs.length < mostSeats()) addSeat(name);
      });
    });
    // A group that played before: one tap seats its players, in its seat order.
    document.querySelectorAll("[data-group]").forEach(function (chip) {
      chip.addEventListener("click", function () {
        var names = JSON.parse(chip.dataset.group);
        while (seats.children.length > Math.max(names.length, 2)) seats.lastElementChild.remove();
        while (seats.children.length < names.length) addSeat("");
        seats.querySelectorAll("input[name=player]").forEach(function (input, i) { input.value = names[i] || ""; });
        seats.children[0].querySelector("input[name=starter]").checked = true;
        renumber();
        showKind();
      });
    });
    renumber();

    // A refused start (bad rules, a warning to confirm) answers at POST /games:
    // the form as typed becomes a draft in this tab and the address the start
    // page's own, so a reload shows what was typed (never the form sent again);
    // the draft goes with the next "Start the game".
    var startForm = document.getElementById("new-game-form");
    var DRAFT = "domino-companion:start-draft";
    function store() { try { return window.sessionStorage; } catch (e) { return null; } }
    if (startForm && store()) {
      var saveDraft = function () {
        var data = { players: [], kind: "", fields: [] };
        Array.prototype.forEach.call(startForm.elements, function (f) {
          if (!f.name || f.disabled || f.name === "csrf_token" || f.name === "confirm" || f.type === "button" || f.type === "submit") return;
          if (f.name === "player") data.players.push(f.value);
          else if (f.name === "kind") data.kind = f.value;
          else data.fields.push([f.name, f.value, f.type === "radio" || f.type === "checkbox" ? f.checked : null]);
        });
        try { store().setItem(DRAFT, JSON.stringify(data)); } catch (e) { /* full: the form as sent still works */ }
      };
      if (startForm.dataset.reload && window.history && history.replaceState) {
        saveDraft();
        history.replaceState(history.state, "", startForm.dataset.reload + "#new-game");
      } else {
        var kept = null;
        try { kept = JSON.parse(store().getItem(DRAFT) || "null"); } catch (e) { kept = null; }
        if (kept && kept.players) {
          if (kindSelect && kept.kind && kindSelect.querySelector("option[value='" + kept.kind + "']")) {
            kindSelect.value = kept.kind;
            kindSelect.dispatchEvent(new Event("change"));
          }
          while (seats.children.length > Math.max(kept.players.length, 2)) seats.lastElementChild.remove();
          while (seats.children.length < kept.players.length) addSeat("");
          seats.querySelectorAll("input[name=player]").forEach(function (input, i) { input.value = kept.players[i] || ""; });
          kept.fields.forEach(function (k) {
            Array.prototype.forEach.call(startForm.elements, function (f) {
              if (f.name !== k[0] || f.disabled) return;
              if (k[2] === null) f.value = k[1];
              else if (f.value === k[1]) f.checked = k[2];
            });
          });
          renumber();
          showKind();
        }
      }
      if (startForm.dataset.reload || store().getItem(DRAFT)) {
        startForm.addEventListener("input", saveDraft);
        startForm.addEventListener("change", saveDraft);
      }
      startForm.addEventListener("submit", function () { store().removeItem(DRAFT); });
    }
  }
})();
