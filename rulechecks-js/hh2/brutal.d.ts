/** Brutal (X) (Warhammer: The Horus Heresy): Every Wound allocated from this weapon turns into X Wounds, each saved separately; extra Wounds never pass to other models. */

import type { Odds } from "../_runtime.js";

export declare const ID: "brutal";
export declare const NAME: "Brutal (X)";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "Every Wound allocated from this weapon turns into X Wounds, each saved separately; extra Wounds never pass to other models.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/brutal/";

/** How many Wounds a model suffers from the Wounds allocated to it by a Brutal (X) weapon, before saves. https://rulesref.github.io/rulesref/hh2/brutal/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_suffered(args: wounds_suffered.Args): number;
export declare namespace wounds_suffered {
  interface Args {
    /** How many Wounds each allocated Wound becomes */
    readonly X: number;
    /** Wounds from the weapon allocated to the model */
    readonly allocated_wounds: number;
    /** Whether the model has a Toughness value */
    readonly has_toughness: boolean;
  }
}

/** How many Wounds one model loses from the X Wounds of one allocated Wound, each saved separately. https://rulesref.github.io/rulesref/hh2/brutal/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_lost_by_model(args: wounds_lost_by_model.Args): number;
export declare namespace wounds_lost_by_model {
  interface Args {
    /** How many Wounds each allocated Wound becomes */
    readonly X: number;
    /** The model's save against the weapon (3 for 3+; 7 for no save) */
    readonly save: number;
    /** The saving throws of the X Wounds: the dice that pass */
    readonly saves: number;
    /** The saving throws of the X Wounds: the dice that fail */
    readonly unsaved_wounds: number;
    /** Wounds the model has left */
    readonly wounds_remaining: number;
  }
}

/** Exact odds of each result of `wounds_lost_by_model` over its dice, in order of result. */
export declare function wounds_lost_by_model_odds(args: wounds_lost_by_model_odds.Args): readonly Odds<number>[];
export declare namespace wounds_lost_by_model_odds {
  interface Args {
    /** How many Wounds each allocated Wound becomes */
    readonly X: number;
    /** The model's save against the weapon (3 for 3+; 7 for no save) */
    readonly save: number;
    /** Wounds the model has left */
    readonly wounds_remaining: number;
  }
}
