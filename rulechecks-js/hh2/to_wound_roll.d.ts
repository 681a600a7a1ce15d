/** To Wound roll (Warhammer: The Horus Heresy): The D6 rolled for each hit to see whether it wounds: the attack's Strength against the target's Toughness sets the number needed. */

import type { Odds } from "../_runtime.js";

export declare const ID: "to-wound-roll";
export declare const NAME: "To Wound roll";
export declare const SYSTEM: "hh2";
export declare const KIND: "term";
export declare const SUMMARY: "The D6 rolled for each hit to see whether it wounds: the attack's Strength against the target's Toughness sets the number needed.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/to-wound-roll/";

/** Whether a hit wounds. https://rulesref.github.io/rulesref/hh2/to-wound-roll/ @throws {RangeError} a ValueError naming the input */
export declare function wounds(args: wounds.Args): boolean;
export declare namespace wounds {
  interface Args {
    /** The D6 rolled To Wound */
    readonly roll: number;
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
  }
}

/** Exact odds of each result of `wounds` over its dice, in order of result. */
export declare function wounds_odds(args: wounds_odds.Args): readonly Odds<boolean>[];
export declare namespace wounds_odds {
  interface Args {
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
  }
}
