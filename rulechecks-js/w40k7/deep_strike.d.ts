/** Deep Strike (Warhammer 40,000): Arriving from Reserves anywhere on the table by teleport or drop; a landing that goes wrong is rolled on the Mishap table. */

import type { Odds } from "../_runtime.js";

export declare const ID: "deep-strike";
export declare const NAME: "Deep Strike";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Arriving from Reserves anywhere on the table by teleport or drop; a landing that goes wrong is rolled on the Mishap table.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/deep-strike/";

/** The result of a roll on the Deep Strike Mishap table. https://rulesref.github.io/rulesref/w40k7/deep-strike/ @throws {RangeError} a ValueError naming the input */
export declare function mishap(args: mishap.Args): "destroyed" | "misplaced" | "delayed";
export declare namespace mishap {
  interface Args {
    /** The D6 rolled on the table */
    readonly roll: number;
  }
}

/** Exact odds of each result of `mishap` over its dice, in order of result. */
export declare function mishap_odds(): readonly Odds<"destroyed" | "misplaced" | "delayed">[];
export declare namespace mishap_odds {
  interface Args {
  }
}

/** The result of `misplaced_spot`. */
export interface MisplacedSpot {
  readonly allowed: boolean;
  readonly dangerous: boolean;
}

/** Whether the opponent may place a Misplaced unit on a kind of ground, and whether it is then dangerous. https://rulesref.github.io/rulesref/w40k7/deep-strike/ @throws {RangeError} a ValueError naming the input */
export declare function misplaced_spot(args: misplaced_spot.Args): MisplacedSpot;
export declare namespace misplaced_spot {
  interface Args {
    readonly ground: "open-ground" | "difficult-terrain" | "impassable-terrain";
  }
}
