/** Forsaken One (The Ninth Age: Fantasy Battles): A single hulking, mindless monstrosity that lurches randomly into the enemy and grinds through their ranks. */

import type { Odds } from "../_runtime.js";

export declare const ID: "forsaken-one";
export declare const NAME: "Forsaken One";
export declare const SYSTEM: "t9a";
export declare const KIND: "unit";
export declare const SUMMARY: "A single hulking, mindless monstrosity that lurches randomly into the enemy and grinds through their ranks.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/forsaken-one/";

/** Whether a unit passes a Panic Test, for Forsaken One with its rules. https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function panic_test(): boolean;
export declare namespace panic_test {
  interface Args {
  }
}

/** Whether a unit passes a Command Test, for Forsaken One with its rules. https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function command_test(args: command_test.Args): boolean;
export declare namespace command_test {
  interface Args {
    /** The 2D6 rolled */
    readonly roll: number;
    /** The unit's Discipline */
    readonly discipline: number;
    /** What the Command Test is for */
    readonly purpose: "combat-reform" | "redirecting-charges" | "other";
  }
}

/** Exact odds of each result of `command_test` over its dice, in order of result. */
export declare function command_test_odds(args: command_test_odds.Args): readonly Odds<boolean>[];
export declare namespace command_test_odds {
  interface Args {
    /** The unit's Discipline */
    readonly discipline: number;
    /** What the Command Test is for */
    readonly purpose: "combat-reform" | "redirecting-charges" | "other";
  }
}

/** Whether a unit that lost a Round of Combat holds (passes its Break Test), for Forsaken One with its rules. https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function break_test(): boolean;
export declare namespace break_test {
  interface Args {
  }
}

/** How many Health Points an Unstable unit loses instead of taking a Break Test, for Forsaken One with its rules. https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function health_point_losses(args: health_point_losses.Args): number;
export declare namespace health_point_losses {
  interface Args {
    /** The amount by which the combat was lost */
    readonly lost_by: number;
    /** Whether the unit is affected by Beacon of Courage */
    readonly beacon_of_courage: boolean;
    readonly steady: boolean;
    readonly solid: boolean;
  }
}
