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

   Zensical's search (the other engine) draws its results in a dialog of its own, inside a
   shadow root, and keeps them as its own elements: there the named results are copies of the
   theme's (or made in its look, when it had not listed them) put before the theme's list, and
   the theme's own result for the same place is hidden, never moved or removed, so that the
   theme's next drawing of the list finds its elements where it left them.

   Does nothing where neither theme's search is there (another theme), nor on a page opened
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

  /* A result in Zensical's look: the theme's own for that place copied (its ids and what
     points at them left out), else one made with the classes of the results beside it. */
  function zensicalResult(doc, href, shown, like) {
    var item;
    if (shown) {
      item = shown.cloneNode(true);
      item.hidden = false;
      item.style.display = "";
      item.removeAttribute("data-rr-hidden");
      var marked = [item].concat(Array.prototype.slice.call(item.querySelectorAll("*")));
      for (var i = 0; i < marked.length; i++) {
        ["id", "aria-labelledby", "aria-describedby", "aria-posinset", "aria-setsize"].forEach(function (name) { marked[i].removeAttribute(name); });
        if (marked[i].hasAttribute("aria-selected")) marked[i].setAttribute("aria-selected", "false");
      }
    } else {
      var look = function (selector) { var found = like && like.querySelector(selector); return found ? found.classList[0] || "" : ""; };
      item = document.createElement("li");
      item.setAttribute("role", "presentation");
      var link = document.createElement("a");
      link.setAttribute("role", "option");
      link.className = look("a");
      var box = document.createElement("div");
      box.className = look("a > div");
      var title = document.createElement("h2");
      title.className = look("h2");
      title.textContent = doc.title;
      box.appendChild(title);
      if (doc.where) {
        var path = document.createElement("menu");
        path.className = look("menu");
        var step = document.createElement("li");
        step.textContent = doc.where;
        path.appendChild(step);
        box.appendChild(path);
      }
      link.appendChild(box);
      item.appendChild(link);
    }
    var anchor = item.querySelector("a");
    if (!shown) anchor.href = href;  // (a copy keeps the theme's link, with its words to highlight)
    anchor.tabIndex = -1;
    if (anchor.classList.length > 1) anchor.className = anchor.classList[0];  // (not drawn as the selected one)
    item.setAttribute("data-rr-named", href);
    return item;
  }

  function rankZensical(list, query, root) {
    var old = list.querySelectorAll(":scope > [data-rr-named]");
    for (var i = 0; i < old.length; i++) list.removeChild(old[i]);
    var hidden = list.querySelectorAll(":scope > [data-rr-hidden]");
    for (var h = 0; h < hidden.length; h++) { hidden[h].hidden = false; hidden[h].style.display = ""; hidden[h].removeAttribute("data-rr-hidden"); }
    if (!byName) return;
    var named = namedAs(query);
    if (!named.length) return;
    var items = Array.prototype.slice.call(list.children);
    var byPlace = new Map();
    for (var j = 0; j < items.length; j++) {
      var link = items[j].querySelector("a[href]");
      if (link) byPlace.set(placeOf(link.href), items[j]);
    }
    var first = list.firstChild;
    for (var k = 0; k < named.length; k++) {
      var place = placeOf(new URL(named[k].location, root).href);
      var shown = byPlace.get(place);
      if (shown) {
        shown.hidden = true;
        shown.style.display = "none";  // (the theme's CSS may give its items a display of their own)
        shown.setAttribute("data-rr-hidden", "");
      }
      list.insertBefore(zensicalResult(named[k], place, shown, items[0]), first);
    }
  }

  /* Zensical: its search dialog is drawn in the shadow root of an element of the body. */
  function setUpZensical(root) {
    var host = null;
    for (var i = 0; i < document.body.children.length && !host; i++) {
      if (document.body.children[i].shadowRoot) host = document.body.children[i];
    }
    if (!host || !document.querySelector(".md-search__button")) return false;
    var shadow = host.shadowRoot;
    (window.requestIdleCallback || window.setTimeout)(function () { load(root); });
    var watch = { childList: true, subtree: true, characterData: true };
    var observer = new MutationObserver(update);
    function update() {
      var list = shadow.querySelector("ol[role=listbox]");
      var input = shadow.querySelector("input[role=combobox]");
      if (!list || !input) return;
      observer.disconnect();
      rankZensical(list, input.value, root);
      observer.observe(shadow, watch);
    }
    observer.observe(shadow, watch);
    shadow.addEventListener("input", function () { load(root).then(update); });
    /* Enter opens the first result, as with Material: the named one, unless the player has
       moved the theme's selection past its first result (the theme's own keys do the rest). */
    shadow.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.isComposing) return;
      var list = shadow.querySelector("ol[role=listbox]");
      var named = list && list.querySelector(":scope > [data-rr-named] a[href]");
      if (!named) return;
      var active = event.target.getAttribute && event.target.getAttribute("aria-activedescendant");
      var chosen = active ? shadow.getElementById(active) : null;
      var first = list.querySelector(":scope > :not([data-rr-named]):not([data-rr-hidden])");
      if (chosen && !chosen.closest("[data-rr-hidden]") && !(first && first.contains(chosen))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(named.href);
    }, true);
    return true;
  }

  function setUp() {
    var root = siteRoot();
    if (!root || !window.MutationObserver || !window.fetch || window.location.protocol === "file:") return;
    if (setUpZensical(root)) return;
    var input = document.querySelector(".md-search__input");
    var list = document.querySelector(".md-search-result__list");
    if (!input || !list) return;
    input.addEventListener("focus", function () { load(root); }, { once: true });
    (window.requestIdleCallback || window.setTimeout)(function () { load(root); });
    new MutationObserver(function () { rank(list, input.value, root); }).observe(list, { childList: true });
    input.addEventListener("input", function () { load(root).then(function () { rank(list, input.value, root); }); });
    /* Enter in the box opens the first result shown (the theme would open the one it had
       listed first, before the named one was put above it); from a result the player moved
       to with the arrow keys, the theme's keys do the rest. */
    input.addEventListener("keydown", function (event) {
      var first = list.querySelector(":scope > li a.md-search-result__link[href]");
      if (event.key !== "Enter" || event.isComposing || !first) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(first.href);
    }, true);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
