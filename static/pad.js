// The score pad of the games scored during play (All Fives, Fives and Threes).
// The lit player is the one whose turn it is; a tap on a count records a
// scoring play for the lit player and the turn passes on by itself; a tap on
// "No score" passes the turn; a tap on another name lights that player first
// (two taps for a play out of turn). "Undo last play" takes the last play back.
// At the hand's end: who went out (or blocked, or stopped at the target) and
// the pips left; the hand is sent as JSON in the form's "hand" field and the
// server derives the scores and the bonus (companion/rules).
// Until the leader is known (the first hand, after a block) the keypad is
// greyed out under "Tap who leads first"; a tap on a name lights that player.
// The hand in progress is kept in this browser (localStorage, keyed by the
// game, the hand's number and the game's revision), so a reload loses no
// play; the page of the next hand (the hand saved) forgets it.
// The peg board moves with every play: the server pegs the plays so far as
// the rules module scores them (companion.rules.family_counts.live_board) and
// sends the board back drawn.
// A correction of an earlier hand (data-edit) starts from the stored hand;
// a hand kept as totals during play shows a box per player instead of the keypad.
// Where the table plays "no win on the down" (pad.down: Fives and Threes,
// Teesdale and Leek), a count tapped for the leader before any other turn of
// the hand is the hand's first tile and is sent with lead: true; the toggle
// under the keypad marks or unmarks the first play so (it shows while the
// first play is the leader's). The server strikes the winning points of the
// down (companion.rules.families.pegging) and the list says why.
(function () {
  "use strict";
  var root = document.getElementById("pad");
  if (!root) return;
  var pad = JSON.parse(root.dataset.pad);
  var order = pad.order;
  var state = { leader: pad.leader, turn: pad.leader, plays: [], ended: null, out: [], muggins: false, history: [] };
  var list = root.querySelector(".pad-plays");
  var form = root.querySelector("form.pad-end");
  var editing = root.hasAttribute("data-edit");
  var DRAFTS = "domino-companion:pad-hand:";
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  var draftKey = !editing && root.dataset.draft ? DRAFTS + root.dataset.draft : null;

  // this game's kept hands other than this one (saved, or taken back) are forgotten
  function dropOtherDrafts() {
    if (!store || !draftKey) return;
    var mine = DRAFTS + root.dataset.game + ":";
    try {
      for (var i = store.length - 1; i >= 0; i--) {
        var k = store.key(i);
        if (k && k.indexOf(mine) === 0 && k !== draftKey) store.removeItem(k);
      }
    } catch (e) { /* storage refused */ }
  }

  function pipsTyped() {
    var out = {};
    root.querySelectorAll(".pad-pips input").forEach(function (input) {
      if (input.value !== "") out[input.dataset.player] = input.value;
    });
    return out;
  }

  var touched = false;  // nothing is kept before the first tap or typed pip
  function keep() {
    if (!store || !draftKey || !touched) return;
    var kept = { leader: state.leader, turn: state.turn, plays: state.plays, ended: state.ended, out: state.out,
                 muggins: state.muggins, history: state.history, pips: pipsTyped(), saved: Date.now() };
    try { store.setItem(draftKey, JSON.stringify(kept)); } catch (e) { /* full or refused */ }
  }

  function restoreKept() {
    if (!store || !draftKey || root.dataset.hand) return;
    var kept = null;
    try { kept = JSON.parse(store.getItem(draftKey) || "null"); } catch (e) { kept = null; }
    if (!kept || typeof kept !== "object" || !Array.isArray(kept.plays)) return;
    var known = function (p) { return order.indexOf(p) >= 0; };
    state.leader = known(kept.leader) ? kept.leader : state.leader;
    state.turn = known(kept.turn) ? kept.turn : state.leader;
    state.plays = kept.plays.filter(function (p) { return p && known(p.player) && typeof p.count === "number"; });
    state.ended = ["domino", "blocked", "target"].indexOf(kept.ended) >= 0 ? kept.ended : null;
    state.out = Array.isArray(kept.out) ? kept.out.filter(known) : [];
    state.muggins = !!kept.muggins;
    state.history = Array.isArray(kept.history) ? kept.history.filter(known) : [];
    var pips = kept.pips || {};
    root.querySelectorAll(".pad-pips input").forEach(function (input) {
      // a box filled from the player's phone keeps what the phone sent
      if (pips[input.dataset.player] !== undefined && input.defaultValue === "") input.value = pips[input.dataset.player];
    });
  }

  // the peg board after the plays so far, drawn by the server (the rules' pegs),
  // and the plays not pegged (past an exact target) struck through in the list
  var boardAsked = 0;
  var boardShown = "";
  var struckShown = [];
  var downShown = [];
  function markStruck(struck, down) {
    list.querySelectorAll("li").forEach(function (li, i) {
      var on = struck.indexOf(i) >= 0;
      li.classList.toggle("struck", on);
      var note = li.querySelector(".struck-why");
      if (on && !note) {
        note = document.createElement("span");
        note.className = "struck-why";
        li.appendChild(note);
      } else if (!on && note) {
        note.remove();
      }
      if (on) note.textContent = " · " + (down.indexOf(i) >= 0 ? root.dataset.notPeggedDown : root.dataset.notPegged);
    });
  }
  function moveBoard() {
    if (!root.dataset.board || editing) return;
    var hand = JSON.stringify({ leader: state.leader, plays: state.plays });
    if (hand === boardShown) { unsay(); markStruck(struckShown, downShown); boardAsked++; return; }  // an undo back to it
    if (!state.leader) return;
    var asked = ++boardAsked;
    fetch(root.dataset.board + "?hand=" + encodeURIComponent(hand), { headers: { "Accept": "application/json" } })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (answer) {
        if (asked !== boardAsked) return;  // a later tap asked again
        if (!answer.ok) { say(answer.body.error || ""); return; }
        boardShown = hand;
        struckShown = answer.body.struck || [];
        downShown = answer.body.down || [];
        var now = document.querySelector("figure.pegboard");
        if (now && answer.body.board) now.outerHTML = answer.body.board;
        markStruck(struckShown, downShown);
        unsay();
      })
      .catch(function () { /* offline: the board moves when the hand is saved */ });
  }

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
    var waiting = !state.turn;
    var prompt = root.querySelector(".pad-prompt");
    if (prompt) prompt.hidden = !waiting;
    var players = root.querySelector(".pad-players");
    if (players) players.classList.toggle("asking", waiting);
    root.querySelectorAll(".pad-key, .pad-pass, .pad-muggins, .pad-more input").forEach(function (el) {
      el.disabled = waiting;
    });
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
        (p.claimed_by ? " · " + root.dataset.claim.replace("%(name)s", p.claimed_by) : "") +
        (p.lead ? " · " + root.dataset.down : "");
      list.appendChild(li);
    });
    var down = root.querySelector(".pad-down");
    if (down) {
      var first = state.plays[0];
      down.hidden = !(first && first.player === state.leader && !first.claimed_by);
      down.setAttribute("aria-pressed", first && first.lead ? "true" : "false");
    }
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
    keep();
    moveBoard();
  }

  function unsay() {
    var said = root.querySelector(".pad-say");
    if (said) said.remove();
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
    if (!state.turn) return;  // the keypad is greyed out under "Tap who leads first"
    if (!state.leader) state.leader = state.turn;
    var play = { player: state.turn, count: count };
    // the hand's first tile: the leader's play before any other turn was tapped
    if (pad.down && !state.plays.length && !state.history.length && state.turn === state.leader &&
        !state.muggins) play.lead = true;
    if (state.muggins) { play.claimed_by = next(state.turn); state.muggins = false; }
    state.plays.push(play);
    state.history.push(state.turn);
    state.turn = next(state.turn);
    draw();
  }

  root.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b || !root.contains(b) || b.type === "submit") return;
    touched = true;
    if (b.classList.contains("pad-player")) {
      state.turn = b.dataset.player;
      if (!state.leader && !state.plays.length && !state.history.length) state.leader = state.turn;
    } else if (b.classList.contains("pad-key")) {
      score(parseInt(b.dataset.count, 10));
    } else if (b.classList.contains("pad-pass")) {
      if (!state.turn) return;
      if (!state.leader) state.leader = state.turn;
      state.history.push(state.turn);
      state.turn = next(state.turn);
    } else if (b.classList.contains("pad-undo")) {
      if (state.plays.length) {
        var last = state.plays.pop();
        state.turn = last.player;
        if (last.lead) state.history = [];  // back to the hand's first tile
      }
    } else if (b.classList.contains("pad-down")) {
      var lead = state.plays[0];
      if (lead && lead.player === state.leader) {
        if (lead.lead) delete lead.lead; else lead.lead = true;
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
    touched = true;
    var n = parseInt(more.value, 10);
    if (n > 0) { score(n); more.value = ""; }
  });

  root.querySelectorAll(".pad-pips input").forEach(function (input) {
    input.addEventListener("input", function () { touched = true; keep(); });
  });

  form.addEventListener("submit", function () {
    var hand = { leader: state.leader, plays: state.plays, ended: state.ended };
    var totals = root.querySelectorAll(".pad-inplay input");
    if (totals.length) {
      delete hand.plays;
      hand.in_play = {};
      totals.forEach(function (input) { hand.in_play[input.dataset.player] = parseInt(input.value || "0", 10); });
    }
    if (state.out.length) hand.out = state.out;
    // a correction keeps what the pad does not show: the tiles dealt and drawn
    var saved = {};
    if (editing) { try { saved = JSON.parse(root.dataset.hand) || {}; } catch (e) { saved = {}; } }
    if (saved.dealt) hand.dealt = saved.dealt;
    var hands = {};
    root.querySelectorAll(".pad-pips input").forEach(function (input) {
      var who = input.dataset.player;
      if (input.value === "" || state.ended === "target") return;
      hands[who] = { pips: parseInt(input.value, 10) };
      if (saved.hands && saved.hands[who] && saved.hands[who].drawn !== undefined) hands[who].drawn = saved.hands[who].drawn;
    });
    if (Object.keys(hands).length) hand.hands = hands;
    form.querySelector('input[name="hand"]').value = JSON.stringify(hand);
  });

  dropOtherDrafts();
  restore();
  restoreKept();
  draw();
})();
