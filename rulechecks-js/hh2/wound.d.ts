/** Wound (Warhammer: The Horus Heresy): One point of damage to a model; each unsaved Wound takes one point off its Wounds characteristic, and at zero the model is removed. */

import type { Odds } from "../_runtime.js";

export declare const ID: "wound";
export declare const NAME: "Wound";
export declare const SYSTEM: "hh2";
export declare const KIND: "term";
export declare const SUMMARY: "One point of damage to a model; each unsaved Wound takes one point off its Wounds characteristic, and at zero the model is removed.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/wound/";

/** How many Wounds a model loses from one Wound allocated to it, after its saving throws. https://rulesref.github.io/rulesref/hh2/wound/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_lost(args: wounds_lost.Args): number;
export declare namespace wounds_lost {
  interface Args {
    /** Wounds the allocated Wound becomes (1 in the core rules) */
    readonly suffered: number;
    /** The model's best save against the attack (3 for 3+; 7 for none) */
    readonly save: number;
    /** The saving throws: the dice that pass */
    readonly saves: number;
    /** The saving throws: the dice that fail */
    readonly unsaved: number;
    /** Wounds the model has left */
    readonly wounds_remaining: number;
  }
}

/** Exact odds of each result of `wounds_lost` over its dice, in order of result. */
export declare function wounds_lost_odds(args: wounds_lost_odds.Args): readonly Odds<number>[];
export declare namespace wounds_lost_odds {
  interface Args {
    /** Wounds the allocated Wound becomes (1 in the core rules) */
    readonly suffered: number;
    /** The model's best save against the attack (3 for 3+; 7 for none) */
    readonly save: number;
    /** Wounds the model has left */
    readonly wounds_remaining: number;
  }
}
