/** Concussive (X) (Warhammer: The Horus Heresy): A unit hit by Wounds from this weapon, saved or not, takes one Leadership test; if it fails, its WS drops by X until after the next Assault phase. */

import type { Odds } from "../_runtime.js";

export declare const ID: "concussive";
export declare const NAME: "Concussive (X)";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "A unit hit by Wounds from this weapon, saved or not, takes one Leadership test; if it fails, its WS drops by X until after the next Assault phase.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/concussive/";

/** Whether Wounds from a Concussive weapon force the unit to take a Leadership test now. https://rulesref.github.io/rulesref/hh2/concussive/ @throws {RangeError} a ValueError naming the input */
export declare function must_test(args: must_test.Args): boolean;
export declare namespace must_test {
  interface Args {
    /** Wounds from Concussive weapons suffered this phase or combat, saved or not */
    readonly wounds_suffered: number;
    /** Whether the unit already took its one Concussive Leadership test for these attacks */
    readonly already_tested: boolean;
  }
}

/** The result of `ws_reduction`. */
export interface WsReduction {
  /** Whether the Leadership test was passed */
  readonly passed: boolean;
  /** How much the unit's WS is reduced until the end of the following Assault phase */
  readonly ws_reduction: number;
}

/** The Leadership test forced by Concussive, and how far the unit's WS drops if it fails. https://rulesref.github.io/rulesref/hh2/concussive/ @throws {RangeError} a ValueError naming the input */
export declare function ws_reduction(args: ws_reduction.Args): WsReduction;
export declare namespace ws_reduction {
  interface Args {
    /** How much a failed test reduces the unit's WS (a plain Concussive weapon counts as 1) */
    readonly X: number;
    /** The unit's Leadership */
    readonly leadership: number;
    /** The Leadership test roll */
    readonly roll: number;
    /** Highest value among the other Concussive attacks that hit the unit (0 if none) */
    readonly other_highest: number;
  }
}

/** Exact odds of each result of `ws_reduction` over its dice, in order of result. */
export declare function ws_reduction_odds(args: ws_reduction_odds.Args): readonly Odds<WsReduction>[];
export declare namespace ws_reduction_odds {
  interface Args {
    /** How much a failed test reduces the unit's WS (a plain Concussive weapon counts as 1) */
    readonly X: number;
    /** The unit's Leadership */
    readonly leadership: number;
    /** Highest value among the other Concussive attacks that hit the unit (0 if none) */
    readonly other_highest: number;
  }
}

/** The result of `after_wounds`. */
export interface AfterWounds {
  /** Whether the unit had to take the Leadership test */
  readonly tested: boolean;
  /** How much the unit's WS is reduced until the end of the following Assault phase */
  readonly ws_reduction: number;
}

/** From the hits of a Concussive weapon to the end of the phase or combat, whether the unit tests and how far its WS drops. https://rulesref.github.io/rulesref/hh2/concussive/ @throws {RangeError} a ValueError naming the input */
export declare function after_wounds(args: after_wounds.Args): AfterWounds;
export declare namespace after_wounds {
  interface Args {
    /** How much a failed test reduces the unit's WS (a plain Concussive weapon counts as 1) */
    readonly X: number;
    /** Hits from the Concussive weapon on the unit */
    readonly hits: number;
    /** The To Wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** The To Wound rolls of the hits: the dice that pass */
    readonly wounds: number;
    /** The unit's Leadership */
    readonly leadership: number;
    /** The Leadership test roll (made only if a Wound was suffered) */
    readonly roll: number;
  }
}

/** Exact odds of each result of `after_wounds` over its dice, in order of result. */
export declare function after_wounds_odds(args: after_wounds_odds.Args): readonly Odds<AfterWounds>[];
export declare namespace after_wounds_odds {
  interface Args {
    /** How much a failed test reduces the unit's WS (a plain Concussive weapon counts as 1) */
    readonly X: number;
    /** Hits from the Concussive weapon on the unit */
    readonly hits: number;
    /** The To Wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** The unit's Leadership */
    readonly leadership: number;
  }
}
