/** Discipline (The Ninth Age: Fantasy Battles): A model's nerve characteristic; a Discipline Test is passed by rolling 2D6 equal to or under it. */

import type { Odds } from "../_runtime.js";

export declare const ID: "discipline";
export declare const NAME: "Discipline";
export declare const SYSTEM: "t9a";
export declare const KIND: "term";
export declare const SUMMARY: "A model's nerve characteristic; a Discipline Test is passed by rolling 2D6 equal to or under it.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/discipline/";

/** Whether a unit that lost a Round of Combat holds (passes its Break Test). https://rulesref.github.io/rulesref/t9a/discipline/ @throws {RangeError} a ValueError naming the input */
export declare function break_test(args: break_test.Args): boolean;
export declare namespace break_test {
  interface Args {
    /** The 2D6 rolled */
    readonly roll: number;
    /** The unit's Discipline */
    readonly discipline: number;
    /** The Combat Score difference by which the combat was lost */
    readonly lost_by: number;
  }
}

/** Exact odds of each result of `break_test` over its dice, in order of result. */
export declare function break_test_odds(args: break_test_odds.Args): readonly Odds<boolean>[];
export declare namespace break_test_odds {
  interface Args {
    /** The unit's Discipline */
    readonly discipline: number;
    /** The Combat Score difference by which the combat was lost */
    readonly lost_by: number;
  }
}

/** Whether a unit passes a Panic Test. https://rulesref.github.io/rulesref/t9a/discipline/ @throws {RangeError} a ValueError naming the input */
export declare function panic_test(args: panic_test.Args): boolean;
export declare namespace panic_test {
  interface Args {
    /** The 2D6 rolled */
    readonly roll: number;
    /** The unit's Discipline */
    readonly discipline: number;
  }
}

/** Exact odds of each result of `panic_test` over its dice, in order of result. */
export declare function panic_test_odds(args: panic_test_odds.Args): readonly Odds<boolean>[];
export declare namespace panic_test_odds {
  interface Args {
    /** The unit's Discipline */
    readonly discipline: number;
  }
}

/** Whether a unit passes a Command Test. https://rulesref.github.io/rulesref/t9a/discipline/ @throws {RangeError} a ValueError naming the input */
export declare function command_test(args: command_test.Args): boolean;
export declare namespace command_test {
  interface Args {
    /** The 2D6 rolled */
    readonly roll: number;
    /** The unit's Discipline */
    readonly discipline: number;
  }
}

/** Exact odds of each result of `command_test` over its dice, in order of result. */
export declare function command_test_odds(args: command_test_odds.Args): readonly Odds<boolean>[];
export declare namespace command_test_odds {
  interface Args {
    /** The unit's Discipline */
    readonly discipline: number;
  }
}
