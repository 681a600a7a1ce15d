/* rulesref search: what is typed, when it is an entry's name or alias, is the first result.

   The theme's search adds a wildcard to every word (so that results come while typing) and
   weighs a match by how rare the matched word is: "run" finds "Runtherd" before "Run", and
   "hit and run" finds "Run" (whose aliases "Runs" and "Running" match three times) before
   "Hit & Run". The site lists every entry's names (`assets/rulesref-names.json`, made by
   rulesref/render/findable.py); whenever the results change, this script puts the entries
   named exactly what was typed (case, punctuation and `&`/`and` aside) at the top, adding
   them where the theme had not listed them among the first results. The rest of the list
   is the theme's.

   Does nothing where the theme's search is not there (another theme), nor on a page opened
   from the file system (the offline copy), where a page may not fetch a file. */
(function () {
  "use strict";
  var byName = null;
  var loading = null;

  function key(text) {
    return text.normalize("NFKC").toLowerCase().replace(/&/g, " and ").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function siteRoot() {
    var config = document.getElementById("__config");
    if (!config) return null;
    try {
      return new URL(JSON.parse(config.textContent).base + "/", window.location.href);
    } catch (error) {
      return null;
    }
  }

  function load(root) {
    if (!loading) {
      loading = fetch(new URL("assets/rulesref-names.json", root).href)
        .then(function (response) { return response.ok ? response.json() : []; })
        .then(function (rows) {
          byName = new Map();
          for (var i = 0; i < rows.length; i++) {
            var doc = { location: rows[i][0], title: rows[i][1] };
            var names = rows[i][2];
            for (var j = 0; j < names.length; j++) {
              var name = key(names[j]);
              var found = byName.get(name) || [];
              if (found.indexOf(doc) < 0) found.push(doc);
              byName.set(name, found);
            }
          }
        })
        .catch(function () { byName = new Map(); });
    }
    return loading;
  }

  function resultFor(doc, root) {
    var item = document.createElement("li");
    item.className = "md-search-result__item rr-search-named";
    var link = document.createElement("a");
    link.className = "md-search-result__link";
    link.tabIndex = -1;
    link.href = new URL(doc.location, root).href;
    var article = document.createElement("article");
    article.className = "md-search-result__article md-typeset";
    var icon = document.createElement("div");
    icon.className = "md-search-result__icon md-icon";
    var title = document.createElement("h1");
    title.textContent = doc.title;
    article.appendChild(icon);
    article.appendChild(title);
    link.appendChild(article);
    item.appendChild(link);
    return item;
  }

  function pathOf(href) {
    var url = new URL(href, window.location.href);
    return url.origin + url.pathname;
  }

  function rank(list, query, root) {
    if (!byName) return;
    var named = byName.get(key(query)) || [];
    if (!named.length) return;
    var items = Array.prototype.slice.call(list.children);
    var wanted = [];
    for (var i = 0; i < named.length; i++) {
      var path = pathOf(new URL(named[i].location, root).href);
      var shown = null;
      for (var j = 0; j < items.length; j++) {
        var a = items[j].querySelector("a.md-search-result__link");
        if (a && pathOf(a.href) === path) { shown = items[j]; break; }
      }
      wanted.push(shown || resultFor(named[i], root));
    }
    var inPlace = wanted.every(function (item, index) { return items[index] === item; });
    if (inPlace) return;
    for (var k = wanted.length - 1; k >= 0; k--) list.insertBefore(wanted[k], list.firstChild);
  }

  function setUp() {
    var input = document.querySelector(".md-search__input");
    var list = document.querySelector(".md-search-result__list");
    var root = siteRoot();
    if (!input || !list || !root || !window.MutationObserver || !window.fetch || window.location.protocol === "file:") return;
    input.addEventListener("focus", function () { load(root); }, { once: true });
    (window.requestIdleCallback || window.setTimeout)(function () { load(root); });
    new MutationObserver(function () { rank(list, input.value, root); }).observe(list, { childList: true });
    input.addEventListener("input", function () { load(root).then(function () { rank(list, input.value, root); }); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
