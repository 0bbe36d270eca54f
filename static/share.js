// Sending a finished game to a family chat (templates/games/_share.html): the
// device's share sheet where the browser has the Web Share API (the picture as
// a file where it can take files, else the link alone); everywhere, the
// picture's download link and the spectator link copied.
(function () {
  "use strict";
  var box = document.getElementById("share");
  if (!box) return;
  var said = box.querySelector("[data-said]");
  var link = box.querySelector(".share-link");
  function say(text) { said.textContent = text; }

  var shareButton = box.querySelector("[data-share]");
  if (navigator.share) {
    shareButton.hidden = false;
    // fetched as the page opens, so that a tap finds it ready: the share
    // sheet must open within moments of the tap
    var ready = Promise.resolve(null);
    if (navigator.canShare && window.File) {
      ready = fetch(box.dataset.picture, { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.blob(); })
        .then(function (blob) {
          var file = new File([blob], box.dataset.file, { type: "image/png" });
          return navigator.canShare({ files: [file] }) ? file : null;
        })
        .catch(function () { return null; });
    }
    shareButton.addEventListener("click", function () {
      ready.then(function (file) {
        var data = { title: box.dataset.title, text: box.dataset.text + "\n" + box.dataset.url, url: box.dataset.url };
        if (file) data.files = [file];
        return navigator.share(data);
      }).catch(function () { /* closed by the user: nothing to do */ });
    });
  }

  box.querySelector("[data-copy]").addEventListener("click", function () {
    function byHand() {
      link.focus();
      link.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      say(done ? box.dataset.copied : box.dataset.byHand);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.dataset.url).then(function () { say(box.dataset.copied); }, byHand);
    } else {
      byHand();
    }
  });
})();
