/** Fear (Warhammer 40,000): Enemy units in base contact with a Fear-causing model take a Leadership test each Fight sub-phase; if they fail they fight at Weapon Skill 1. */

import type { Odds } from "../_runtime.js";

export declare const ID: "fear";
export declare const NAME: "Fear";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Enemy units in base contact with a Fear-causing model take a Leadership test each Fight sub-phase; if they fail they fight at Weapon Skill 1.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/fear/";

/** The result of `fear_test`. */
export interface FearTest {
  readonly test: "not-taken" | "passed" | "failed";
  readonly weapon_skill: number;
}

/** The outcome of a Fear test and the unit's Weapon Skill for this Fight sub-phase. https://rulesref.github.io/rulesref/w40k7/fear/ @throws {RangeError} a ValueError naming the input */
export declare function fear_test(args: fear_test.Args): FearTest;
export declare namespace fear_test {
  interface Args {
    /** The 2D6 rolled for the Leadership test */
    readonly roll: number;
    /** The unit's Leadership */
    readonly leadership: number;
    /** The models' Weapon Skill */
    readonly weapon_skill: number;
    /** The unit is in base contact with an enemy model that causes Fear */
    readonly touching_fear: boolean;
    /** The unit has a Fearless model */
    readonly fearless: boolean;
  }
}

/** Exact odds of each result of `fear_test` over its dice, in order of result. */
export declare function fear_test_odds(args: fear_test_odds.Args): readonly Odds<FearTest>[];
export declare namespace fear_test_odds {
  interface Args {
    /** The unit's Leadership */
    readonly leadership: number;
    /** The models' Weapon Skill */
    readonly weapon_skill: number;
    /** The unit is in base contact with an enemy model that causes Fear */
    readonly touching_fear: boolean;
    /** The unit has a Fearless model */
    readonly fearless: boolean;
  }
}
