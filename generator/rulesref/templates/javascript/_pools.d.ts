/** Counts of the classes of a pool's dice, in the order the module counts them. */
export type Counts = readonly number[];

/** Every vector of counts with its number of ways, out of `total` ways in all. */
export interface Dist {
  readonly outcomes: readonly (readonly [Counts, bigint])[];
  readonly total: bigint;
  key?: string;
}

/** The odds of a chain so far: the ways of each state of the values still needed, out of `den`. */
export interface Table {
  readonly states: Map<string, [Counts, bigint]>;
  readonly den: bigint;
}

/** The class number of a die that failed. */
export declare const FAIL: 0;
/** The class number of a die that passed. */
export declare const PASS: 1;
/** Not a class: where `counted` holds it, the total of the numbers the dice show. */
export declare const TOTAL: -1;
/** The class of each number a die can show: `natural` first, then `special(natural, roll)`, then the target test. */
export declare function classes(
  sides: number,
  natural: readonly (readonly [number, number])[],
  special: ((natural: number, roll: number) => number | null) | null,
  modifier: number,
  target: number | null,
  best: number,
): number[];
/** One die of a pool: the counted classes it adds to, over every way it can roll. */
export declare function die(sides: number, classes: readonly number[], counted: readonly number[], reroll?: string, explode?: number, depth?: number): Dist;
/** n independent dice like `one`. */
export declare function power(n: number, one: Dist): Dist;
/** The counts of n dice of a pool, with its re-roll and keep policies. */
export declare function pool(
  n: number, sides: number, classes: readonly number[], counted: readonly number[],
  reroll?: string, explode?: number, depth?: number, keep?: number, highest?: boolean,
): Dist;
/** Every die `outer` counts at `slot` becomes a die like `inner` (a chain). */
export declare function compose(outer: Dist, slot: number, inner: Dist): Dist;
/** `one` with its counts added up by where `into` sends each, in a vector of `width` counts. */
export declare function gather(one: Dist, into: readonly number[], width: number): Dist;
/** n dice summed, as one-number vectors. */
export declare function totals(n: number, sides: number, better?: boolean): Dist;
/** The dice of a notation summed, as one-number vectors. */
export declare function totalsOf(notation: string): Dist;
/** One step of a chain's odds. */
export declare function extend(table: Table, step: (...state: number[]) => Dist, targets: readonly number[], width: number, keep: readonly number[]): Table;
/** The table of a chain before its first step. */
export declare function start(): Table;
