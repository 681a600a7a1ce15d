/** The runtime of a played system's `versus` (see `<system>/versus.js`). */
export declare const NONE_VALUE: 7;

/** An odds function's argument: name, kind ("bool", "int", ...), lowest, highest. */
export type Arg = readonly [string, string, number | null, number | null];
export type Scalar = boolean | number | string;

/** Every argument of the odds function, the rest at their "none"; throws RangeError naming those with none. */
export declare function argumentsOf(
  args: readonly Arg[], values: Readonly<Record<string, Scalar>>, perModel: readonly string[], models: number,
  target: Readonly<Record<string, Scalar>>, conditions: Readonly<Record<string, Scalar>>, lowest?: boolean,
): Record<string, Scalar>;

/** The exact distribution of one weapon's attack in one step, and the rules (ids) modelled and not. */
export interface Answer {
  readonly step: string;
  readonly weapon: string;
  readonly function: string;
  readonly given: Readonly<Record<string, Scalar>>;
  readonly distribution: readonly { readonly result: Readonly<Record<string, Scalar>>; readonly numerator: bigint; readonly denominator: bigint }[];
  readonly modelled: readonly string[];
  readonly notModelled: readonly string[];
}

export interface VersusOptions {
  /** Only the weapons whose name holds this. */
  weapon?: string | null;
  /** The attacker's models attacking (1). */
  models?: number;
  /** The target's models (1). */
  targetModels?: number;
  /** The target's profile whose name holds this (its first). */
  targetProfile?: string | null;
  /** Other arguments of the check (`{ cover_save: 4 }`). */
  conditions?: Readonly<Record<string, Scalar>>;
}

/** The exact odds of one unit (by id) attacking another: one answer per weapon and step. */
export type Versus = (attacker: string, target: string, options?: VersusOptions) => Promise<Answer[]>;

export declare function playedUnits(units: Readonly<Record<string, unknown>>, checks: Readonly<Record<string, readonly Arg[]>>): Versus;
