// The target picker of a Versus form (see rulesref/pages/try_it.py): typed in, or a unit of
// the system whose rules fill in, and hold, the arguments they set. A classic script that only
// pages with a Versus form load, before "Try it" (rulesref-try.js) builds its forms, which
// calls it with the form's controls and its way of making elements, places the picker and
// the line of the attacker's rules that apply, and refreshes that line after every change;
// its words come with the form's description.
globalThis.rulesrefVersus = (spec, byName, id, element, changed) => {
  if (spec.played) return rulesrefPlayedForm(spec, byName, id, element, changed);
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

// An imported unit's Versus form (rulesref/pages/versus_forms.py): its weapons, the models
// attacking, and a target typed by name from its system's units, which a script of their own
// holds (loaded once, when the form first starts: pages do not carry the whole system).
function rulesrefPlayedTargets(played) {
  return new Promise((resolve) => {
  const have = globalThis.rulesrefTargets?.[played.system];
  if (have) return resolve(have);
  const script = document.createElement("script");
  script.src = played.targets;
  script.addEventListener("load", () => resolve(globalThis.rulesrefTargets?.[played.system] ?? []));
  script.addEventListener("error", () => resolve([]));
  document.head.append(script);
  });
}

function rulesrefPlayedForm(spec, byName, id, element, changed) {
  const p = spec.played, w = p.words;
  const page = (href) => (location.protocol === "file:" && href.endsWith("/") ? `${href}index.html` : href);
  const linked = (rules) => rules.flatMap(([name, href], i) => [...(i ? [", "] : []), element("a", { href: page(href) }, name)]);
  const holding = new Map(); // which picker holds each control: "weapon" or "target"
  const hold = (by, values) => {
    for (const [name, c] of byName) if (holding.get(name) === by) [c.input.disabled] = [false], holding.delete(name);
    for (const [name, v] of Object.entries(values)) {
      const c = byName.get(name);
      if (c) c.write(v), (c.input.disabled = true), holding.set(name, by);
    }
  };
  const weapon = element("select", { id: `${id}-weapon` }, ...p.choices.map((c, i) => element("option", { value: i }, c.label)));
  const models = element("input", { id: `${id}-models`, type: "number", min: 1, max: 20, value: 1, inputmode: "numeric" });
  const rules = element("p", { class: "rr-try-applying" });
  const arm = () => {
    const choice = p.choices[weapon.value];
    const n = Math.max(1, Math.min(20, Number(models.value) || 1));
    const values = { ...choice.values };
    for (const name of choice.perModel) {
      const c = byName.get(name);
      values[name] = Math.min(values[name] * n, c?.arg.hi ?? Infinity);
    }
    hold("weapon", values);
    const on = [...p.modelled, ...choice.modelled], off = [...choice.notModelled, ...p.notModelled];
    rules.replaceChildren(w.modelled, " ", ...(on.length ? linked(on) : [w.none]), ". ", w.notModelled, " ", ...(off.length ? linked(off) : [w.none]), ".");
    changed();
  };
  weapon.addEventListener("change", arm);
  models.addEventListener("input", arm);
  const target = element("input", { id: `${id}-target`, list: `${id}-targets`, autocomplete: "off", spellcheck: "false" });
  const list = element("datalist", { id: `${id}-targets` });
  const brings = element("div", { class: "rr-try-brings" });
  let targets = [];
  const aim = () => {
    // a unit's name picks its first model (the list offers each: "Squad: Sergeant")
    const named = targets.find((t) => t.label === target.value) ?? targets.find((t) => t.label.startsWith(`${target.value}: `));
    const found = named?.steps[p.step];
    brings.replaceChildren();
    if (!found) {
      hold("target", {});
      if (target.value.trim()) brings.append(element("p", {}, w.unknown));
    } else {
      hold("target", { ...found.values, ...found.held });
      if (found.brings.length) brings.append(element("p", {}, spec.targetWords.brings, " ", ...linked(found.brings)));
    }
    changed();
  };
  target.addEventListener("change", aim);
  target.addEventListener("input", () => targets.some((t) => t.label === target.value) && aim());  // (a pick from the list)
  rulesrefPlayedTargets(p).then((all) => {
    targets = all.filter((t) => t.steps[p.step]);
    list.replaceChildren(...targets.map((t) => element("option", { value: t.label })));
  });
  const field = (label, input) => element("div", { class: "rr-try-target" }, element("label", { for: input.id }, label), input);
  const picker = element("div", {}, field(w.weapon, weapon), field(w.models, models), field(w.target, target), list, brings);
  queueMicrotask(arm);
  return { picker, applying: rules, refresh: () => {} };
}
