/** Saving throw (Warhammer: The Horus Heresy): A D6 roll a model makes to ignore a Wound allocated to it, using its armour, invulnerable or other save value. */

import type { Odds } from "../_runtime.js";

export declare const ID: "saving-throw";
export declare const NAME: "Saving throw";
export declare const SYSTEM: "hh2";
export declare const KIND: "term";
export declare const SUMMARY: "A D6 roll a model makes to ignore a Wound allocated to it, using its armour, invulnerable or other save value.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/saving-throw/";

/** Whether a model's saving throw stops a Wound. https://rulesref.github.io/rulesref/hh2/saving-throw/ @throws {RangeError} a ValueError naming the input */
export declare function saved(args: saved.Args): boolean;
export declare namespace saved {
  interface Args {
    /** The D6 rolled for the save */
    readonly roll: number;
    /** The model's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The attack's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The model's invulnerable save (4 for 4+; 7 for none) */
    readonly invulnerable_save: number;
  }
}

/** Exact odds of each result of `saved` over its dice, in order of result. */
export declare function saved_odds(args: saved_odds.Args): readonly Odds<boolean>[];
export declare namespace saved_odds {
  interface Args {
    /** The model's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The attack's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The model's invulnerable save (4 for 4+; 7 for none) */
    readonly invulnerable_save: number;
  }
}
