// Every player's own phone (companion/phones/links.py). On the tablet: the
// "Players' phones" panel follows who has entered, within about a second, and
// the page reloads when the round was saved elsewhere, unless something is
// typed in the round form: then it says so and keeps what was typed (saving
// it then offers to correct that round). "Fill the round from the phones"
// takes what is typed along. On a seat's phone: the page reloads when the
// round was saved or the link ended. No framework.
(function () {
  "use strict";

  // A form sent from this page (the round saved here, a hand sent) is on its
  // way: its answer is the page to show next. A reload now would drop it (the
  // saved round and its undo notice), so the polls stop answering.
  var leaving = false;
  document.addEventListener("submit", function (ev) {
    if (!ev.defaultPrevented && ev.target.getAttribute("method") !== "dialog") leaving = true;
  });
  // Back on this page from the browser's history (kept as it was): polls again.
  window.addEventListener("pageshow", function (ev) { if (ev.persisted) leaving = false; });

  function poll(url, every, handle) {
    var busy = false;
    function tick() {
      if (busy || leaving || document.hidden) return;
      busy = true;
      fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json().then(function (body) { return { status: r.status, body: body }; }); })
        .then(function (res) { if (!leaving) handle(res.status, res.body); })
        .catch(function () { /* offline for a moment: try again at the next tick */ })
        .then(function () { busy = false; });
    }
    setInterval(tick, every);
    document.addEventListener("visibilitychange", tick);
  }

  // What the scorekeeper typed in the round form: pips and who went out.
  function typed(form) {
    var found = [];
    if (!form) return found;
    Array.prototype.forEach.call(form.querySelectorAll("input.pips"), function (box) {
      if (box.value.trim() !== "") found.push([box.name, box.value.trim()]);
    });
    var out = form.querySelector("input[name=out]:checked");
    if (out) found.push(["out", out.value]);
    return found;
  }

  var panel = document.getElementById("phones");
  if (panel) {
    var roundForm = document.getElementById("round-form");
    // the score pad (All Fives): the plays tapped so far are what is typed
    var pad = roundForm ? null : document.getElementById("pad");
    function anyTyped() { return pad ? !!pad.querySelector(".pad-plays li:not(.empty)") : typed(roundForm).length > 0; }
    panel.addEventListener("click", function (ev) {
      var fill = ev.target.closest("a.fill-from-phones");
      if (!fill) return;
      var pairs = typed(roundForm);
      if (!pairs.length) return;
      var url = new URL(fill.href, window.location.href);
      pairs.forEach(function (p) { url.searchParams.set(p[0], p[1]); });
      fill.href = url.toString();
    });
    var warned = false;
    poll(panel.dataset.status, 1000, function (code, st) {
      if (code !== 200) return;
      if (String(st.number) !== panel.dataset.number) {
        if (!anyTyped()) { window.location.reload(); return; }
        if (!warned) {
          warned = true;
          var note = document.createElement("p");
          note.className = "flash flash-warn saved-elsewhere";
          note.setAttribute("role", "alert");
          note.textContent = panel.dataset.savedElsewhere;
          var again = document.createElement("button");
          again.type = "button";
          again.className = "small secondary";
          again.textContent = panel.dataset.reload;
          again.addEventListener("click", function () { window.location.reload(); });
          note.appendChild(document.createTextNode(" "));
          note.appendChild(again);
          var before = roundForm || pad.querySelector("form");
          before.parentNode.insertBefore(note, before);
        }
        return;
      }
      var entered = 0;
      st.seats.forEach(function (seat) {
        var li = panel.querySelector("[data-phone-seat='" + seat.seat + "']");
        if (!li) return;
        var text = seat.entered
          ? (seat.out ? panel.dataset.out : panel.dataset.entered.replace("{pips}", seat.pips))
          : (seat.linked ? panel.dataset.waiting : panel.dataset.nophone);
        li.querySelector(".state").textContent = text;
        li.classList.toggle("entered", seat.entered);
        if (seat.entered) entered++;
        var end = li.querySelector("form");
        if (end) end.hidden = !seat.linked;
      });
      panel.querySelector(".phones-count").textContent =
        panel.dataset.count.replace("{n}", entered).replace("{of}", st.seats.length);
    });
  }

  var card = document.querySelector(".seat-card");
  if (card) {
    poll(card.dataset.status, 2000, function (code, st) {
      if (code === 410 || (code === 200 && String(st.number) !== card.dataset.number)) window.location.reload();
    });
  }
})();
