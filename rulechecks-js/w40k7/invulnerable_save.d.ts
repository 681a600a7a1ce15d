/** Invulnerable save (Warhammer 40,000): A save that no weapon's AP can remove, granted by force fields, divine protection or unnatural speed. */

import type { Odds } from "../_runtime.js";

export declare const ID: "invulnerable-save";
export declare const NAME: "Invulnerable save";
export declare const SYSTEM: "w40k7";
export declare const KIND: "term";
export declare const SUMMARY: "A save that no weapon's AP can remove, granted by force fields, divine protection or unnatural speed.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/invulnerable-save/";

/** Whether an invulnerable save stops a Wound. https://rulesref.github.io/rulesref/w40k7/invulnerable-save/ @throws {RangeError} a ValueError naming the input */
export declare function saved(args: saved.Args): boolean;
export declare namespace saved {
  interface Args {
    /** The D6 rolled for the save */
    readonly roll: number;
    /** The model's invulnerable save (3 for 3+; 7 for none) */
    readonly save: number;
  }
}

/** Exact odds of each result of `saved` over its dice, in order of result. */
export declare function saved_odds(args: saved_odds.Args): readonly Odds<boolean>[];
export declare namespace saved_odds {
  interface Args {
    /** The model's invulnerable save (3 for 3+; 7 for none) */
    readonly save: number;
  }
}
