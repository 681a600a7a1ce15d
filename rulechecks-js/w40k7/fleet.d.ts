/** Fleet (Warhammer 40,000): A unit made up entirely of Fleet models may re-roll any of its dice for Run moves and charge ranges. */

import type { Odds } from "../_runtime.js";

export declare const ID: "fleet";
export declare const NAME: "Fleet";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "A unit made up entirely of Fleet models may re-roll any of its dice for Run moves and charge ranges.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/fleet/";

/** The result of `charge`. */
export interface Charge {
  readonly reroll: "none" | "lower" | "both";
  readonly charge_range: number;
  readonly in_range: boolean;
}

/** The charge range of a Fleet unit that re-rolls its dice in the best way for the distance it needs. https://rulesref.github.io/rulesref/w40k7/fleet/ @throws {RangeError} a ValueError naming the input */
export declare function charge(args: charge.Args): Charge;
export declare namespace charge {
  interface Args {
    /** The first charge die */
    readonly first: number;
    /** The second charge die */
    readonly second: number;
    /** The first re-rolled die (used when re-rolling one or both) */
    readonly reroll_a: number;
    /** The second re-rolled die (used when re-rolling both) */
    readonly reroll_b: number;
    /** The distance to the enemy in inches */
    readonly needed: number;
    /** Every model in the unit has Fleet */
    readonly all_models_fleet: boolean;
  }
}

/** Exact odds of each result of `charge` over its dice, in order of result. */
export declare function charge_odds(args: charge_odds.Args): readonly Odds<Charge>[];
export declare namespace charge_odds {
  interface Args {
    /** The distance to the enemy in inches */
    readonly needed: number;
    /** Every model in the unit has Fleet */
    readonly all_models_fleet: boolean;
  }
}

/** The result of `run`. */
export interface Run {
  readonly rerolled: boolean;
  readonly inches: number;
}

/** The Run move of a Fleet unit that re-rolls its D6 when it falls short of the distance wanted. https://rulesref.github.io/rulesref/w40k7/fleet/ @throws {RangeError} a ValueError naming the input */
export declare function run(args: run.Args): Run;
export declare namespace run {
  interface Args {
    /** The Run die */
    readonly roll: number;
    /** The re-rolled die (used only when re-rolling) */
    readonly reroll: number;
    /** The distance the unit wants to Run */
    readonly wanted: number;
    /** Every model in the unit has Fleet */
    readonly all_models_fleet: boolean;
  }
}

/** Exact odds of each result of `run` over its dice, in order of result. */
export declare function run_odds(args: run_odds.Args): readonly Odds<Run>[];
export declare namespace run_odds {
  interface Args {
    /** The distance the unit wants to Run */
    readonly wanted: number;
    /** Every model in the unit has Fleet */
    readonly all_models_fleet: boolean;
  }
}
