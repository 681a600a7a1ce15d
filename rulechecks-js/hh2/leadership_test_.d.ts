/** Leadership test (Warhammer: The Horus Heresy): A 2D6 test of a unit's nerve: passed if the total is equal to or less than the unit's Leadership. */

import type { Odds } from "../_runtime.js";

export declare const ID: "leadership-test";
export declare const NAME: "Leadership test";
export declare const SYSTEM: "hh2";
export declare const KIND: "term";
export declare const SUMMARY: "A 2D6 test of a unit's nerve: passed if the total is equal to or less than the unit's Leadership.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/leadership-test/";

/** Whether a unit passes a Leadership test. https://rulesref.github.io/rulesref/hh2/leadership-test/ @throws {RangeError} a ValueError naming the input */
export declare function passed(args: passed.Args): boolean;
export declare namespace passed {
  interface Args {
    /** The unit's Leadership */
    readonly leadership: number;
    /** The total of the two D6 */
    readonly roll: number;
  }
}

/** Exact odds of each result of `passed` over its dice, in order of result. */
export declare function passed_odds(args: passed_odds.Args): readonly Odds<boolean>[];
export declare namespace passed_odds {
  interface Args {
    /** The unit's Leadership */
    readonly leadership: number;
  }
}
