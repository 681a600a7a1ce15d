/* The reference as an app. On http(s) pages this links the web app manifest (so a phone
   offers to install the site) and registers the service worker `sw.js` from the site root
   (so it covers every page), then hands it the files this page loaded, so that even the
   first page visited is kept for use without a network. The offline copy, opened from the
   file system, needs neither and is left alone. */
(function () {
  "use strict";
  if (!/^https?:$/.test(window.location.protocol)) return;
  var config = document.getElementById("__config");
  var root;
  try {
    root = new URL(JSON.parse(config.textContent).base.replace(/\/?$/, "/"), window.location.href);
  } catch (error) {
    return;
  }
  var link = document.createElement("link");
  link.rel = "manifest";
  link.href = new URL("manifest.webmanifest", root).href;
  document.head.appendChild(link);
  if (!("serviceWorker" in navigator)) return;

  function keepThisPage(registration) {
    var loaded = window.performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
    var urls = [window.location.href.split("#")[0]].concat(loaded).filter(function (url) {
      return new URL(url).origin === root.origin;
    });
    if (registration.active) registration.active.postMessage({ keep: urls });
  }

  function register() {
    navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(keepThisPage)
      .catch(function () { /* no service worker: the site still works online */ });
  }

  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
