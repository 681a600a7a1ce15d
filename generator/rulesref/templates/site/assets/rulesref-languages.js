/* rulesref language switch: the theme's selector links each language's home page by the
   address the site is published at; every language's site has the same pages at the same
   paths, the source's at the root and each translation's in a folder named by its code, so
   each link is pointed at the page being read, in that language, wherever the site is served
   from. Only the sites of translated content load this script. No dependencies. */
(function () {
  "use strict";

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = ".";
    try { base = JSON.parse(config.textContent).base || "."; } catch (error) { /* keep "." */ }
    return new URL(base.replace(/\/?$/, "/"), window.location.href);
  }

  function pointAtThisPage() {
    var links = document.querySelectorAll("a[hreflang]");
    if (!links.length) return;
    var source = links[0].getAttribute("hreflang");  // the source's language is listed first
    var reading = document.documentElement.getAttribute("lang") || source;
    var root = siteRoot();
    var here = window.location.pathname;
    if (here.indexOf(root.pathname) !== 0) return;
    var rest = here.slice(root.pathname.length) + window.location.hash;
    var top = reading === source ? root : new URL("../", root);
    for (var i = 0; i < links.length; i++) {
      var lang = links[i].getAttribute("hreflang");
      var site = lang === source ? top : new URL(lang + "/", top);
      links[i].setAttribute("href", site.pathname + rest);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pointAtThisPage);
  else pointAtThisPage();
  window.addEventListener("hashchange", pointAtThisPage);
})();
