// What a played system's `versus(attacker, target)` runs: the JavaScript twin of the Python
// package's `_versus.py` (generator/rulesref/versus/runtime.py), on the same data
// (`<system>/versus.js`), with exact odds as BigInt fractions. Documented in _versus.d.ts.

export const NONE_VALUE = 7; // the steps' "none" for a save, an AP or an X+ roll: the highest of 2..7

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

const fieldsOf = (result) => (result !== null && typeof result === "object" ? { ...result } : { "": result });

export function playedUnits(units, checks) {
  const unitOf = (id) => {
    if (!Object.hasOwn(units, id)) throw new RangeError(`no unit \`${id}\` (give a unit's id, as its page's address has it)`);
    return units[id];
  };
  return async function versus(attacker, target, options = {}) {
    const { weapon = null, models = 1, targetModels = 1, targetProfile = null, conditions = {} } = options;
    const unit = unitOf(attacker), aimed = unitOf(target).steps;
    const answers = [];
    for (const [step, played] of Object.entries(unit.steps)) {
      if (!played.check) continue; // (a unit with no weapon for the step is only ever its target)
      const aims = (aimed[step]?.aims ?? []).filter((a) => targetProfile === null || a.label.toLowerCase().includes(targetProfile.toLowerCase()));
      const aim = aims[0] ?? { values: {}, held: {}, brings: [] };
      const [module, name] = played.check;
      const loaded = await import(`./${module.replace(".", "/")}.js`);
      for (const [label, row, perModel, choiceModelled, choiceNot] of played.choices) {
        if (weapon !== null && !label.toLowerCase().includes(weapon.toLowerCase())) continue;
        const values = Object.fromEntries(played.names.map((n, i) => [n, row[i]]).filter(([, v]) => v !== null));
        const given = argumentsOf(checks[`${module}.${name}`], values, perModel, models, { ...aim.values, models: targetModels, ...aim.held }, conditions);
        const distribution = loaded[name](given).map((row) => Object.freeze({ result: fieldsOf(row.result), numerator: row.numerator, denominator: row.denominator }));
        answers.push(Object.freeze({
          step, weapon: label, function: `${module}.${name}`, given, distribution,
          modelled: [...new Set([...played.modelled, ...choiceModelled, ...aim.brings])],
          notModelled: [...new Set([...choiceNot, ...played.notModelled])],
        }));
      }
    }
    return answers;
  };
}
