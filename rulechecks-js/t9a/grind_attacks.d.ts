/** Grind Attacks (X) (The Ninth Age: Fantasy Battles): A Special Attack at the model part's Agility that inflicts X hits with its Strength, Armour Penetration and Attack Attributes, but not its Weapons. */

import type { Odds } from "../_runtime.js";

export declare const ID: "grind-attacks";
export declare const NAME: "Grind Attacks (X)";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A Special Attack at the model part's Agility that inflicts X hits with its Strength, Armour Penetration and Attack Attributes, but not its Weapons.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/grind-attacks/";

/** How many hits a Grind Attack inflicts. https://rulesref.github.io/rulesref/t9a/grind-attacks/ @throws {RangeError} a ValueError naming the input */
export declare function hits(args: hits.Args): number;
export declare namespace hits {
  interface Args {
    /** The number of hits, fixed or rolled */
    readonly X: "D3" | "D6" | "2D6" | "D3+1" | "D6+1" | "D6+2" | "D6+3" | "2" | "3" | "4" | "5" | "6";
    /** The total rolled for X (X itself when it is a fixed number) */
    readonly roll: number;
  }
}

/** Exact odds of each result of `hits` over its dice, in order of result. */
export declare function hits_odds(args: hits_odds.Args): readonly Odds<number>[];
export declare namespace hits_odds {
  interface Args {
    /** The number of hits, fixed or rolled */
    readonly X: "D3" | "D6" | "2D6" | "D3+1" | "D6+1" | "D6+2" | "D6+3" | "2" | "3" | "4" | "5" | "6";
  }
}

/** How many wounds the hits of a Grind Attack cause, the hits rolled for X and each hit rolled to wound. https://rulesref.github.io/rulesref/t9a/grind-attacks/ @throws {RangeError} a ValueError naming the input */
export declare function wounds(args: wounds.Args): number;
export declare namespace wounds {
  interface Args {
    /** The number of hits, fixed or rolled */
    readonly X: "D3" | "D6" | "2D6" | "D3+1" | "D6+1" | "D6+2" | "D6+3" | "2" | "3" | "4" | "5" | "6";
    /** The hits, the total rolled for X */
    readonly hits: number;
    /** The to-wound roll needed with the model part's Strength (4 for 4+) */
    readonly to_wound: number;
    /** The to-wound rolls of the hits: the dice that pass */
    readonly rolls: number;
  }
}

/** Exact odds of each result of `wounds` over its dice, in order of result. */
export declare function wounds_odds(args: wounds_odds.Args): readonly Odds<number>[];
export declare namespace wounds_odds {
  interface Args {
    /** The number of hits, fixed or rolled */
    readonly X: "D3" | "D6" | "2D6" | "D3+1" | "D6+1" | "D6+2" | "D6+3" | "2" | "3" | "4" | "5" | "6";
    /** The to-wound roll needed with the model part's Strength (4 for 4+) */
    readonly to_wound: number;
  }
}
