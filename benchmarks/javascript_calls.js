// Call cost of a generated JavaScript check against the same function written by hand, in one
// Node process (run by benchmarks/javascript.py with the generated module's path). The
// hand-written side is what a careful person would type: the same refusal of keys it does not
// take or is not given, the same input checks with the same messages, the same frozen record,
// the same decision logic.
import { pathToFileURL } from "node:url";

const generated = await import(pathToFileURL(process.argv[2]).href);
const calls = Number(process.argv[3] ?? 2_000_000);

class ValueError extends RangeError {}
const show = (v) => (v === true ? "True" : v === false ? "False" : typeof v === "string" ? `'${v}'` : String(v));

const KEYS = ["roll", "locked_in_combat", "has_ork_character", "models"];

function resolve(args) {
  let given = 0;
  for (const key in args) {
    if (!KEYS.includes(key)) throw new TypeError(`resolve() got an unexpected keyword argument '${key}'`);
    given++;
  }
  if (given !== KEYS.length) throw new TypeError(`resolve() missing required keyword-only arguments: ${KEYS.filter((key) => !(key in args))}`);
  const { roll, locked_in_combat, has_ork_character, models } = args;
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) throw new ValueError(`roll must be a D6 roll from 1 to 6, not ${show(roll)}`);
  if (typeof locked_in_combat !== "boolean") throw new ValueError(`locked_in_combat must be True or False, not ${show(locked_in_combat)}`);
  if (typeof has_ork_character !== "boolean") throw new ValueError(`has_ork_character must be True or False, not ${show(has_ork_character)}`);
  if (!Number.isInteger(models) || models < 1 || models > 100) throw new ValueError(`models must be a whole number from 1 to 100, not ${show(models)}`);
  if (roll === 1) return Object.freeze({ outcome: locked_in_combat ? "passed" : "failed", hits: "none" });
  if (roll <= 3) return has_ork_character ? Object.freeze({ outcome: "passed", hits: "D6" }) : Object.freeze({ outcome: "failed", hits: "none" });
  if (models >= 10) return Object.freeze({ outcome: "passed", hits: "D6" });
  return Object.freeze({ outcome: "failed", hits: "none" });
}

const inputs = [];
for (let roll = 1; roll <= 6; roll++)
  for (const locked_in_combat of [false, true])
    for (const has_ork_character of [false, true])
      for (const models of [5, 12]) inputs.push({ roll, locked_in_combat, has_ork_character, models });

for (const args of inputs) {  // same answers before timing anything
  const a = generated.resolve(args), b = resolve(args);
  if (a.outcome !== b.outcome || a.hits !== b.hits) throw new Error(`differ on ${JSON.stringify(args)}`);
}

let sink = 0;
function nsPerCall(fn) {
  const rounds = Math.max(1, Math.floor(calls / inputs.length));
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (let i = 0; i < inputs.length; i++) sink += fn(inputs[i]).hits.length;
  return Number(process.hrtime.bigint() - start) / (rounds * inputs.length);
}

// warm both up, then paired runs (one of each, five times); the best of each
nsPerCall(generated.resolve); nsPerCall(resolve);
const gen = [], hand = [];
for (let run = 0; run < 5; run++) { gen.push(nsPerCall(generated.resolve)); hand.push(nsPerCall(resolve)); }

const oddsRuns = 2000;
generated.big_roll_odds({ bonus: 1 });
const t0 = process.hrtime.bigint();
for (let i = 0; i < oddsRuns; i++) sink += generated.big_roll_odds({ bonus: 1 }).length;
const oddsUs = Number(process.hrtime.bigint() - t0) / oddsRuns / 1000;

process.stdout.write(JSON.stringify({ node: process.version, calls, generated: Math.min(...gen), hand: Math.min(...hand), oddsUs, sink: sink > 0 }));
