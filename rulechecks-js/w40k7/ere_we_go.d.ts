/** 'Ere We Go! (Warhammer 40,000): An Ork unit made up entirely of models with this rule may re-roll one of its charge dice. */

import type { Odds } from "../_runtime.js";

export declare const ID: "ere-we-go";
export declare const NAME: "'Ere We Go!";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "An Ork unit made up entirely of models with this rule may re-roll one of its charge dice.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/ere-we-go/";

/** The result of `charge`. */
export interface Charge {
  readonly rerolled: boolean;
  readonly charge_range: number;
  readonly in_range: boolean;
}

/** The charge range of a unit with 'Ere We Go! that re-rolls its lower die when the charge falls short. https://rulesref.github.io/rulesref/w40k7/ere-we-go/ @throws {RangeError} a ValueError naming the input */
export declare function charge(args: charge.Args): Charge;
export declare namespace charge {
  interface Args {
    /** The first charge die */
    readonly first: number;
    /** The second charge die */
    readonly second: number;
    /** The re-rolled die (used only when re-rolling) */
    readonly reroll: number;
    /** The distance to the enemy in inches */
    readonly needed: number;
    readonly every_model_has_rule: boolean;
  }
}

/** Exact odds of each result of `charge` over its dice, in order of result. */
export declare function charge_odds(args: charge_odds.Args): readonly Odds<Charge>[];
export declare namespace charge_odds {
  interface Args {
    /** The distance to the enemy in inches */
    readonly needed: number;
    readonly every_model_has_rule: boolean;
  }
}
