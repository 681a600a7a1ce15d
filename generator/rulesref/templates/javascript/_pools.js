// Pools for the generated check modules that roll them: the twin of the Python package's
// _dice.py, step for step (see there for the why). Only a module with a pool imports it, so a
// page of other checks never loads it. Each export is documented in _pools.d.ts.
// A distribution is { outcomes: [[counts, ways]], total, key }; ways are BigInt, counts numbers.
import * as $ from "./_runtime.js";

export const FAIL = 0;
export const PASS = 1;
export const TOTAL = -1; // not a class: the place in `counted` of the total of the numbers the dice show
const MEMO = new Map();

function memo(key, make) {
  let known = MEMO.get(key);
  if (known === undefined) {
    known = make();
    known.key = key;
    MEMO.set(key, known);
  }
  return known;
}

function dist(map, total) {
  const outcomes = [...map.values()].filter(([, w]) => w !== 0n);
  return { outcomes, total };
}

// a map's key for a vector of counts: a number for a few counts (each under 4096: at most 200
// dice, 6 added to each, or their totals), else text
function keyOf(vector) {
  if (vector.length > 4) return vector.join(",");
  let key = 0;
  for (const count of vector) key = key * 4096 + count;
  return key;
}

function put(map, vector, ways) {
  const key = keyOf(vector);
  const seen = map.get(key);
  if (seen === undefined) map.set(key, [vector, ways]);
  else seen[1] += ways;
}

// one die's ways in lowest terms (see _dice._lowest)
function lowest(d) {
  let common = d.total;
  for (const [, w] of d.outcomes) common = $.gcd(common, w);
  return { outcomes: d.outcomes.map(([v, w]) => [v, w / common]), total: d.total / common };
}

function own(size, counted, cls, face) {
  const at = counted.indexOf(cls);
  const total = counted.indexOf(TOTAL);
  return Array.from({ length: size }, (_, i) => (i === at ? 1 : 0) + (i === total ? face : 0));
}

function plus(a, b) {
  return a.map((x, i) => x + b[i]);
}

export function classes(sides, natural, special, modifier, target, best) {
  const fixed = new Map(natural);
  const out = [];
  for (let face = 1; face <= sides; face++) {
    if (fixed.has(face)) out.push(fixed.get(face));
    else {
      const named = special === null ? null : special(face, face + modifier);
      if (named !== null) out.push(named);
      else if (target !== null && face >= best && face + modifier >= target) out.push(PASS);
      else out.push(FAIL);
    }
  }
  return out;
}

function facesAfter(sides, classes, reroll) {
  const again = [];
  for (let f = 1; f <= sides; f++) if ((reroll === "ones" && f === 1) || (reroll === "failures" && classes[f - 1] === FAIL)) again.push(f);
  if (again.length === 0) return [Array(sides).fill(1n), BigInt(sides)];
  const ways = [];
  for (let f = 1; f <= sides; f++) ways.push(BigInt((again.includes(f) ? 0 : sides) + again.length));
  return [ways, BigInt(sides * sides)];
}

export function die(sides, classes, counted, reroll = "", explode = 0, depth = 0) {
  return memo(["die", sides, classes, counted, reroll, explode, depth].join("|"), () => {
    const [ways, total] = facesAfter(sides, classes, reroll);
    const size = counted.length;
    const level = (left) => {
      const out = new Map();
      const below = explode && left > 0 ? level(left - 1) : null;
      const scale = explode ? total ** BigInt(left) : 1n;
      for (let face = 1; face <= sides; face++) {
        const mine = own(size, counted, classes[face - 1], face);
        if (below !== null && face >= explode) for (const [vector, weight] of below.values()) put(out, plus(mine, vector), ways[face - 1] * weight);
        else put(out, mine, ways[face - 1] * scale);
      }
      return out;
    };
    return lowest(dist(level(depth), total ** BigInt((explode ? depth : 0) + 1)));
  });
}

function multinomial(n, weights, rest) {
  const out = new Map();
  const powers = weights.map((w) => {
    const list = [1n];
    for (let k = 1; k <= n; k++) list.push(list[k - 1] * w);
    return list;
  });
  const rests = [1n];
  for (let k = 1; k <= n; k++) rests.push(rests[k - 1] * rest);
  const counts = [];
  const place = (i, left, ways) => {
    if (i === weights.length) {
      put(out, [...counts], ways * rests[left]);
      return;
    }
    let choose = 1n;
    for (let k = 0; k <= left; k++) {
      counts.push(k);
      place(i + 1, left - k, ways * choose * powers[i][k]);
      counts.pop();
      choose = (choose * BigInt(left - k)) / BigInt(k + 1);
    }
  };
  place(0, n, 1n);
  return out;
}

function convolve(a, b) {
  const out = new Map();
  for (const [u, x] of a.values()) for (const [v, y] of b.values()) put(out, plus(u, v), x * y);
  return out;
}

export function power(n, one) {
  return memo("power|" + n + "|" + one.key, () => {
    const size = one.outcomes.length ? one.outcomes[0][0].length : 0;
    const total = one.total ** BigInt(n);
    if (one.outcomes.every(([v]) => v.reduce((s, x) => s + x, 0) <= 1)) {
      const weights = [];
      for (let i = 0; i < size; i++) {
        let w = 0n;
        for (const [v, ways] of one.outcomes) if (v[i] === 1) w += ways;
        weights.push(w);
      }
      return dist(multinomial(n, weights, one.total - weights.reduce((s, w) => s + w, 0n)), total);
    }
    let result = new Map();
    put(result, Array(size).fill(0), 1n);
    let base = new Map();
    for (const [v, w] of one.outcomes) put(base, v, w);
    for (let left = n; left; ) {
      if (left & 1) result = convolve(result, base);
      left >>= 1;
      if (left) base = convolve(base, base);
    }
    return dist(result, total);
  });
}

function project(out, wide, counted) {
  const keep = counted.map((c) => wide.indexOf(c));
  const merged = new Map();
  for (const [vector, weight] of out.values()) put(merged, keep.map((i) => vector[i]), weight);
  return merged;
}

function rerollOne(n, sides, classes, counted) {
  const wide = counted.includes(FAIL) ? counted : [...counted, FAIL];
  const fails = wide.indexOf(FAIL);
  const base = power(n, die(sides, classes, wide));
  const fresh = die(sides, classes, wide);
  const out = new Map();
  for (const [vector, weight] of base.outcomes) {
    if (vector[fails] === 0) put(out, vector, weight * fresh.total);
    else {
      const less = vector.map((x, i) => x - (i === fails ? 1 : 0));
      for (const [change, ways] of fresh.outcomes) put(out, plus(less, change), weight * ways);
    }
  }
  return dist(project(out, wide, counted), base.total * fresh.total);
}

function rerollAll(n, sides, classes, counted) {
  const base = power(n, die(sides, classes, counted));
  const nothing = BigInt(classes.filter((c) => c === FAIL).length) ** BigInt(n);
  const rolls = BigInt(sides) ** BigInt(n);
  const blank = keyOf(counted.map((c) => (c === FAIL ? n : 0)));
  const out = new Map();
  for (const [vector, weight] of base.outcomes) {
    put(out, vector, weight * rolls - (keyOf(vector) === blank ? nothing * base.total : 0n));
    put(out, vector, nothing * weight);
  }
  return dist(out, base.total * rolls);
}

function keepSome(n, k, highest, sides, classes, counted, reroll) {
  const [ways, total] = facesAfter(sides, classes, reroll);
  const order = [];
  for (let f = 1; f <= sides; f++) order.push(f);
  if (highest) order.reverse();
  const size = counted.length;
  const out = new Map();
  let states = new Map([["0|" + keyOf(Array(size).fill(0)), [0, Array(size).fill(0), 1n]]]);
  order.forEach((face, index) => {
    let after = 0n;
    for (const f of order.slice(index + 1)) after += ways[f - 1];
    const mine = own(size, counted, classes[face - 1], face);
    const step = new Map();
    for (const [dealt, vector, weight] of states.values()) {
      const left = n - dealt;
      let choose = 1n;
      for (let m = 0; m <= left; m++) {
        const here = weight * choose * ways[face - 1] ** BigInt(m);
        if (dealt + m >= k || index === order.length - 1) {
          const kept = Math.min(k, dealt + m) - dealt;
          put(out, vector.map((x, i) => x + kept * mine[i]), here * after ** BigInt(left - m));
        } else {
          const next = vector.map((x, i) => x + m * mine[i]);
          const key = dealt + m + "|" + keyOf(next);
          const seen = step.get(key);
          if (seen === undefined) step.set(key, [dealt + m, next, here]);
          else seen[2] += here;
        }
        choose = (choose * BigInt(left - m)) / BigInt(m + 1);
      }
    }
    states = step;
  });
  return dist(out, total ** BigInt(n));
}

export function pool(n, sides, classes, counted, reroll = "", explode = 0, depth = 0, keep = 0, highest = true) {
  return memo(["pool", n, sides, classes, counted, reroll, explode, depth, keep, highest].join("|"), () => {
    if (keep && keep < n) return keepSome(n, keep, highest, sides, classes, counted, reroll);
    if (reroll === "one") return rerollOne(n, sides, classes, counted);
    if (reroll === "all") return rerollAll(n, sides, classes, counted);
    return power(n, die(sides, classes, counted, reroll, explode, depth));
  });
}

export function compose(outer, slot, inner) {
  return memo("compose|" + outer.key + "|" + slot + "|" + inner.key, () => {
    let most = 0;
    for (const [v] of outer.outcomes) most = Math.max(most, v[slot]);
    const out = new Map();
    for (const [vector, weight] of outer.outcomes) {
      const rest = [...vector.slice(0, slot), ...vector.slice(slot + 1)];
      const scale = inner.total ** BigInt(most - vector[slot]);
      for (const [counts, ways] of power(vector[slot], inner).outcomes) put(out, [...rest, ...counts], weight * ways * scale);
    }
    return lowest(dist(out, outer.total * inner.total ** BigInt(most)));
  });
}

export function gather(one, into, width) {
  return memo("gather|" + one.key + "|" + into + "|" + width, () => {
    const out = new Map();
    for (const [vector, ways] of one.outcomes) {
      const wide = Array(width).fill(0);
      into.forEach((at, i) => (wide[at] += vector[i]));
      put(out, wide, ways);
    }
    return dist(out, one.total);
  });
}

// the ways of each total of n dice, from those of n - 1 (a chain asks for every n up to its most)
const WAYS = new Map();
function ways(n, sides) {
  const key = n + "|" + sides;
  let known = WAYS.get(key);
  if (known === undefined) {
    const less = n === 0 ? null : ways(n - 1, sides);
    known = n === 0 ? [1n] : Array((sides - 1) * n + 1).fill(0n);
    if (less) less.forEach((w, i) => { for (let face = 0; face < sides; face++) known[i + face] += w; });
    WAYS.set(key, known);
  }
  return known;
}

export function totals(n, sides, better = false) {
  if (better) {
    return memo("totalsBetter|" + n + "|" + sides, () => {
      const ways = $.facesBetter(n, sides);
      return { outcomes: ways.map(([t, w]) => [[t], w]), total: ways.reduce((s, [, w]) => s + w, 0n) };
    });
  }
  return memo("totals|" + n + "|" + sides, () => ({ outcomes: ways(n, sides).map((w, i) => [[n + i], w]), total: BigInt(sides) ** BigInt(n) }));
}

export function totalsOf(notation) {
  return memo("totalsOf|" + notation, () => {
    const ways = $.facesOf(notation);
    return { outcomes: ways.map(([t, w]) => [[t], w]), total: ways.reduce((s, [, w]) => s + w, 0n) };
  });
}

export function extend(table, step, targets, width, keep) {
  const rows = [...table.states.values()].map(([state, weight]) => [state, weight, step(...state)]);
  let common = 1n;
  for (const [, , d] of rows) common = (common * d.total) / $.gcd(common, d.total);
  const out = new Map();
  const short = keep.length <= 4; // keyed by a number (keyOf), without making the vector first
  for (const [state, weight, d] of rows) {
    const scale = weight * (common / d.total);
    const wide = [...state, ...Array(width - state.length).fill(0)];
    for (const [counts, w] of d.outcomes) {
      for (let i = 0; i < targets.length; i++) wide[targets[i]] += counts[i];
      let key = 0;
      if (short) for (const i of keep) key = key * 4096 + wide[i];
      else key = keep.map((i) => wide[i]).join(",");
      const seen = out.get(key);
      if (seen === undefined) out.set(key, [keep.map((i) => wide[i]), scale * w]);
      else seen[1] += scale * w;
      for (let i = 0; i < targets.length; i++) wide[targets[i]] -= counts[i];
    }
  }
  return { states: out, den: table.den * common };
}

export function start() {
  return { states: new Map([[0, [[], 1n]]]), den: 1n };
}
