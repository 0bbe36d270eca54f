// Table view (a TV or a second tablet): within two seconds of a round saved on
// another device the standings and the next round change by themselves. The
// revision number is polled every 1.5 s (/api/games/<id>/revision, with the
// spectator key when the page was opened through the spectator link); when it
// moves, the page is fetched again and its content swapped in, without a
// flash. The screen is kept awake where the browser allows it.
(function () {
  "use strict";
  var tv = document.querySelector(".tv[data-poll]");
  if (!tv) return;
  var status = document.querySelector(".tv-status");
  var statusText = status && status.querySelector(".text");
  var liveText = statusText ? statusText.textContent : "";
  var seen = tv.dataset.revision;
  var busy = false;

  function connected(ok) {
    document.body.classList.toggle("tv-offline", !ok);
    if (statusText) statusText.textContent = ok ? liveText : status.dataset.offline;
  }

  function swap() {
    return fetch(window.location.href, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector(".tv[data-poll]");
        if (!fresh) { window.location.reload(); return; }
        tv.innerHTML = fresh.innerHTML;
        seen = tv.dataset.revision = fresh.dataset.revision;
        document.title = doc.title || document.title;
      });
  }

  function poll() {
    if (busy) return;
    busy = true;
    fetch(tv.dataset.poll, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        connected(true);
        if (String(data.revision) !== seen) return swap();
      })
      .catch(function () { connected(false); /* offline for a moment: try again */ })
      .then(function () { busy = false; });
  }

  setInterval(poll, 1500);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); awake(); } });

  function awake() {
    if (!navigator.wakeLock || document.hidden) return;
    navigator.wakeLock.request("screen").catch(function () { /* not allowed here */ });
  }
  awake();
})();
