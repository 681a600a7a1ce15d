// The target picker of a Versus form (see rulesref/pages/try_it.py): typed in, or a unit of
// the system whose rules fill in, and hold, the arguments they set. A classic script that only
// pages with a Versus form load, before "Try it" (rulesref-try.js) builds its forms, which
// calls it with the form's controls and its way of making elements, places the picker and
// the line of the attacker's rules that apply, and refreshes that line after every change;
// its words come with the form's description.
globalThis.rulesrefVersus = (spec, byName, id, element, changed) => {
  const w = spec.targetWords;
  // a page's folder, as the published site links it; the offline copy's pages are files
  const page = (href) => (location.protocol === "file:" && href.endsWith("/") ? `${href}index.html` : href);
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
      const rules = target.rules.map(([name, href, words]) => element("li", {}, element("a", { href: page(href) }, name), `: ${words}`));
      brings.append(...(rules.length ? [element("p", {}, w.brings), element("ul", {}, ...rules)] : [element("p", {}, w.nothing)]));
    }
    changed();
  });
  // which of the attacker's rules apply as the flags are set (each needs some true, some false)
  const applying = element("p", { class: "rr-try-applying" });
  const refresh = () => {
    const on = spec.applying.filter(([, , needs]) => needs.every(([name, v]) => byName.get(name)?.read() === v));
    applying.replaceChildren(...(on.length ? [w.applying, " ", ...on.flatMap(([name, href], i) => [...(i ? [", "] : []), element("a", { href: page(href) }, name)])] : [w.none]));
  };
  const picker = element("div", { class: "rr-try-target" }, element("label", { for: id }, w.label), select, brings);
  return { picker, applying, refresh };
};
