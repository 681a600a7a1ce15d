// "Try it" (see rulesref/render/try_it.py): each `.rr-try` placeholder becomes a form that runs
// the check's generated module here; nothing is sent or evaluated, no inline handler or style.

const SVG = "http://www.w3.org/2000/svg";
let forms = 0;

function made(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) if (value != null && value !== false) node.setAttribute(name, value === true ? "" : value);
  node.append(...children);
  return node;
}
const element = (tag, attributes, ...children) => made(document.createElement(tag), attributes, children);
const drawing = (tag, attributes, ...children) => made(document.createElementNS(SVG, tag), attributes, children);

// The words come with the description (try_it.py, from check_words.py); here they are only placed.

/** check_words.sentence_case and check_words.lower_first. */
const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);
const lowerFirst = (text) => (/^[A-Z0-9]{2}/.test(text) ? text : text.slice(0, 1).toLowerCase() + text.slice(1));

/** A value by its phrase table: the phrase of a value it names, else the value in its frame. */
function phrase(table, value) {
  return table.values[String(value)] ?? `${table.before}${value}${table.after}`;
}

/** Fields with their values ([index, value] pairs) as one phrase: `Passed, D6 hits`. */
function said(spec, outcome) {
  return upperFirst(outcome.map(([i, v]) => phrase(spec.words.fields[i], v)).join(spec.words.frames.field));
}

/** Phrases joined as a chart's title joins them (check_words.given_words): by `, `, or by `; ` when one has a comma. */
function joined(spec, parts) {
  const [plain, strong] = spec.words.frames.title;
  return upperFirst(parts.join(parts.some((p) => p.includes(plain.trim())) ? strong : plain));
}

/** The arguments not rolled (dice, counts of pools) as the title of a chart (check_words.given_words). */
function titled(spec, args) {
  const w = spec.words;
  const parts = spec.args.flatMap((arg, i) => (arg.rolled ? [] : [phrase(w.args[i], args[arg.name])]));
  return parts.length ? joined(spec, parts) : w.dice;
}

/** What the rows leave out (check_words.odds_note). */
function noted(spec, fixed, summed) {
  const f = spec.words.frames;
  const parts = [];
  if (fixed.length) parts.push(f.every + lowerFirst(said(spec, fixed)));
  if (summed.length) parts.push(f.whatever + summed.map((i) => spec.words.fields[i].name).join(f.and));
  return parts.join(f.stop) + (parts.length ? f.stop.trim() : "");
}

/** n/d (n >= 0) times `scale`, rounded halves to even as Python rounds a Fraction. */
function rounded(n, d, scale) {
  let whole = (n * scale) / d;
  const twice = 2n * ((n * scale) % d);
  if (twice > d || (twice === d && whole % 2n === 1n)) whole += 1n;
  return Number(whole);
}

/** A probability as the static charts print it: one decimal, "<0.1%" for tiny ones. */
function percent(n, d) {
  return n > 0n && n * 1000n < d ? "<0.1%" : (rounded(n, d, 1000n) / 10).toFixed(1).replace(/\.0$/, "") + "%";
}

/** a/b + c/e, reduced. */
function add([a, b], [c, e]) {
  let [x, y] = [a * e + c * b, b * e];
  for (let [p, q] = [x, y]; ; [p, q] = [q, p % q]) if (q === 0n) return [x / p, y / p];
}

/** The results in the order a chart lists them (render/checks.result_order): a word's by the
    order its check declares its values in, numbers and yes or no as they sort. */
function ordered(odds, spec) {
  const key = (o) => spec.fields.map((f) => {
    const value = spec.record ? o.result[f.name] : o.result;
    return f.values ? f.values.indexOf(value) : typeof value === "boolean" ? Number(value) : value;
  });
  return [...odds].sort((a, b) => {
    const x = key(a), y = key(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i] < y[i]) return -1;
      if (x[i] > y[i]) return 1;
    }
    return 0;
  });
}

/** The chart's rows, [fields shown, numerator, denominator], as render/checks._shape makes them. */
function shape(table, spec) {
  const odds = ordered(table, spec);
  const max = spec.chart.maxBars;
  if (!spec.record) {
    const rows = odds.map((o) => [[[0, o.result]], o.numerator, o.denominator]);
    return { rows, histogram: rows.length > max && spec.fields[0].kind === "int", fixed: [], summed: [] };
  }
  const all = spec.fields.map((_, i) => i);
  const values = odds.map((o) => spec.fields.map((f) => o.result[f.name]));
  let varying = all.filter((i) => new Set(values.map((v) => v[i])).size > 1);
  if (varying.length === 0) varying = all;
  const fixed = all.filter((i) => !varying.includes(i)).map((i) => [i, values[0][i]]);
  const pick = (v, which) => which.map((i) => [i, v[i]]);
  const histogram = odds.length > max && varying.length === 1 && spec.fields[varying[0]].kind === "int";
  const words = varying.filter((i) => spec.fields[i].kind !== "int");
  if (odds.length > max && !histogram && words.length > 0) {
    const merged = new Map();
    odds.forEach((o, k) => {
      const shown = pick(values[k], words);
      const key = shown.map(([, v]) => String(v)).join("\u0000");
      const [, n, d] = merged.get(key) ?? [shown, 0n, 1n];
      merged.set(key, [shown, ...add([n, d], [o.numerator, o.denominator])]);
    });
    return { rows: [...merged.values()], histogram: false, fixed, summed: varying.filter((i) => !words.includes(i)) };
  }
  return { rows: odds.map((o, k) => [pick(values[k], varying), o.numerator, o.denominator]), histogram, fixed, summed: [] };
}

/** The chart under its title, the note, and the exact chances as text (charts.odds_figure). */
function figure(id, spec, title, shaped) {
  const rows = shaped.rows.map(([outcome, n, d]) => [said(spec, outcome), n, d]);
  const chart = shaped.histogram ? columns(id, title, rows, spec.chart) : bars(id, title, rows, spec.chart);
  const note = noted(spec, shaped.fixed, shaped.summed);
  const [summary, ...heads] = spec.words.frames.exact;
  const cells = (tag, ...texts) => element("tr", {}, ...texts.map((t) => element(tag, {}, t)));
  // one whole number in every row: the chance of each value or more, and the mean (charts.average)
  const numbers = shaped.rows.every(([o]) => o.length === 1 && typeof o[0][1] === "number");
  let [least, mean, more] = [[0n, 1n], [0n, 1n], []];
  for (let i = rows.length; numbers && i--; ) {
    const [, n, d] = rows[i];
    more[i] = percent(...(least = add(least, [n, d])));
    mean = add(mean, [BigInt(shaped.rows[i][0][0][1]) * n, d]);
  }
  const [m, md] = mean;
  const shown = (m < 0n ? "-" : "") + (rounded(m < 0n ? -m : m, md, 100n) / 100).toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
  const average = numbers ? [element("p", { class: "rr-odds-mean" }, spec.words.frames.mean + (md === 1n ? m : `${shown} (exactly ${m}/${md})`) + ".")] : [];
  const exact = element(
    "details", { class: "rr-exact" }, element("summary", {}, summary),
    element("table", { class: "rr-exact-table" }, element("thead", {}, cells("th", ...heads, ...(numbers ? [spec.words.frames.least] : []))), element("tbody", {}, ...rows.map(([label, n, d], i) => cells("td", label, percent(n, d), `${n}/${d}`, ...more.slice(i, i + 1))))),
  );
  return element("figure", { class: "rr-odds" }, element("figcaption", {}, title), chart, ...average, ...(note ? [element("p", { class: "rr-odds-note" }, note)] : []), exact);
}

function fraction(label, n, d) {
  return drawing("title", {}, `${label}: ${n}/${d} (${percent(n, d)})`);
}

/** How wide a label is at 12px, estimated from above with charts.py's table (charts.text_width). */
function textWidth(text, w) {
  let total = 0;
  for (const ch of text) total += w.wide.includes(ch) ? w.widePx : w.narrow.includes(ch) ? w.narrowPx : ch !== ch.toLowerCase() ? w.upperPx : w.otherPx;
  return total;
}

/** Words in lines no wider than `width` (charts.wrap). */
function wrap(text, width, w) {
  const lines = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (lines.length && textWidth(`${lines[lines.length - 1]} ${word}`, w) <= width) lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [""];
}

/** Horizontal bars, one per result (mirrors charts.odds_svg): long labels go above, wrapped. */
function bars(id, title, rows, c) {
  const widest = Math.max(0, ...rows.map((r) => textWidth(r[0], c.widths)));
  const stacked = widest + 10 > c.sideLabels;
  const labelWidth = stacked ? 0 : Math.trunc(Math.max(40, widest + 10));
  const track = c.width - labelWidth - c.percent;
  const groups = [];
  let top = 2;
  rows.forEach(([label, n, d]) => {
    const lines = stacked ? wrap(label, c.width - 2 * c.inset, c.widths) : [label];
    const above = stacked ? c.line * lines.length : 0;
    const barY = top + above + (c.row - c.bar) / 2;
    const textY = barY + c.bar / 2 + 4;
    const shown = stacked
      ? lines.map((line, k) => drawing("text", { class: "rr-label", x: c.inset, y: top + c.line * (k + 1) - 3 }, line))
      : [drawing("text", { class: "rr-label", x: labelWidth - 8, y: textY, "text-anchor": "end" }, label)];
    const p = Number(n) / Number(d);
    const width = n === 0n ? 0 : Math.max(1, p * track);
    groups.push(
      drawing(
        "g", {}, fraction(label, n, d), ...shown,
        drawing("rect", { class: "rr-track", x: labelWidth, y: barY, width: track, height: c.bar, rx: 2 }),
        drawing("rect", { class: "rr-bar", x: labelWidth, y: barY, width: width.toFixed(1), height: c.bar, rx: 2 }),
        drawing("text", { class: "rr-pct", x: c.width - 2, y: textY, "text-anchor": "end" }, percent(n, d)),
      ),
    );
    top += above + c.row;
  });
  const chart = svg(id, title, "", Math.trunc(top + 2), c);
  chart.append(...groups);
  return chart;
}

/** An empty chart with its title for screen readers. */
function svg(id, title, kind, height, c) {
  return drawing(
    "svg", { class: `rr-chart${kind}`, viewBox: `0 0 ${c.width} ${height}`, width: c.width, height, role: "img", "aria-labelledby": `${id}-t` },
    drawing("title", { id: `${id}-t` }, title),
  );
}

/** Columns for the values of one number (mirrors charts.histogram_svg). */
function columns(id, title, rows, c) {
  const highest = Math.max(...rows.map(([, n, d]) => Number(n) / Number(d))) || 1;
  const [, n1, d1] = rows.find(([, n, d]) => Number(n) / Number(d) === highest) ?? rows[0];
  const most = percent(n1, d1);
  const [left, right, top, bottom, height] = [Math.trunc(textWidth(most, c.widths)) + 8, 4, 14, 20, 150];
  const plotW = c.width - left - right;
  const plotH = height - top - bottom;
  const slot = plotW / Math.max(1, rows.length);
  const widest = Math.max(0, ...rows.map((r) => textWidth(r[0], c.widths)));
  // as many value labels as fit under the columns
  const step = Math.max(Math.ceil(rows.length / 12), Math.ceil(Math.trunc(widest + 6) / Math.max(1, Math.trunc(slot))));
  const base = top + plotH;
  const chart = svg(id, title, " rr-histogram", height, c);
  chart.append(
    drawing("rect", { class: "rr-track", x: left, y: top, width: plotW, height: 0.6 }),
    drawing("rect", { class: "rr-track", x: left, y: base, width: plotW, height: 1 }),
    drawing("text", { class: "rr-pct", x: left - 4, y: top + 4, "text-anchor": "end" }, most),
    drawing("text", { class: "rr-pct", x: left - 4, y: base, "text-anchor": "end" }, "0%"),
  );
  rows.forEach(([label, n, d], index) => {
    const barH = (Number(n) / Number(d) / highest) * plotH;
    const group = drawing(
      "g", {}, fraction(label, n, d),
      drawing("rect", { class: "rr-bar", x: (left + index * slot + slot * 0.1).toFixed(1), y: (base - barH).toFixed(1), width: Math.max(1, slot * 0.8).toFixed(1), height: barH.toFixed(1) }),
    );
    if (index % step === 0) {
      group.append(drawing("text", { class: "rr-label", x: (left + (index + 0.5) * slot).toFixed(1), y: height - 5, "text-anchor": "middle" }, label));
    }
    chart.append(group);
  });
  return chart;
}

/** One control per argument, labelled in words; `read` gives its value as the check takes it (null: an empty number). */
function control(arg, id) {
  const label = element("label", { for: id }, arg.label, arg.hint);
  let input;
  if (arg.kind === "bool") {
    input = element("input", { type: "checkbox", id });
    return { arg, input, label, read: () => input.checked, write: (v) => { input.checked = v === true; } };
  }
  const write = (v) => { input.value = v; };
  if (arg.kind === "int") {
    input = element("input", { type: "number", id, min: arg.lo, max: arg.hi, step: arg.step ?? 1, inputmode: arg.step ? "decimal" : "numeric" });
    return { arg, input, label, read: () => (input.value.trim() === "" ? null : Number(input.value)), write };
  }
  input = element("select", { id }, ...(arg.options ?? []).map(([v, shown]) => element("option", { value: v }, shown)));
  return { arg, input, label, read: () => (arg.kind === "choice" ? input.value : Number(input.value)), write };
}

/** The totals a dice argument can roll, given the other controls. */
function totals(arg, runtime, value) {
  try {
    if (arg.ofParam) return runtime.facesOf(value(arg.ofParam)).map(([t]) => t);
    if (arg.countReads && !arg.countCases) return Array.from({ length: arg.hi - arg.lo + 1 }, (_, i) => arg.lo + i);
    // a count written as an expression: looked up by the values of what it reads (no expression runs here)
    const key = arg.countReads ? JSON.stringify(arg.countReads.map(value)) : null;
    const found = key && arg.countCases.find(([values]) => JSON.stringify(values) === key);
    const count = arg.countInput ? value(arg.countInput) : key ? (found ? found[1] : null) : arg.count;
    if (!Number.isInteger(count) || count < 0 || count > 100) return [];
    return runtime.faces(count, arg.sides).map(([t]) => t);
  } catch {
    return [];
  }
}

// A Versus form whose check the unit pages of a folder share names its description's script
// (`form`, `script`: versus_forms.unit_forms), read once a page; the placeholder's own part is
// laid over it. The roster page's matrix may have read the script already.
const descriptions = new Map();
function described(own) {
  if (!own.form) return Promise.resolve({});
  const kept = globalThis.rulesrefForms?.[own.form];
  if (kept) return Promise.resolve(kept);
  if (!descriptions.has(own.form)) {
    descriptions.set(own.form, new Promise((resolve, reject) => {
      const tag = element("script", { src: new URL(own.script, document.baseURI).href });
      tag.onload = () => (globalThis.rulesrefForms?.[own.form] ? resolve(globalThis.rulesrefForms[own.form]) : reject(new Error("its description is missing")));
      tag.onerror = () => reject(new Error("its description could not be read"));
      document.head.append(tag);
    }));
  }
  return descriptions.get(own.form);
}

async function build(holder) {
  const own = JSON.parse(holder.dataset.rrTry);
  const spec = { ...(await described(own)), ...own };
  const url = new URL(spec.module, document.baseURI);
  // rulesrefImport: the offline copy's loader of classic twins (browsers run no modules from file://)
  const load = globalThis.rulesrefImport ?? ((href) => import(href));
  const [module, runtime] = await Promise.all([load(url.href), load(new URL("../_runtime.js", url).href)]);
  const id = `rr-try-${++forms}`;
  const controls = spec.args.map((arg, i) => control(arg, `${id}-${i}`));
  const byName = new Map(controls.map((c) => [c.arg.name, c]));
  const value = (name) => byName.get(name).read();
  const form = element("form", { class: "rr-try-form", novalidate: true });
  for (const c of controls) form.append(element("div", { class: `rr-try-field rr-try-${c.arg.kind}` }, ...(c.arg.kind === "bool" ? [c.input, c.label] : [c.label, c.input])));
  const result = element("p", { class: "rr-try-result", role: "status", "aria-live": "polite", id: `${id}-result` });
  const odds = element("div", { class: "rr-try-odds" });
  // a Versus form's target picker: `rulesref-versus.js`, which only pages with such forms load
  const versus = spec.targetWords && globalThis.rulesrefVersus?.(spec, byName, `${id}-target`, element, () => update());
  holder.append(element("fieldset", {}, element("legend", {}, spec.legend), ...(versus ? [versus.picker, form, result, versus.applying] : [form, result]), odds));
  form.addEventListener("submit", (event) => event.preventDefault());

  function refreshDice() {
    for (const c of controls) {
      if (c.arg.kind !== "dice") continue;
      const options = totals(c.arg, runtime, value);
      const kept = c.input.value;
      c.input.replaceChildren(...options.map((t) => element("option", { value: t }, t)));
      if (options.some((t) => String(t) === kept)) c.input.value = kept;
    }
  }

  function update() {
    refreshDice();
    const args = Object.fromEntries(controls.map((c) => [c.arg.name, c.read()]));
    const blank = controls.find((c) => c.read() === null);
    try {
      if (blank) throw 0;
      const got = module[spec.check](args);
      result.classList.remove("rr-try-error");
      const outcome = spec.record ? spec.fields.map((f, i) => [i, got[f.name]]) : [[0, got]];
      // the result as a sentence (check_words.result_sentence)
      result.textContent = joined(spec, outcome.map(([i, v]) => phrase(spec.words.results[i], v))) + spec.words.frames.end;
    } catch (error) {
      result.classList.add("rr-try-error");
      result.textContent = blank ? blank.arg.empty : `Not allowed: ${error.message}`;
    }
    versus?.refresh();
    if (spec.odds) drawOdds(args);
  }

  function drawOdds(args) {
    const fixed = Object.fromEntries(spec.args.filter((a) => !a.rolled).map((a) => [a.name, args[a.name]]));
    let table, title = null;
    try {
      // a Versus form with several weapons gives their odds added up (rulesref-versus.js)
      const together = versus?.odds?.(fixed, module);
      if (together) ({ table, title } = together);
      else table = module[spec.odds](fixed);
    } catch {
      odds.replaceChildren();
      return;
    }
    if (!table.length) return odds.replaceChildren(); // (still loading what adds them up)
    title ??= titled(spec, fixed);
    const shaped = shape(table, spec);
    // one sure result: said, not drawn (charts.always_figure)
    if (shaped.rows.length === 1) {
      const f = spec.words.frames;
      const sure = f.always + lowerFirst(said(spec, [...shaped.rows[0][0], ...shaped.fixed])) + f.sure;
      odds.replaceChildren(element("figure", { class: "rr-odds rr-always" }, element("figcaption", {}, title), element("p", {}, sure)));
      return;
    }
    odds.replaceChildren(figure(`${id}-odds`, spec, title, shaped));
  }

  // the first example, dice last: the totals they offer depend on the other arguments
  const given = Object.entries(spec.given);
  const isDice = ([name]) => byName.get(name)?.arg.kind === "dice";
  for (const [name, v] of [...given.filter((g) => !isDice(g)), ...given.filter(isDice)]) {
    refreshDice();
    byName.get(name)?.write(v);
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
  holder.classList.add("rr-try-ready");
}

// every placeholder once: the page's, then those a script adds (the roster page) and announces by an "rr-try" event
function start() {
  for (const holder of document.querySelectorAll("[data-rr-try]:not([data-rr-on])")) {
    holder.dataset.rrOn = "";
    build(holder).catch((error) => {
      holder.replaceChildren(element("p", { class: "rr-try-error" }, `Try it could not start: ${error.message}`));
    });
  }
}
start();
addEventListener("rr-try", start);
