// A roster against another on "Open a roster" (see rulesref/pages/roster.py and
// rulesref/versus/matrix.py, whose `rulesref versus --roster A --against B` it repeats): once the
// page has read a roster (the "rr-army" event of rulesref-roster.js), the opponent's is read the
// same way, and each weapon the first roster's units took meets each unit of the second, one
// model against one model, worked out exactly by the generated checks a unit's Versus form runs
// (rulesref-versus.js gives the arguments and the sums of both). A cell opens that Versus form on
// its weapon and target: the whole distribution, and the rules modelled and not. The opponent
// may be an army of the reference whole instead (`rulesref versus --against-army`). A classic
// script, so that the offline copy runs it too.
(() => {
  const section = document.querySelector("[data-rr-matrix]");
  if (!section) return;
  const config = JSON.parse(section.dataset.rrMatrix);
  const input = section.querySelector("input[type=file]");
  const drop = section.querySelector(".rr-roster-drop");
  const status = section.querySelector(".rr-matrix-status");
  const holder = section.querySelector(".rr-matrix-table");
  const detail = section.querySelector(".rr-matrix-cell");
  // rulesrefImport: the offline copy's loader of classic twins (browsers run no modules from
  // file://), which may be set after this script runs: looked for when a module is wanted
  const load = (href) => (globalThis.rulesrefImport ?? ((url) => import(url)))(href);
  let mine = null; // the "rr-army" event's detail: the army read first, and how the page reads a roster
  let theirs = null; // the opponent: an army read from a roster, or an army of the reference whole

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  function script(src) {
    return new Promise((resolve, reject) => {
      const tag = el("script", { src });
      tag.onload = resolve;
      tag.onerror = () => reject(new Error("the reference's Versus data could not be read"));
      document.head.append(tag);
    });
  }

  // each check's description (assets/versus/forms/, shared by the units that run it) and its module, read once
  const descriptions = new Map();
  const modules = new Map();
  function described(step) {
    if (!descriptions.has(step.form)) descriptions.set(step.form, script(step.script).then(() => globalThis.rulesrefForms[step.form]));
    return descriptions.get(step.form);
  }
  function module(spec) {
    const href = new URL(spec.module, document.baseURI).href;
    if (!modules.has(href)) modules.set(href, load(href));
    return modules.get(href);
  }

  const fold = (text) => text.toUpperCase().toLowerCase();
  /** matrix._weapon: the weapon a choice is of ("Moth Reaver: Lantern Gun (half range)" is the Lantern Gun). */
  const weaponOf = (label) => {
    const name = label.split(": ").pop();
    return fold(name.endsWith(config.band) ? name.slice(0, -config.band.length) : name);
  };
  const units = (army) => army.units.filter((u) => u.entry && u.entry.kind === "unit");

  /** matrix.matrix's rows: each unit's weapons it took (every one where the roster shows none), in each step. */
  async function rows(army) {
    const out = [];
    // every description and module the rows run, read at once rather than one after another
    await Promise.all(units(army).flatMap((u) => (u.entry.versus ?? []).filter((s) => s.form)).map(async (s) => module(await described(s))));
    for (const unit of units(army)) {
      const steps = (unit.entry.versus ?? []).filter((s) => s.form);
      const taken = new Set(unit.profiles.map((p) => fold(p.name)));
      const shown = steps.some((s) => s.played.choices.some((c) => taken.has(weaponOf(c.label))));
      for (const step of steps) {
        const spec = await described(step);
        const run = await module(spec);
        step.played.choices.forEach((choice, index) => {
          if (!shown || taken.has(weaponOf(choice.label))) out.push({ unit, step, spec, run, choice, index });
        });
      }
    }
    return out;
  }

  /** One cell: the weapon against one model of the unit, as `odds.Odds.answer` works it out (null where the unit is no target of the step). */
  function cell(row, unit) {
    const aim = (unit.entry.versus ?? []).find((s) => s.step === row.step.step)?.aim;
    if (!aim || unit.entry.system !== row.unit.entry.system) return null;
    try {
      const args = rulesrefVersusArguments(row.spec, row.choice, 1, { ...aim.values, ...config.target, ...aim.held }, config.none);
      return { aim, ...rulesrefVersusSums(row.run[row.spec.odds](args), row.spec.record, config.mean, config.removed) };
    } catch (error) {
      return { aim, error: error.message };
    }
  }

  const shown = ([n, d]) => Number(n) / Number(d);
  const percent = (p) => (p > 0 && p < 0.001 ? "<0.1%" : `${(p * 100).toFixed(1).replace(/\.0$/, "")}%`);

  /** The cell's Versus form, opened on its weapon and target (rulesrefPlayedForm's `open`). */
  function open(row, unit, found, button) {
    for (const pressed of holder.querySelectorAll("button[aria-pressed=true]")) pressed.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-pressed", "true");
    const { form, script: _, aim, step, name, ...adds } = row.step;
    const target = { name: unit.name, ...found.aim };
    const system = row.unit.entry.system; // (what every unit's form of the system says alike comes with the page)
    const played = { ...adds.played, words: config.words, targets: config.targets[system], system, open: { weapon: row.index, target } };
    const spec = { ...row.spec, ...adds, played };
    const heading = el("h3", { tabindex: "-1" }, `${row.unit.name} · ${row.choice.label} against ${unit.name}`);
    const sums = `Expected unsaved Wounds ${shown(found.mean).toFixed(2)} (exactly ${found.mean.join("/")}); chance of removing at least one model ${percent(shown(found.some))} (exactly ${found.some.join("/")}). The distribution is at the end of the form.`;
    detail.replaceChildren(heading, el("p", { class: "rr-matrix-sums" }, sums), el("div", { class: "rr-try", "data-rr-try": JSON.stringify(spec) }));
    dispatchEvent(new Event("rr-try")); // (assets/rulesref-try.js builds it)
    heading.focus();
  }

  async function draw() {
    detail.replaceChildren();
    if (!mine?.army || !theirs) return holder.replaceChildren();
    const all = await rows(mine.army);
    const against = units(theirs).filter((u) => (u.entry.versus ?? []).some((s) => s.aim));
    if (!all.length || !against.length) {
      holder.replaceChildren();
      status.textContent = !all.length ? "None of your units has a weapon the reference plays." : "None of the opponent's units is one the reference plays.";
      return;
    }
    let cells = 0;
    const body = all.map((row) => {
      const label = el("th", { scope: "row" }, `${row.unit.name} · ${row.choice.label}`, el("span", { class: "rr-matrix-step" }, row.step.name));
      return el("tr", {}, label, ...against.map((unit) => {
        const found = cell(row, unit);
        if (!found) return el("td", {}, "—");
        if (found.error) return el("td", { title: found.error }, "—");
        cells++;
        const [m, some] = [shown(found.mean), shown(found.some)];
        const button = el("button", {
          type: "button", "aria-pressed": "false", "aria-controls": detail.id,
          "data-attacker": row.unit.name, "data-weapon": row.choice.label, "data-step": row.step.step, "data-defender": unit.name,
          "data-mean": found.mean.join("/"), "data-some": found.some.join("/"),
          title: `${m.toFixed(3)} unsaved Wounds expected (exactly ${found.mean.join("/")}); ${percent(some)} chance of removing a model (exactly ${found.some.join("/")})`,
        }, el("span", { class: "rr-matrix-mean" }, m.toFixed(2)), " ", el("span", { class: "rr-matrix-some" }, percent(some)));
        button.addEventListener("click", () => open(row, unit, found, button));
        return el("td", {}, button);
      }));
    });
    const head = el("tr", {}, el("th", { scope: "col" }, "Your weapon"), ...against.map((u) => el("th", { scope: "col" }, u.name)));
    const caption = el("caption", {}, "Expected unsaved Wounds, then the chance of removing at least one model: one model of yours against one of theirs.");
    const table = el("table", { class: "rr-matrix-grid" }, caption, el("thead", {}, head), el("tbody", {}, ...body));
    holder.replaceChildren(el("div", { class: "rr-matrix-scroll", role: "region", "aria-label": "Your weapons against their units", tabindex: "0" }, table));
    status.textContent = `${all.length} weapons against ${against.length} units: ${cells} cells.`;
  }

  /** The opponent `read` (a roster file, or an army of the reference whole), then the matrix. */
  async function opponent(name, read) {
    if (!mine) return;
    status.classList.remove("rr-try-error");
    status.textContent = `Reading ${name}…`;
    try {
      theirs = await read();
      await draw();
    } catch (error) {
      theirs = null;
      holder.replaceChildren();
      detail.replaceChildren();
      status.classList.add("rr-try-error");
      status.textContent = mine.problem(error);
    }
  }

  // an army of the reference whole: those of the roster's own system
  const pickArmy = section.querySelector(".rr-matrix-army");
  const armies = pickArmy.querySelector("select");
  let offered = [];
  addEventListener("rr-army", (event) => {
    mine = event.detail.army ? event.detail : null;
    section.hidden = !mine || !units(mine.army).some((u) => u.entry.versus);
    offered = mine ? mine.armies.filter((a) => a.system === mine.army.system) : [];
    armies.replaceChildren(...offered.map((a, i) => el("option", { value: i }, a.name)));
    pickArmy.hidden = !offered.length;
    if (!section.hidden && theirs) draw().catch((error) => (status.textContent = mine.problem(error)));
  });
  pickArmy.querySelector("button").addEventListener("click", () => {
    const army = offered[armies.value];
    if (army) opponent(army.name, () => mine.wholeArmy(army));
  });
  const file = (picked) => opponent(picked.name, () => mine.read(picked));
  input.addEventListener("change", () => input.files[0] && file(input.files[0]));
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("rr-roster-over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("rr-roster-over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("rr-roster-over");
    if (event.dataTransfer.files[0]) file(event.dataTransfer.files[0]);
  });
})();
