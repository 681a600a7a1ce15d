// What the generated check modules share: Python's semantics where JavaScript differs, errors
// worded as Python's, exact dice odds as BigInt fractions. Each export is documented in _runtime.d.ts.

// the dice notation of a parameter, the pattern the Python package uses
const NOTATION = new RegExp("^(?:" + __NOTATION__ + ")$");

export class ValueError extends RangeError {
  constructor(message) {
    super(message);
    this.name = "ValueError";
  }
}

export function fail(message) {
  throw new ValueError(message);
}

const ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

export function repr(value) {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null) return "None";
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = "";
    for (const ch of value) {
      const code = ch.codePointAt(0);
      if (ch === quote) out += "\\" + ch;
      else if (ESCAPES[ch] !== undefined) out += ESCAPES[ch];
      else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
      else out += ch;
    }
    return quote + out + quote;
  }
  if (typeof value === "number") {
    // as Python writes a number: nan, inf, and below 1e-4 an exponent of two digits or more
    if (value !== value) return "nan";
    if (Math.abs(value) === Infinity) return value > 0 ? "inf" : "-inf";
    if (value && Math.abs(value) < 1e-4) return value.toExponential().replace(/e(?<sign>[-+])(?=\d$)/, "e$<sign>0");
  }
  return String(value);
}

export function floordiv(a, b) {
  if (b === 0) throw new RangeError("integer division or modulo by zero");
  return Math.floor(a / b) + 0; // + 0 turns -0 into 0: Python has no negative zero
}

const FACES = new Map();

export function faces(count, sides, modifier = 0) {
  const key = count + "," + sides + "," + modifier;
  let known = FACES.get(key);
  if (known === undefined) {
    const ways = new Map(count === 0 ? [[0, 1n]] : []);
    for (const [total, weight] of count === 0 ? [] : faces(count - 1, sides)) {
      for (let face = 1; face <= sides; face++) ways.set(total + face, (ways.get(total + face) ?? 0n) + weight);
    }
    known = Object.freeze(
      [...ways].sort((a, b) => a[0] - b[0]).map(([total, weight]) => Object.freeze([total + modifier, weight])),
    );
    FACES.set(key, known);
  }
  return known;
}

export function facesBetter(count, sides) {
  const key = "better," + count + "," + sides;
  let known = FACES.get(key);
  if (known === undefined) {
    let states = new Map(); // "total,lowest" -> [total, lowest, ways]
    if (count > 0) for (let face = 1; face <= sides; face++) states.set(face + "," + face, [face, face, 1n]);
    for (let die = 1; die < count; die++) {
      const step = new Map();
      for (const [total, low, weight] of states.values()) {
        for (let face = 1; face <= sides; face++) {
          const next = [total + face, Math.min(low, face)];
          const seen = step.get(next.join(","));
          if (seen === undefined) step.set(next.join(","), [...next, weight]);
          else seen[2] += weight;
        }
      }
      states = step;
    }
    const ways = new Map(count === 0 ? [[0, 1n]] : []);
    for (const [total, low, weight] of states.values()) {
      for (let again = 1; again <= sides; again++) {
        const best = Math.max(total, total - low + again);
        ways.set(best, (ways.get(best) ?? 0n) + weight);
      }
    }
    known = Object.freeze([...ways].sort((a, b) => a[0] - b[0]).map((pair) => Object.freeze(pair)));
    FACES.set(key, known);
  }
  return known;
}

export function parse(notation) {
  const match = typeof notation === "string" ? NOTATION.exec(notation) : null;
  if (match === null) throw new ValueError("not a dice expression: " + repr(notation));
  if (match[4] !== undefined) return [0, 6, Number(match[4])];
  return [Number(match[1] ?? 1), Number(match[2]), Number(match[3] ?? 0)];
}

export function facesOf(notation) {
  return faces(...parse(notation));
}

export function diceMin(notation) {
  const [count, , modifier] = parse(notation);
  return count + modifier;
}

export function diceMax(notation) {
  const [count, sides, modifier] = parse(notation);
  return count * sides + modifier;
}

function compareValues(a, b) {
  if (typeof a === "string") {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < x.length && i < y.length; i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) {
    const d = compareValues(a[i], b[i]);
    if (d !== 0) return d;
  }
  return 0;
}

export function tally(counts, result, weight, fields) {
  const order = fields === null ? [result] : fields.map((field) => result[field]);
  const key = fields === null ? result : JSON.stringify(order);
  const seen = counts.get(key);
  if (seen === undefined) counts.set(key, { result, order, ways: weight });
  else seen.ways += weight;
}

export function gcd(a, b) {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function odds(counts) {
  const rows = [...counts.values()].sort((a, b) => compareKeys(a.order, b.order));
  let total = 0n;
  for (const row of rows) total += row.ways;
  let rest = total;
  for (const p of [2n, 3n]) while (rest % p === 0n) rest /= p;
  return Object.freeze(
    rows.map((row) => {
      let [n, d] = [row.ways, total];
      if (rest > 1n) {
        const common = gcd(n, d);
        [n, d] = [n / common, d / common];
      } else for (const p of [2n, 3n]) while (n % p === 0n && d % p === 0n) [n, d] = [n / p, d / p];
      return Object.freeze({ result: row.result, numerator: n, denominator: d });
    }),
  );
}
