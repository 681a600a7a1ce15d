/* rulesref search: what is typed, when it is the name of an entry, a weapon or a profile
   row, is the first result.

   The theme's search adds a wildcard to every word (so that results come while typing) and
   weighs a match by how rare the matched word is: "run" finds "Runtherd" before "Run",
   "hit and run" finds "Run" (whose aliases "Runs" and "Running" match three times) before
   "Hit & Run", and "Power Klaw" lists 237 pages with "power" or "klaw" in them before the
   weapon of that name, which it shows, if at all, as a heading under its army's weapons
   page; a unit's profile rows are not in its index at all. The site lists every name a
   player may type exactly and where it is (`assets/rulesref-names.json`, made by
   rulesref/pages/findable.py): whenever the results change, this script puts what is named
   exactly what was typed (case, punctuation and `&`/`and` aside) at the top: entries
   first, then weapons, then profile rows, each a result of its own. A result the theme had
   listed is moved there (a heading under another page is taken out of that page's result,
   so that nothing is listed twice); one it had not listed is added. The rest of the list is
   the theme's.

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

  function add(name, doc) {
    var found = byName.get(key(name)) || [];
    if (found.indexOf(doc) < 0) found.push(doc);
    byName.set(key(name), found);
  }

  /* Each name leads to a doc: an entry's page (`title` its search title), or a heading on a
     page (`title` the name as written, `where` the page's title). */
  function read(file) {
    byName = new Map();
    var pages = file.pages || [];
    var rows = file.names || [];
    for (var i = 0; i < rows.length; i++) {
      var page = pages[rows[i][0]];
      var anchor = rows[i][1];
      var names = rows[i][2];
      var whole = anchor ? null : { page: page[0], location: page[0], title: page[1], where: "" };
      for (var j = 0; j < names.length; j++) {
        add(names[j], whole || { page: page[0], location: page[0] + "#" + anchor, title: names[j], where: page[1] });
      }
    }
  }

  function load(root) {
    if (!loading) {
      loading = fetch(new URL("assets/rulesref-names.json", root).href)
        .then(function (response) { return response.ok ? response.json() : {}; })
        .then(read)
        .catch(function () { byName = new Map(); });
    }
    return loading;
  }

  function resultFor(doc, href) {
    var item = document.createElement("li");
    item.className = "md-search-result__item rr-search-named";
    item.setAttribute("data-rr-named", href);
    var link = document.createElement("a");
    link.className = "md-search-result__link";
    link.tabIndex = -1;
    link.href = href;
    var article = document.createElement("article");
    article.className = "md-search-result__article md-typeset";
    var icon = document.createElement("div");
    icon.className = "md-search-result__icon md-icon";
    var title = document.createElement("h1");
    title.textContent = doc.title;
    article.appendChild(icon);
    article.appendChild(title);
    if (doc.where) {
      var where = document.createElement("p");
      where.textContent = doc.where;
      article.appendChild(where);
    }
    link.appendChild(article);
    item.appendChild(link);
    return item;
  }

  function placeOf(href) {
    var url = new URL(href, window.location.href);
    return url.origin + url.pathname + url.hash;
  }

  /* The docs named `query`: an entry's page first; a heading on a page that is itself
     named so is not listed again. */
  function namedAs(query) {
    var named = byName.get(key(query)) || [];
    var pages = {};
    for (var i = 0; i < named.length; i++) if (named[i].location === named[i].page) pages[named[i].page] = true;
    var entries = named.filter(function (doc) { return doc.location === doc.page; });
    var rows = named.filter(function (doc) { return doc.location !== doc.page && !pages[doc.page]; });
    return entries.concat(rows);
  }

  function rank(list, query, root) {
    if (!byName) return;
    var named = namedAs(query);
    if (!named.length) return;
    var items = Array.prototype.slice.call(list.children);
    var byPlace = new Map();
    for (var i = 0; i < items.length; i++) {
      var own = items[i].getAttribute("data-rr-named");
      if (own) { byPlace.set(own, items[i]); continue; }
      var links = items[i].querySelectorAll("a.md-search-result__link");
      if (links.length) byPlace.set(placeOf(links[0].href), items[i]);
      for (var l = 1; l < links.length; l++) byPlace.set(placeOf(links[l].href), links[l]);  // a heading under the page
    }
    var wanted = [];
    for (var j = 0; j < named.length; j++) {
      var place = placeOf(new URL(named[j].location, root).href);
      var shown = byPlace.get(place);
      if (shown && shown.tagName === "A") {  // the theme lists it under its page: it becomes a result of its own
        shown.parentNode.removeChild(shown);
        shown = null;
      }
      wanted.push(shown || resultFor(named[j], place));
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
