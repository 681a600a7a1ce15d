// The target picker of a Versus form (see rulesref/pages/try_it.py): typed in, or a unit of
// the system whose rules fill in, and hold, the arguments they set. A classic script that only
// pages with a Versus form load, before "Try it" (rulesref-try.js) builds its forms, which
// calls it with the form's controls and its way of making elements; its words come with the
// form's description.
globalThis.rulesrefVersus = (spec, byName, id, element, changed) => {
  const w = spec.targetWords;
  const select = element("select", { id }, element("option", { value: "" }, w.typed), ...spec.targets.map((t, i) => element("option", { value: i }, t.label)));
  const brings = element("div", { class: "rr-try-brings" });
  select.addEventListener("change", () => {
    const target = spec.targets[select.value];
    for (const c of byName.values()) if (c.held) [c.input.disabled, c.held] = [false, false];
    brings.replaceChildren();
    if (target) {
      for (const [name, v] of Object.entries(target.values)) {
        const c = byName.get(name);
        if (c) [c.held, c.input.disabled] = [true, true], c.write(v);
      }
      // a page's folder, as the published site links it; the offline copy's pages are files
      const page = (href) => (location.protocol === "file:" ? `${href}index.html` : href);
      const rules = target.rules.map(([name, href, words]) => element("li", {}, element("a", { href: page(href) }, name), `: ${words}`));
      brings.append(...(rules.length ? [element("p", {}, w.brings), element("ul", {}, ...rules)] : [element("p", {}, w.nothing)]));
    }
    changed();
  });
  return element("div", { class: "rr-try-target" }, element("label", { for: id }, w.label), select, brings);
};
