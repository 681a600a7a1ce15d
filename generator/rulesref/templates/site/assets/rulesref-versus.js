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

// What a unit's Versus form and the roster page's matrix (rulesref-matrix.js) share: the
// arguments a weapon against a target gives a step's odds function, as rulesref/versus/runtime.py
// `arguments` makes them, and what a cell sums up of the distribution it answers.

/** The highest value an argument of a form's description takes (a dice target's: its last choice). */
const rulesrefHighest = (arg) => arg.hi ?? (arg.kind === "target" ? arg.options[arg.options.length - 1][0] : null);

/** A weapon choice's values, what each model gives (Attacks, shots) times the `models` attacking,
    within the highest its argument takes (`highest(name)`, null for none). */
function rulesrefArmed(choice, models, highest) {
  const values = { ...choice.values };
  for (const name of choice.perModel) values[name] = Math.min(values[name] * models, highest(name) ?? Infinity);
  return values;
}

/** Every argument of the odds function a description (`spec`) runs: the `target`'s values over
    the `choice`'s (times the `models`), any other at its "none" (false, `none` for a save or an
    X+ roll, 0 for a count that may be 0); an argument that has no "none" is refused, by name. */
function rulesrefVersusArguments(spec, choice, models, target, none) {
  const byName = new Map(spec.args.map((arg) => [arg.name, arg]));
  const values = { ...rulesrefArmed(choice, models, (name) => (byName.has(name) ? rulesrefHighest(byName.get(name)) : null)), ...target };
  const out = {};
  const missing = [];
  for (const arg of spec.args.filter((a) => !a.rolled)) {
    if (arg.name in values) out[arg.name] = values[arg.name];
    else if (arg.kind === "bool") out[arg.name] = false;
    else if (rulesrefHighest(arg) === none) out[arg.name] = none;
    else if (arg.kind === "int" && arg.lo === 0) out[arg.name] = 0; // a count that may be 0 (Rage's models that charged): none
    else missing.push(arg.name);
  }
  if (missing.length) throw new Error(`nothing gives ${missing.join(", ")}`);
  return out;
}

/** An odds table's exact mean of a whole-number field, and its chance of 1 or more, each as a
    reduced [numerator, denominator] of BigInts (runtime.py `Answer.mean` and `at_least_one`). */
function rulesrefVersusSums(table, record, meanField, someField) {
  const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));
  const add = ([a, b], [c, d]) => {
    const [n, m] = [a * d + c * b, b * d];
    const g = gcd(n < 0n ? -n : n, m);
    return [n / g, m / g];
  };
  let mean = [0n, 1n];
  let some = [0n, 1n];
  for (const row of table) {
    const field = (name) => BigInt(record ? row.result[name] : row.result);
    mean = add(mean, [field(meanField) * row.numerator, row.denominator]);
    if (field(someField) >= 1n) some = add(some, [row.numerator, row.denominator]);
  }
  return { mean, some };
}

// An imported unit's Versus form (rulesref/pages/versus_forms.py): its weapons, the models
// attacking, and a target typed by name from its system's units, which a script of their own
// holds (loaded once, when the form first starts: pages do not carry the whole system). A form
// the roster page opens from its matrix opens on the cell's weapon and target (`played.open`).
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
  const choose = (n) => element("select", { id: `${id}-weapon${n ? `-${n}` : ""}` }, ...p.choices.map((c, i) => element("option", { value: i }, c.label)));
  const weapon = choose(0);
  weapon.value = p.open?.weapon ?? 0;
  const models = element("input", { id: `${id}-models`, type: "number", min: 1, max: 20, value: 1, inputmode: "numeric" });
  const rules = element("p", { class: "rr-try-applying" });
  // more weapons firing with the first: each a row of its own; the chart then adds them all up
  const more = element("div", { class: "rr-try-more" });
  let added = 0;
  const count = (input) => Math.max(1, Math.min(20, Number(input.value) || 1));
  // each weapon chosen and the models that wield it
  const chosen = () => [[weapon, models], ...[...more.children].map((row) => [row.querySelector("select"), row.querySelector("input")])].map(([s, n]) => [p.choices[s.value], count(n)]);
  const armed = ([choice, n]) => rulesrefArmed(choice, n, (name) => byName.get(name)?.arg.hi);
  const arm = () => {
    const wielded = chosen();
    const choices = wielded.map(([choice]) => choice);
    hold("weapon", armed(wielded[0]));
    const on = [...new Set([...p.modelled, ...choices.flatMap((c) => c.modelled)])];
    const off = [...new Set([...choices.flatMap((c) => c.notModelled), ...p.notModelled])];
    rules.replaceChildren(w.modelled, " ", ...(on.length ? linked(on) : [w.none]), ". ", w.notModelled, " ", ...(off.length ? linked(off) : [w.none]), ".");
    changed();
  };
  const add = element("button", { type: "button", class: "md-button rr-try-add" }, w.add);
  add.addEventListener("click", () => {
    readCombined();
    const select = choose(++added);
    const wielding = element("input", { id: `${select.id}-models`, type: "number", min: 1, max: 20, value: 1, inputmode: "numeric", "aria-label": w.models });
    const remove = element("button", { type: "button", class: "md-button rr-try-remove" }, w.remove);
    const row = element("div", { class: "rr-try-target rr-try-also" }, element("label", { for: select.id }, w.also), select, wielding, remove);
    select.addEventListener("change", arm);
    wielding.addEventListener("input", arm);
    remove.addEventListener("click", () => (row.remove(), arm()));
    more.append(row);
    arm();
  });
  weapon.addEventListener("change", arm);
  models.addEventListener("input", arm);
  // the chart's distribution with more than one weapon: each one's odds, added up (`combined`
  // of the packages' runtime, read when a weapon is first added)
  let combine = null, reading = null;
  const readCombined = () => {
    const load = globalThis.rulesrefImport ?? ((href) => import(href));
    reading ??= load(new URL("../_versus.js", new URL(spec.module, document.baseURI)).href).then((r) => ((combine = r.combined), changed()), () => {});
  };
  const odds = (fixed, module) => {
    const choices = chosen();
    if (choices.length < 2) return null;
    if (!combine) return { table: [], title: "" };
    const answers = choices.map((wielded) => {
      const given = { ...fixed, ...armed(wielded) };
      return { step: p.step, weapon: wielded[0].label, function: spec.odds, given, distribution: module[spec.odds](given), modelled: [], notModelled: [] };
    });
    const title = choices.map(([choice, n]) => `${choice.label} ×${n}`).join(" + ");
    return { table: combine(answers).distribution, title: `${title}. ${w.together}` };
  };
  const target = element("input", { id: `${id}-target`, list: `${id}-targets`, autocomplete: "off", spellcheck: "false" });
  const list = element("datalist", { id: `${id}-targets` });
  const brings = element("div", { class: "rr-try-brings" });
  let targets = [];
  const aimAt = (found) => {
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
  // a unit's name picks its first model (the list offers each: "Squad: Sergeant")
  const aim = () => {
    const named = targets.find((t) => t.label === target.value) ?? targets.find((t) => t.label.startsWith(`${target.value}: `));
    aimAt(named?.steps[p.step]);
  };
  target.addEventListener("change", aim);
  target.addEventListener("input", () => targets.some((t) => t.label === target.value) && aim());  // (a pick from the list)
  rulesrefPlayedTargets(p).then((all) => {
    targets = all.filter((t) => t.steps[p.step]);
    list.replaceChildren(...targets.map((t) => element("option", { value: t.label })));
  });
  const field = (label, input) => element("div", { class: "rr-try-target" }, element("label", { for: input.id }, label), input);
  const picker = element("div", {}, field(w.weapon, weapon), field(w.models, models), more, add, field(w.target, target), list, brings);
  queueMicrotask(arm);
  if (p.open?.target) {
    target.value = p.open.target.name;
    queueMicrotask(() => aimAt(p.open.target));
  }
  return { picker, applying: rules, refresh: () => {}, odds };
}
