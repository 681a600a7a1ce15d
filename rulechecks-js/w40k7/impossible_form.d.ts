/** Impossible Form (Warhammer 40,000): The Solitaire always has a 3+ invulnerable save. */

import type { Odds } from "../_runtime.js";

export declare const ID: "impossible-form";
export declare const NAME: "Impossible Form";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "The Solitaire always has a 3+ invulnerable save.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/impossible-form/";

/** Whether the Solitaire's invulnerable save roll stops the Wound. https://rulesref.github.io/rulesref/w40k7/impossible-form/ @throws {RangeError} a ValueError naming the input */
export declare function saved(args: saved.Args): boolean;
export declare namespace saved {
  interface Args {
    /** The D6 rolled for the invulnerable save */
    readonly roll: number;
  }
}

/** Exact odds of each result of `saved` over its dice, in order of result. */
export declare function saved_odds(): readonly Odds<boolean>[];
export declare namespace saved_odds {
  interface Args {
  }
}

/** The result of `best_save`. */
export interface BestSave {
  readonly save: "armour" | "invulnerable";
  /** The D6 result needed */
  readonly target: number;
}

/** The save the model should take against a Wound, given its armour save and the attack's AP. https://rulesref.github.io/rulesref/w40k7/impossible-form/ @throws {RangeError} a ValueError naming the input */
export declare function best_save(args: best_save.Args): BestSave;
export declare namespace best_save {
  interface Args {
    /** Armour save target (2 for 2+ ... 6 for 6+; 7 for no armour save) */
    readonly armour_save: number;
    /** The attack's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
  }
}

/** The result of `wounds_saved`. */
export interface WoundsSaved {
  /** Wounds saved */
  readonly saved: number;
  /** Wounds suffered */
  readonly unsaved: number;
}

/** How many of the Wounds allocated to the Solitaire it saves, each with the best save it has against the attack. https://rulesref.github.io/rulesref/w40k7/impossible-form/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_saved(args: wounds_saved.Args): WoundsSaved;
export declare namespace wounds_saved {
  interface Args {
    /** Wounds allocated to the Solitaire */
    readonly wounds: number;
    /** Armour save target (2 for 2+ ... 6 for 6+; 7 for no armour save) */
    readonly armour_save: number;
    /** The attack's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The saving throws: the dice that pass */
    readonly saves: number;
    /** The saving throws: the dice that fail */
    readonly unsaved: number;
  }
}

/** Exact odds of each result of `wounds_saved` over its dice, in order of result. */
export declare function wounds_saved_odds(args: wounds_saved_odds.Args): readonly Odds<WoundsSaved>[];
export declare namespace wounds_saved_odds {
  interface Args {
    /** Wounds allocated to the Solitaire */
    readonly wounds: number;
    /** Armour save target (2 for 2+ ... 6 for 6+; 7 for no armour save) */
    readonly armour_save: number;
    /** The attack's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
  }
}
