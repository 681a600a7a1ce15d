/** Hit & Run (Warhammer 40,000): At the end of an Assault phase a unit with this rule may try to leave combat with an Initiative test and a 3D6-inch move. */

import type { Odds } from "../_runtime.js";

export declare const ID: "hit-and-run";
export declare const NAME: "Hit & Run";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "At the end of an Assault phase a unit with this rule may try to leave combat with an Initiative test and a 3D6-inch move.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/hit-and-run/";

/** The result of `break_away`. */
export interface BreakAway {
  readonly outcome: "test-failed" | "too-short" | "breaks-away";
  /** Inches the unit moves in the chosen direction */
  readonly inches: number;
}

/** Whether a unit leaves combat with Hit & Run, and how far it moves. https://rulesref.github.io/rulesref/w40k7/hit-and-run/ @throws {RangeError} a ValueError naming the input */
export declare function break_away(args: break_away.Args): BreakAway;
export declare namespace break_away {
  interface Args {
    /** The Initiative the unit tests against */
    readonly initiative: number;
    /** The D6 for the Initiative test */
    readonly test_roll: number;
    /** The 3D6 rolled for the move */
    readonly distance: number;
    /** Inches needed to bring the whole unit exactly 1 inch from every enemy unit it was locked with */
    readonly needed: number;
  }
}

/** Exact odds of each result of `break_away` over its dice, in order of result. */
export declare function break_away_odds(args: break_away_odds.Args): readonly Odds<BreakAway>[];
export declare namespace break_away_odds {
  interface Args {
    /** The Initiative the unit tests against */
    readonly initiative: number;
    /** Inches needed to bring the whole unit exactly 1 inch from every enemy unit it was locked with */
    readonly needed: number;
  }
}

/** The result of `move_through_terrain`. */
export interface MoveThroughTerrain {
  readonly slowed: boolean;
  readonly dangerous_terrain_tests: boolean;
}

/** How the ground a Hit & Run move crosses affects it. https://rulesref.github.io/rulesref/w40k7/hit-and-run/ @throws {RangeError} a ValueError naming the input */
export declare function move_through_terrain(args: move_through_terrain.Args): MoveThroughTerrain;
export declare namespace move_through_terrain {
  interface Args {
    /** The worst ground the move crosses (dangerous terrain is also difficult) */
    readonly terrain: "open-ground" | "difficult-terrain" | "dangerous-terrain";
  }
}
