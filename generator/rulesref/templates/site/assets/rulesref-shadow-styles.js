/* Zensical's search dialog under a Content-Security-Policy of default-src 'self'.

   Zensical's theme draws its search dialog in a shadow root and styles it with a <style>
   element it appends there, which such a policy refuses (an inline style): the dialog would
   open unstyled, over the page, and the browser would report the refusal. This script runs
   before the theme's (rulesref.site.csp puts it there, on Zensical's pages only) and gives a
   shadow root the rules of a <style> element appended to it as a constructed style sheet
   instead, which the policy allows, since no markup carries them. Anything else appended
   is appended as before. */
(function () {
  "use strict";
  var attach = Element.prototype.attachShadow;
  if (!attach || typeof CSSStyleSheet !== "function" || !("adoptedStyleSheets" in Document.prototype)) return;
  Element.prototype.attachShadow = function (init) {
    var root = attach.call(this, init);
    var append = root.appendChild;
    root.appendChild = function (node) {
      if (!(node instanceof HTMLStyleElement)) return append.call(root, node);
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(node.textContent || "");
      root.adoptedStyleSheets = root.adoptedStyleSheets.concat([sheet]);
      return node;
    };
    return root;
  };
})();
