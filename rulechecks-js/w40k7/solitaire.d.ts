/** Solitaire (Warhammer 40,000): A lone Harlequin character of terrible speed and skill who fights alone and can never be joined. */

import type { Odds } from "../_runtime.js";

export declare const ID: "solitaire";
export declare const NAME: "Solitaire";
export declare const SYSTEM: "w40k7";
export declare const KIND: "unit";
export declare const SUMMARY: "A lone Harlequin character of terrible speed and skill who fights alone and can never be joined.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/solitaire/";

/** Whether an invulnerable save stops a Wound, for Solitaire with its rules. https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function invulnerable_save(args: invulnerable_save.Args): boolean;
export declare namespace invulnerable_save {
  interface Args {
    /** The D6 rolled for the save */
    readonly roll: number;
  }
}

/** Exact odds of each result of `invulnerable_save` over its dice, in order of result. */
export declare function invulnerable_save_odds(): readonly Odds<boolean>[];
export declare namespace invulnerable_save_odds {
  interface Args {
  }
}

/** Whether a unit passes a Morale check, for Solitaire with its rules. https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function morale_check(): boolean;
export declare namespace morale_check {
  interface Args {
  }
}

/** How many Wounds a model has left after one unsaved Wound, for Solitaire with its rules. https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function wound(args: wound.Args): number;
export declare namespace wound {
  interface Args {
    /** The model's Wounds before this one */
    readonly wounds: number;
  }
}

/** Whether a hit wounds, for Solitaire with its rules. https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function to_wound_roll(args: to_wound_roll.Args): boolean;
export declare namespace to_wound_roll {
  interface Args {
    /** The D6 rolled To Wound */
    readonly roll: number;
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}

/** Exact odds of each result of `to_wound_roll` over its dice, in order of result. */
export declare function to_wound_roll_odds(args: to_wound_roll_odds.Args): readonly Odds<boolean>[];
export declare namespace to_wound_roll_odds {
  interface Args {
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}
