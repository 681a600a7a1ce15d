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
  /** The answers of the weapons `combined` added up, each alone. */
  readonly parts?: readonly Answer[];
}

/** Several weapons of one step firing at the same target, as one answer: their unsaved Wounds and models removed added up. */
export declare function combined(answers: readonly Answer[]): Answer;

/** A weapon asked for by name, with the models that wield it or not. */
export type Named = string | readonly [string, number];

/** The choices (by index) the names ask for, each with its models attacking (a label equal to a name first). */
export declare function picked(labels: readonly string[], names: readonly Named[] | null, models: number): [number, number][];

export interface VersusOptions {
  /** Only the weapon named this exactly, else those whose name holds it; or several such names,
      each a name or [name, the models that wield it]. */
  weapon?: Named | readonly Named[] | null;
  /** The weapons of each step fire together: one answer a step (`combined`). */
  together?: boolean;
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
