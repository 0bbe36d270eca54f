// 42's hand form: each bid must beat the bids before it, so a later bidder's
// chips show only pass and what is higher (a hidden choice that was picked
// goes back to pass), and the contract line names the highest bid. The form
// works without it; the server checks every bid (companion/rules).
(function () {
  "use strict";
  var root = document.getElementById("bids");
  if (!root) return;
  var rows = [];
  for (var i = 0; ; i++) {
    var radios = root.querySelectorAll('input[name="bid-' + i + '"]');
    if (!radios.length) break;
    rows.push(radios);
  }
  var line = root.querySelector(".contract-now");
  var nobody = root.dataset.nobody;
  // a first mark bid of at most data-open marks, later ones raising by at most
  // data-raise (absent where plunge or splash may jump further)
  var open = Number(root.dataset.open || 0), raise = Number(root.dataset.raise || 0);

  function checked(radios) {
    for (var i = 0; i < radios.length; i++) if (radios[i].checked) return radios[i];
    return null;
  }

  function update() {
    var best = 0, marks = 0, who = null, label = "";
    rows.forEach(function (radios) {
      radios.forEach(function (r) {
        var rank = Number(r.dataset.rank);
        var m = Number(r.dataset.marks || 0);
        var hide = (rank > 0 && rank <= best) || (open > 0 && m > (marks ? marks + raise : open));
        r.parentNode.hidden = hide;
        if (hide && r.checked) {
          r.checked = false;
          radios[0].checked = true;
        }
      });
      var c = checked(radios);
      if (c && Number(c.dataset.rank) > best) {
        best = Number(c.dataset.rank);
        marks = Number(c.dataset.marks || 0);
        who = c.closest(".bid-row").querySelector(".who").textContent;
        label = c.nextElementSibling.textContent;
      }
    });
    if (line) line.textContent = who ? who + " · " + label : nobody;
  }

  root.addEventListener("change", function (e) {
    if (/^bid-/.test(e.target.name)) update();
  });
  update();
})();
