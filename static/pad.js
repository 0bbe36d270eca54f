// The score pad of the games scored during play (All Fives, Fives and Threes).
// The lit player is the one whose turn it is; a tap on a count records a
// scoring play for the lit player and the turn passes on by itself; a tap on
// "No score" passes the turn; a tap on another name lights that player first
// (two taps for a play out of turn). "Undo last play" takes the last play back.
// At the hand's end: who went out (or blocked, or stopped at the target) and
// the pips left; the hand is sent as JSON in the form's "hand" field and the
// server derives the scores and the bonus (companion/rules).
(function () {
  "use strict";
  var root = document.getElementById("pad");
  if (!root) return;
  var pad = JSON.parse(root.dataset.pad);
  var order = pad.order;
  var state = { leader: pad.leader, turn: pad.leader, plays: [], ended: null, out: [], muggins: false, history: [] };
  var list = root.querySelector(".pad-plays");
  var form = root.querySelector("form.pad-end");

  function next(player) { return order[(order.indexOf(player) + 1) % order.length]; }

  function restore() {
    if (!root.dataset.hand) return;
    var hand;
    try { hand = JSON.parse(root.dataset.hand); } catch (e) { return; }
    state.leader = hand.leader || state.leader;
    state.plays = (hand.plays || []).slice();
    state.ended = hand.ended || null;
    state.out = hand.out ? [].concat(hand.out) : [];
    state.turn = state.plays.length ? next(state.plays[state.plays.length - 1].player) : state.leader;
    var hands = hand.hands || {};
    root.querySelectorAll(".pad-pips input").forEach(function (input) {
      var h = hands[input.dataset.player];
      if (h && h.pips !== undefined) input.value = h.pips;
    });
  }

  function draw() {
    root.querySelectorAll(".pad-player").forEach(function (b) {
      var lit = b.dataset.player === state.turn;
      b.classList.toggle("lit", lit);
      b.setAttribute("aria-pressed", lit ? "true" : "false");
    });
    list.innerHTML = "";
    if (!state.plays.length) {
      var none = document.createElement("li");
      none.className = "empty";
      none.textContent = root.dataset.none;
      list.appendChild(none);
    }
    state.plays.forEach(function (p) {
      var li = document.createElement("li");
      var key = pad.keys.filter(function (k) { return k.count === p.count; })[0];
      li.textContent = (p.claimed_by || p.player) + " · " + p.count + (key ? " (+" + key.points + ")" : "") +
        (p.claimed_by ? " · " + root.dataset.claim.replace("%(name)s", p.claimed_by) : "");
      list.appendChild(li);
    });
    root.querySelectorAll(".pad-out").forEach(function (b) {
      var on = state.ended === "domino" && state.out.indexOf(b.dataset.out) >= 0;
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    [["pad-blocked", "blocked"], ["pad-target", "target"]].forEach(function (pair) {
      var b = root.querySelector("." + pair[0]);
      if (b) b.setAttribute("aria-pressed", state.ended === pair[1] ? "true" : "false");
    });
    var m = root.querySelector(".pad-muggins");
    if (m) m.setAttribute("aria-pressed", state.muggins ? "true" : "false");
  }

  function say(text) {
    var p = root.querySelector(".pad-say");
    if (!p) {
      p = document.createElement("p");
      p.className = "pad-say form-error";
      p.setAttribute("role", "alert");
      root.querySelector(".pad-keys").before(p);
    }
    p.textContent = text;
  }

  function score(count) {
    if (!state.turn) { say(root.dataset.leadFirst); return; }
    if (!state.leader) state.leader = state.turn;
    var play = { player: state.turn, count: count };
    if (state.muggins) { play.claimed_by = next(state.turn); state.muggins = false; }
    state.plays.push(play);
    state.history.push(state.turn);
    state.turn = next(state.turn);
    draw();
  }

  root.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b || !root.contains(b) || b.type === "submit") return;
    if (b.classList.contains("pad-player")) {
      state.turn = b.dataset.player;
      if (!state.leader && !state.plays.length && !state.history.length) state.leader = state.turn;
    } else if (b.classList.contains("pad-key")) {
      score(parseInt(b.dataset.count, 10));
    } else if (b.classList.contains("pad-pass")) {
      if (!state.turn) { say(root.dataset.leadFirst); return; }
      if (!state.leader) state.leader = state.turn;
      state.history.push(state.turn);
      state.turn = next(state.turn);
    } else if (b.classList.contains("pad-undo")) {
      if (state.plays.length) {
        var last = state.plays.pop();
        state.turn = last.player;
      }
    } else if (b.classList.contains("pad-muggins")) {
      state.muggins = !state.muggins;
    } else if (b.classList.contains("pad-out")) {
      var who = b.dataset.out;
      if (state.ended !== "domino") state.out = [];
      state.ended = "domino";
      var at = state.out.indexOf(who);
      if (at >= 0) state.out.splice(at, 1);
      else state.out = pad.several_out ? state.out.concat([who]) : [who];
      var pips = root.querySelector('.pad-pips input[data-player="' + who + '"]');
      if (pips && at < 0) pips.value = "0";
    } else if (b.classList.contains("pad-blocked")) {
      state.ended = "blocked"; state.out = [];
    } else if (b.classList.contains("pad-target")) {
      state.ended = "target"; state.out = [];
    } else {
      return;
    }
    draw();
  });

  var more = root.querySelector(".pad-more input");
  if (more) more.addEventListener("change", function () {
    var n = parseInt(more.value, 10);
    if (n > 0) { score(n); more.value = ""; }
  });

  form.addEventListener("submit", function () {
    var hand = { leader: state.leader, plays: state.plays, ended: state.ended };
    if (state.out.length) hand.out = state.out;
    var hands = {};
    root.querySelectorAll(".pad-pips input").forEach(function (input) {
      if (input.value !== "" && state.ended !== "target") hands[input.dataset.player] = { pips: parseInt(input.value, 10) };
    });
    if (Object.keys(hands).length) hand.hands = hands;
    form.querySelector('input[name="hand"]').value = JSON.stringify(hand);
  });

  restore();
  draw();
})();
