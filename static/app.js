// Small helpers for the tablet: no framework, pages work without it.
(function () {
  "use strict";

  // Confirm destructive buttons.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (!window.confirm(form.dataset.confirm)) ev.preventDefault();
    });
  });

  // Forms: one submission only (a double tap sends once).
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      if (form.dataset.sent) { ev.preventDefault(); return; }
      form.dataset.sent = "1";
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.setAttribute("aria-busy", "true"); });
    });
  });

  // Round entry: Enter moves to the next hand; "Out" empties that hand.
  var roundForm = document.getElementById("round-form");
  if (roundForm) {
    var pips = Array.prototype.slice.call(roundForm.querySelectorAll("input.pips"));
    pips.forEach(function (input, i) {
      input.addEventListener("keydown", function (ev) {
        if (ev.key !== "Enter") return;
        var next = pips.slice(i + 1).find(function (p) { return !p.disabled; });
        if (next) { ev.preventDefault(); next.focus(); next.select(); }
      });
    });
    function sync() {
      roundForm.querySelectorAll(".hand").forEach(function (hand) {
        var radio = hand.querySelector("input[name=out]");
        var field = hand.querySelector("input.pips");
        var out = radio && radio.checked;
        hand.classList.toggle("is-out", !!out);
        if (field) {
          field.disabled = !!out;
          if (out) field.value = "";
        }
      });
    }
    roundForm.addEventListener("change", function (ev) {
      if (ev.target.name === "out") sync();
    });
    sync();
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
        if (label) { label.setAttribute("for", input.id); label.textContent = "Player " + (i + 1); }
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
      var input = li.querySelector("input[name=player]");
      if (name) input.value = name;
      return input;
    }
    document.getElementById("add-player").addEventListener("click", function () {
      if (seats.children.length < 12) addSeat("").focus();
    });
    seats.addEventListener("click", function (ev) {
      var button = ev.target.closest("button");
      if (!button) return;
      var li = button.closest("li");
      if (button.hasAttribute("data-remove")) {
        if (seats.children.length > 2) li.remove(); else li.querySelector("input[name=player]").value = "";
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
        if (empty) empty.value = name; else if (inputs.length < 12) addSeat(name);
      });
    });
    renumber();
  }
})();
