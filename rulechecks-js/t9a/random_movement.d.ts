/** Random Movement (X) (The Ninth Age: Fantasy Battles): The unit never declares charges; instead of its Move Manoeuvres it lurches a random X" in a chosen direction as a Pursue Move, and it flees and pursues X". */

import type { Odds } from "../_runtime.js";

export declare const ID: "random-movement";
export declare const NAME: "Random Movement (X)";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "The unit never declares charges; instead of its Move Manoeuvres it lurches a random X\" in a chosen direction as a Pursue Move, and it flees and pursues X\".";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/random-movement/";

/** The Mobility and Charge Speed used for the unit whenever a rule asks for them, in inches. https://rulesref.github.io/rulesref/t9a/random-movement/ @throws {RangeError} a ValueError naming the input */
export declare function mobility(args: mobility.Args): number;
export declare namespace mobility {
  interface Args {
    /** The dice rolled for the distance it moves in inches */
    readonly X: "D6" | "2D6" | "3D6";
  }
}

/** How far, in inches, the unit moves in place of a Move Manoeuvre, Pursue Move or Flee Move. https://rulesref.github.io/rulesref/t9a/random-movement/ @throws {RangeError} a ValueError naming the input */
export declare function move_distance(args: move_distance.Args): number;
export declare namespace move_distance {
  interface Args {
    /** The dice rolled for the distance it moves in inches */
    readonly X: "D6" | "2D6" | "3D6";
    /** The total rolled for X */
    readonly roll: number;
  }
}

/** Exact odds of each result of `move_distance` over its dice, in order of result. */
export declare function move_distance_odds(args: move_distance_odds.Args): readonly Odds<number>[];
export declare namespace move_distance_odds {
  interface Args {
    /** The dice rolled for the distance it moves in inches */
    readonly X: "D6" | "2D6" | "3D6";
  }
}

/** The result of `replaced_move`. */
export interface ReplacedMove {
  readonly allowed: boolean;
  readonly performed_as: "none" | "pursue-move" | "flee-move";
  /** Dice rolled for the distance, or none */
  readonly distance: string;
}

/** What the unit does when it would charge, make a Move Manoeuvre, pursue or flee, and the distance it rolls. https://rulesref.github.io/rulesref/t9a/random-movement/ @throws {RangeError} a ValueError naming the input */
export declare function replaced_move(args: replaced_move.Args): ReplacedMove;
export declare namespace replaced_move {
  interface Args {
    /** The dice rolled for the distance it moves in inches */
    readonly X: "D6" | "2D6" | "3D6";
    /** The move the unit would normally make */
    readonly move: "declare-charge" | "move-manoeuvre" | "pursue-move" | "flee-move";
  }
}

/** Whether the unit takes a Dangerous Terrain Test that its move would otherwise call for. https://rulesref.github.io/rulesref/t9a/random-movement/ @throws {RangeError} a ValueError naming the input */
export declare function dangerous_terrain_test(args: dangerous_terrain_test.Args): boolean;
export declare namespace dangerous_terrain_test {
  interface Args {
    /** Whether the move would normally call for a Dangerous Terrain Test */
    readonly test_called_for: boolean;
    readonly charging: boolean;
  }
}
