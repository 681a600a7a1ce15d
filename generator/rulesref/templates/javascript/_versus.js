// What a played system's `versus(attacker, target)` runs: the JavaScript twin of the Python
// package's `_versus.py` (generator/rulesref/versus/runtime.py), on the same data
// (`<system>/versus.js`), with exact odds as BigInt fractions. Documented in _versus.d.ts.

export const NONE_VALUE = 7; // the steps' "none" for a save, an AP or an X+ roll: the highest of 2..7
// a played step's unsaved Wounds, the models they remove, and the target's models and Wounds
const [UNSAVED, REMOVED, MODELS, WOUNDS] = ["unsaved", "models_removed", "models", "wounds"];

const isWhole = (v) => Number.isInteger(v) && typeof v !== "boolean";

// Every argument of the odds function: the conditions over the target over the attacker's
// choice (its values, each of perModel times the models attacking, within its range), the
// rest "none" (false, or 7 for a save or an X+ roll); a number with no "none" is an error.
export function argumentsOf(args, values, perModel, models, target, conditions, lowest = false) {
  const given = { ...values };
  for (const name of perModel) if (isWhole(given[name])) given[name] = given[name] * models;
  Object.assign(given, target, conditions);
  const out = {};
  const missing = [];
  for (const [name, kind, lo, hi] of args) {
    if (Object.hasOwn(given, name)) {
      const value = given[name];
      out[name] = perModel.includes(name) && isWhole(value) && hi !== null ? Math.min(value, hi) : value;
    } else if (kind === "bool") out[name] = false;
    else if (kind === "int" && hi === NONE_VALUE) out[name] = NONE_VALUE;
    else if (kind === "int" && lo === 0) out[name] = 0; // a count of models (Rage's that charged): none
    else if (lowest && kind === "int" && lo !== null) out[name] = lo;
    else missing.push(name);
  }
  if (missing.length) throw new RangeError(`give ${missing.map((m) => `\`${m}\``).join(", ")}`);
  return out;
}

const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));
const fraction = (n, d) => {
  const g = gcd(n, d);
  return [n / g, d / g];
};

// Several weapons of one step firing at the same target, as one answer (runtime.py `combined`,
// which says why): their unsaved Wounds added up; the Wounds that remove a whole model each
// remove one, the others gather on the models left, a model falling at each Wounds' worth.
export function combined(answers) {
  if (!answers.length) throw new RangeError("no answers to add up");
  const first = answers[0];
  if (answers.length === 1) return first;
  if (answers.some((a) => a.step !== first.step)) throw new RangeError("only the weapons of one step add up");
  const [models, wounds] = [first.given[MODELS], first.given[WOUNDS]];
  if (answers.some((a) => a.given[MODELS] !== models || a.given[WOUNDS] !== wounds)) throw new RangeError("only answers against the same target add up");
  if (!isWhole(models) || !isWhole(wounds) || wounds < 1) throw new RangeError(`answers add up only where the target's \`${MODELS}\` and \`${WOUNDS}\` are given`);
  // the Wounds of the weapons whose Wounds each remove a model, and of those whose Wounds
  // gather: each a sum of BigInt counts over one denominator
  const sums = [[new Map([[0, 1n]]), 1n], [new Map([[0, 1n]]), 1n]];
  for (const one of answers) {
    const rows = one.distribution.map(({ result, numerator, denominator }) => {
      const [unsaved, removed] = [result[UNSAVED], result[REMOVED]];
      if (!isWhole(unsaved) || !isWhole(removed)) throw new RangeError(`\`${one.function}\` gives no \`${UNSAVED}\` and \`${REMOVED}\` to add up`);
      return [unsaved, removed, numerator, denominator];
    });
    const kind = rows.every(([u, r]) => r === Math.min(models, u)) ? 0 : rows.every(([u, r]) => r === Math.min(models, Math.floor(u / wounds))) ? 1 : -1;
    if (kind < 0) throw new RangeError(`\`${one.function}\` (${one.weapon}) removes models neither one a Wound nor one a model's Wounds`);
    const below = rows.reduce((l, [, , , d]) => (l * d) / gcd(l, d), 1n);
    const [counts, before] = sums[kind];
    const added = new Map();
    for (const [total, n] of counts) for (const [u, , m, d] of rows) added.set(total + u, (added.get(total + u) ?? 0n) + n * m * (below / d));
    sums[kind] = [added, before * below];
  }
  const [[wholeCounts, wholeBelow], [gatherCounts, gatherBelow]] = sums;
  const outcomes = new Map();
  for (const [whole, n] of wholeCounts) {
    for (const [gather, m] of gatherCounts) {
      const [total, removed] = [whole + gather, Math.min(models, whole + Math.floor(gather / wounds))];
      const key = `${total},${removed}`;
      outcomes.set(key, [total, removed, (outcomes.get(key)?.[2] ?? 0n) + n * m]);
    }
  }
  const distribution = [...outcomes.values()]
    .filter(([, , n]) => n > 0n)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1])
    .map(([total, removed, n]) => {
      const [numerator, denominator] = fraction(n, wholeBelow * gatherBelow);
      return Object.freeze({ result: { [UNSAVED]: total, [REMOVED]: removed }, numerator, denominator });
    });
  const given = Object.fromEntries(Object.entries(first.given).filter(([name, v]) => answers.every((a) => Object.hasOwn(a.given, name) && a.given[name] === v)));
  return Object.freeze({
    step: first.step, weapon: answers.map((a) => a.weapon).join(" + "), function: first.function, given, distribution,
    modelled: [...new Set(answers.flatMap((a) => a.modelled))], notModelled: [...new Set(answers.flatMap((a) => a.notModelled))], parts: answers,
  });
}

// The choices (by index, in their order) the names ask for, each with its models attacking
// (runtime.py `picked`): a name equal to a label picks that choice only, else those whose label
// holds it; a [name, count] gives its count to what it picks, a name `models`. No names: every choice.
export function picked(labels, names, models) {
  if (names === null) return labels.map((_, i) => [i, models]);
  const out = new Map();
  const fold = (text) => text.toUpperCase().toLowerCase(); // as Python's casefold folds ß and the like
  const folded = labels.map(fold);
  for (const named of names) {
    const [name, count] = typeof named === "string" ? [named, models] : named;
    const exact = folded.flatMap((label, i) => (label === fold(name) ? [i] : []));
    const found = exact.length ? exact : folded.flatMap((label, i) => (label.includes(fold(name)) ? [i] : []));
    for (const i of found) if (!out.has(i)) out.set(i, count);
  }
  return [...out].sort((a, b) => a[0] - b[0]);
}

const fieldsOf = (result) => (result !== null && typeof result === "object" ? { ...result } : { "": result });

export function playedUnits(units, checks) {
  const unitOf = (id) => {
    if (!Object.hasOwn(units, id)) throw new RangeError(`no unit \`${id}\` (give a unit's id, as its page's address has it)`);
    return units[id];
  };
  return async function versus(attacker, target, options = {}) {
    const { weapon = null, together = false, models = 1, targetModels = 1, targetProfile = null, conditions = {} } = options;
    const names = weapon === null ? null : typeof weapon === "string" || (Array.isArray(weapon) && typeof weapon[1] === "number") ? [weapon] : [...weapon];
    const unit = unitOf(attacker), aimed = unitOf(target).steps;
    const answers = [];
    for (const [step, played] of Object.entries(unit.steps)) {
      if (!played.check) continue; // (a unit with no weapon for the step is only ever its target)
      const aims = (aimed[step]?.aims ?? []).filter((a) => targetProfile === null || a.label.toLowerCase().includes(targetProfile.toLowerCase()));
      const aim = aims[0] ?? { values: {}, held: {}, brings: [] };
      const [module, name] = played.check;
      const loaded = await import(`./${module.replace(".", "/")}.js`);
      const stepAnswers = [];
      for (const [index, wielding] of picked(played.choices.map((choice) => choice[0]), names, models)) {
        const [label, row, perModel, choiceModelled, choiceNot] = played.choices[index];
        const values = Object.fromEntries(played.names.map((n, i) => [n, row[i]]).filter(([, v]) => v !== null));
        const given = argumentsOf(checks[`${module}.${name}`], values, perModel, wielding, { ...aim.values, models: targetModels, ...aim.held }, conditions);
        const distribution = loaded[name](given).map((row) => Object.freeze({ result: fieldsOf(row.result), numerator: row.numerator, denominator: row.denominator }));
        stepAnswers.push(Object.freeze({
          step, weapon: label, function: `${module}.${name}`, given, distribution,
          modelled: [...new Set([...played.modelled, ...choiceModelled, ...aim.brings])],
          notModelled: [...new Set([...choiceNot, ...played.notModelled])],
        }));
      }
      answers.push(...(together && stepAnswers.length ? [combined(stepAnswers)] : stepAnswers));
    }
    return answers;
  };
}
