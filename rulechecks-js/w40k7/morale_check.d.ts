/** Morale check (Warhammer 40,000): A Leadership test a unit takes after heavy losses or losing a combat; failing it makes the unit break and Fall Back. */

import type { Odds } from "../_runtime.js";

export declare const ID: "morale-check";
export declare const NAME: "Morale check";
export declare const SYSTEM: "w40k7";
export declare const KIND: "term";
export declare const SUMMARY: "A Leadership test a unit takes after heavy losses or losing a combat; failing it makes the unit break and Fall Back.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/morale-check/";

/** Whether a unit passes a Morale check. https://rulesref.github.io/rulesref/w40k7/morale-check/ @throws {RangeError} a ValueError naming the input */
export declare function passed(args: passed.Args): boolean;
export declare namespace passed {
  interface Args {
    /** The 2D6 rolled (2 is a double 1) */
    readonly roll: number;
    /** The unit's Leadership (the highest among its models) */
    readonly leadership: number;
    /** What is taken off the Leadership, such as the amount a close combat was lost by */
    readonly penalty: number;
  }
}

/** Exact odds of each result of `passed` over its dice, in order of result. */
export declare function passed_odds(args: passed_odds.Args): readonly Odds<boolean>[];
export declare namespace passed_odds {
  interface Args {
    /** The unit's Leadership (the highest among its models) */
    readonly leadership: number;
    /** What is taken off the Leadership, such as the amount a close combat was lost by */
    readonly penalty: number;
  }
}
