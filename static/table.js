// Table view: reload within two seconds of a change saved on another device.
(function () {
  "use strict";
  var tv = document.querySelector(".tv[data-poll]");
  if (!tv) return;
  var seen = tv.dataset.revision;
  setInterval(function () {
    fetch(tv.dataset.poll, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.revision) !== seen) window.location.reload();
      })
      .catch(function () { /* offline for a moment: try again */ });
  }, 1500);
})();
