/* rulesref link previews. Every cross-link carries its target's summary in `title` (so the
   browser shows it even without this script). Here it becomes a small card: on hover with a
   mouse, on focus with a keyboard, and on the first tap on a touch screen (a second tap, or
   the card's own link, follows the link). No dependencies; works without Material's instant
   navigation. */
(function () {
  "use strict";
  var card = null;
  var current = null;
  var lastPointer = "mouse";

  function setUp() {
    var links = document.querySelectorAll(".md-content a[title]:not(.headerlink)");
    for (var i = 0; i < links.length; i++) {
      var a = links[i];
      if (a.origin !== window.location.origin) continue;
      a.setAttribute("data-preview", a.getAttribute("title"));
      a.removeAttribute("title");
      a.classList.add("rr-xlink");
    }
  }

  function makeCard() {
    card = document.createElement("div");
    card.className = "rr-preview";
    card.id = "rr-preview";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    card.addEventListener("mouseleave", function () { if (lastPointer === "mouse") hide(); });
    document.body.appendChild(card);
  }

  function show(a) {
    if (!card) makeCard();
    if (current === a && !card.hidden) return;
    current = a;
    card.textContent = "";
    var name = document.createElement("strong");
    name.textContent = a.textContent;
    var text = document.createElement("span");
    text.textContent = a.getAttribute("data-preview");
    card.appendChild(name);
    card.appendChild(text);
    if (lastPointer === "touch") {
      var open = document.createElement("a");
      open.href = a.href;
      open.textContent = "Open " + a.textContent + " \u2192";
      card.appendChild(open);
    }
    card.hidden = false;
    a.setAttribute("aria-describedby", card.id);
    var box = a.getBoundingClientRect();
    var width = card.offsetWidth;
    var left = Math.min(box.left, document.documentElement.clientWidth - width - 8);
    card.style.left = Math.max(8, left) + window.scrollX + "px";
    card.style.top = box.bottom + window.scrollY + 6 + "px";
  }

  function hide() {
    if (!card || card.hidden) return;
    card.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
  }

  function previewLink(target) {
    return target && target.closest ? target.closest("a[data-preview]") : null;
  }

  document.addEventListener("pointerdown", function (e) { lastPointer = e.pointerType || "mouse"; }, true);
  document.addEventListener("touchstart", function () { lastPointer = "touch"; }, { capture: true, passive: true });
  document.addEventListener("mouseover", function (e) {
    if (lastPointer === "touch") return;
    var a = previewLink(e.target);
    if (a) show(a);
  });
  document.addEventListener("mouseout", function (e) {
    if (lastPointer === "touch") return;
    var a = previewLink(e.target);
    if (!a) return;
    var to = e.relatedTarget;
    if (to && (a.contains(to) || (card && card.contains(to)))) return;
    hide();
  });
  document.addEventListener("focusin", function (e) {
    var a = previewLink(e.target);
    if (a && a.matches(":focus-visible")) show(a);  // keyboard focus; a tap or click focuses too
    else if (!a && !(card && card.contains(e.target))) hide();
  });
  document.addEventListener("click", function (e) {
    var a = previewLink(e.target);
    if (!a) {
      if (!(card && card.contains(e.target))) hide();
      return;
    }
    if (lastPointer === "touch" && (current !== a || card.hidden)) {
      e.preventDefault();
      show(a);
    }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hide(); });
  window.addEventListener("resize", hide);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
