/** The error every refused input raises, as Python raises ValueError. */
export declare class ValueError extends RangeError {
  constructor(message: string);
}

/** The exact chance of one result of a check: `numerator / denominator`, reduced. */
export interface Odds<Result> {
  readonly result: Result;
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** Throws ValueError: the generated checks call it with the message Python uses. */
export declare function fail(message: string): never;
/** A value as Python's repr shows it, so that error messages read as the Python ones. */
export declare function repr(value: unknown): string;
/** Python's `a // b` for whole numbers: rounds towards minus infinity; dividing by zero fails. */
export declare function floordiv(a: number, b: number): number;
/**
 * Each total that `count` dice with `sides` faces (plus `modifier`) can roll, with the number
 * of ways to roll it, lowest total first: faces(2, 6) -> [[2, 1n], [3, 2n], ..., [12, 1n]].
 * Each count is one die more than the (cached) count before, so a run of counts costs what the last does.
 */
export declare function faces(count: number, sides: number, modifier?: number): readonly (readonly [number, bigint])[];
/** `2D6+1` -> [2, 6, 1]; a fixed number `3` -> [0, 6, 3]. */
export declare function parse(notation: string): [number, number, number];
/** `faces`, where one die may be rolled again and the better total kept: ways out of sides ** (count + 1). */
export declare function facesBetter(count: number, sides: number): readonly (readonly [number, bigint])[];
/** The totals of a dice expression with their ways, as `faces` gives them. */
export declare function facesOf(notation: string): readonly (readonly [number, bigint])[];
/** The lowest total a dice expression can roll (2D6 -> 2). */
export declare function diceMin(notation: string): number;
/** The highest total a dice expression can roll (2D6 -> 12). */
export declare function diceMax(notation: string): number;
/** Adds `weight` ways to `result`; a record result is told apart by its `fields`, in order. */
export declare function tally(counts: Map<unknown, unknown>, result: unknown, weight: bigint, fields: readonly string[] | null): void;
/**
 * Counts of ways -> exact, reduced probabilities, ordered by result as Python orders them.
 * Dice count their ways out of a total of 2s and 3s only; then a fraction is reduced by
 * dividing out those two primes, far faster for BigInts than Euclid's algorithm.
 */
export declare function odds<Result>(counts: Map<unknown, unknown>): readonly Odds<Result>[];
/** The greatest common divisor of two BigInts. */
export declare function gcd(a: bigint, b: bigint): bigint;
