/** Pinning (Warhammer: The Horus Heresy): Unsaved Wounds from this weapon force a Leadership test; a unit that fails is Pinned and cannot move, react or shoot except Snap Shots until the end of its next turn. */

import type { Odds } from "../_runtime.js";

export declare const ID: "pinning";
export declare const NAME: "Pinning";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "Unsaved Wounds from this weapon force a Leadership test; a unit that fails is Pinned and cannot move, react or shoot except Snap Shots until the end of its next turn.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/pinning/";

/** Whether a unit shot by a Pinning weapon takes a Pinning test, passes it automatically, or is not called on at all. https://rulesref.github.io/rulesref/hh2/pinning/ @throws {RangeError} a ValueError naming the input */
export declare function test_needed(args: test_needed.Args): "no-test" | "automatic-pass" | "roll";
export declare namespace test_needed {
  interface Args {
    /** Unsaved Wounds from Pinning weapons of this firing unit */
    readonly unsaved_wounds: number;
    /** Whether the unit already took a Pinning test for this firing unit this turn */
    readonly already_tested_against_shooter: boolean;
    readonly locked_in_combat: boolean;
    readonly already_pinned: boolean;
    /** Whether every model in the unit is a Vehicle */
    readonly all_vehicles: boolean;
    /** Whether the unit is Embarked on a Transport Vehicle */
    readonly embarked: boolean;
    /** Whether the unit is affected by Fearless */
    readonly fearless: boolean;
  }
}

/** Whether a unit taking a Pinning test becomes Pinned. https://rulesref.github.io/rulesref/hh2/pinning/ @throws {RangeError} a ValueError naming the input */
export declare function test_result(args: test_result.Args): boolean;
export declare namespace test_result {
  interface Args {
    /** The unit's Leadership */
    readonly leadership: number;
    /** The Pinning test roll */
    readonly roll: number;
  }
}

/** Exact odds of each result of `test_result` over its dice, in order of result. */
export declare function test_result_odds(args: test_result_odds.Args): readonly Odds<boolean>[];
export declare namespace test_result_odds {
  interface Args {
    /** The unit's Leadership */
    readonly leadership: number;
  }
}

/** Whether a Pinned unit is still Pinned. https://rulesref.github.io/rulesref/hh2/pinning/ @throws {RangeError} a ValueError naming the input */
export declare function still_pinned(args: still_pinned.Args): boolean;
export declare namespace still_pinned {
  interface Args {
    /** Whether the end of its turn after becoming Pinned has been reached */
    readonly following_turn_ended: boolean;
    /** Whether it has been forced to move, for example to Fall Back */
    readonly forced_to_move: boolean;
  }
}

/** Whether units charging this unit suffer the Initiative penalty for assaulting a unit in Difficult Terrain. https://rulesref.github.io/rulesref/hh2/pinning/ @throws {RangeError} a ValueError naming the input */
export declare function charger_initiative_penalty(args: charger_initiative_penalty.Args): boolean;
export declare namespace charger_initiative_penalty {
  interface Args {
    readonly target_in_difficult_terrain: boolean;
    readonly target_pinned: boolean;
  }
}
