// The service worker (served at /sw.js by companion/web/device.py, which
// fills in the version and the files to keep). It lets the tablet open the
// app from its home screen and show the last pages seen while the server is
// out of reach. It only ever talks to this site; API calls and every write
// (POST, PUT, DELETE) go straight to the network and are never stored.
//
// What it keeps of the family's games is as little as it can: only pages the
// server marks "private" (never one marked "no-store": the spectator view, the
// sign-in and devices pages, PDFs, JSON), never an address holding a key or
// the token (?view=, ?token=), at most MAX_PAGES pages; and it forgets them
// all when this device signs out (and when a page turns out to need signing
// in again: the session ended elsewhere).
"use strict";
var VERSION = "__VERSION__";
var STATIC = "dtc-static-" + VERSION;
var PAGES = "dtc-pages";
var PRECACHE = __PRECACHE__;
var MAX_PAGES = 12;

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(STATIC).then(function (c) { return c.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf("dtc-") === 0 && k !== STATIC && k !== PAGES;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function trim(cache) {
  return cache.keys().then(function (keys) {
    if (keys.length > MAX_PAGES) return cache.delete(keys[0]).then(function () { return trim(cache); });
  });
}

function forgetPages() {
  return caches.delete(PAGES);
}

function keepable(url, res) {
  if (url.searchParams.has("view") || url.searchParams.has("token")) return false;
  var type = res.headers.get("Content-Type") || "";
  var policy = (res.headers.get("Cache-Control") || "").toLowerCase();
  return res.ok && !res.redirected && res.type === "basic" && type.indexOf("text/html") === 0 &&
    policy.indexOf("private") !== -1 && policy.indexOf("no-store") === -1;
}

function signsOut(url) {
  return url.pathname === "/logout" || /^\/devices\/\d+\/sign-out$/.test(url.pathname);
}

self.addEventListener("fetch", function (ev) {
  var req = ev.request;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;        // nothing leaves this site
  if (req.method !== "GET") {                             // writes: network only
    if (signsOut(url)) ev.waitUntil(forgetPages());
    return;
  }
  if (url.pathname.indexOf("/api/") === 0) return;        // live data: network only
  if (url.pathname.indexOf("/static/") === 0) {
    // Our own files: from the cache, else fetched once and kept.
    ev.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(req).then(function (hit) {
        return hit || fetch(req).then(function (res) {
          if (res.ok) cache.put(req, res.clone());
          return res;
        });
      });
    }));
    return;
  }
  if (req.mode === "navigate") {
    // Pages: always the network first (scores change); the last copy when offline.
    ev.respondWith(fetch(req).then(function (res) {
      if (res.redirected && new URL(res.url).pathname === "/login") {
        ev.waitUntil(forgetPages());                        // signed out elsewhere
      } else if (keepable(url, res)) {
        var copy = res.clone();
        ev.waitUntil(caches.open(PAGES).then(function (cache) {
          return cache.put(req, copy).then(function () { return trim(cache); });
        }));
      }
      return res;
    }).catch(function () {
      return caches.open(PAGES).then(function (cache) { return cache.match(req); }).then(function (hit) {
        return hit || new Response("Offline: the Domino Table Companion server cannot be reached.",
          { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    }));
  }
});
