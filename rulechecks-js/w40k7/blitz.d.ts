/** Blitz (Warhammer 40,000): Once per game the Solitaire can dash a distance of one D6 per game turn over anything in its way, then fights with 10 Attacks that turn. */

import type { Odds } from "../_runtime.js";

export declare const ID: "blitz";
export declare const NAME: "Blitz";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Once per game the Solitaire can dash a distance of one D6 per game turn over anything in its way, then fights with 10 Attacks that turn.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/blitz/";

/** The result of `blitz_move`. */
export interface BlitzMove {
  /** The Solitaire may Blitz now */
  readonly allowed: boolean;
  /** Inches it may move (0 when it may not Blitz) */
  readonly inches: number;
}

/** How far the Solitaire may Blitz this Movement phase, if it may Blitz at all. https://rulesref.github.io/rulesref/w40k7/blitz/ @throws {RangeError} a ValueError naming the input */
export declare function blitz_move(args: blitz_move.Args): BlitzMove;
export declare namespace blitz_move {
  interface Args {
    /** The current game turn number */
    readonly turn: number;
    /** The total of the D6 rolled (one per game turn) */
    readonly roll: number;
    /** The Solitaire has already Blitzed this game */
    readonly used_before: boolean;
  }
}

/** Exact odds of each result of `blitz_move` over its dice, in order of result. */
export declare function blitz_move_odds(args: blitz_move_odds.Args): readonly Odds<BlitzMove>[];
export declare namespace blitz_move_odds {
  interface Args {
    /** The current game turn number */
    readonly turn: number;
    /** The Solitaire has already Blitzed this game */
    readonly used_before: boolean;
  }
}

/** The Solitaire's Attacks characteristic in this turn's Assault phase. https://rulesref.github.io/rulesref/w40k7/blitz/ @throws {RangeError} a ValueError naming the input */
export declare function assault_attacks(args: assault_attacks.Args): number;
export declare namespace assault_attacks {
  interface Args {
    /** Attacks characteristic on the profile */
    readonly attacks: number;
    /** The Solitaire Blitzed in this turn's Movement phase */
    readonly blitzed_this_turn: boolean;
  }
}

/** Whether a Blitzing Solitaire may finish its move at a given spot. https://rulesref.github.io/rulesref/w40k7/blitz/ @throws {RangeError} a ValueError naming the input */
export declare function may_end_move_here(args: may_end_move_here.Args): boolean;
export declare namespace may_end_move_here {
  interface Args {
    /** The spot is on top of another model */
    readonly on_other_model: boolean;
    /** The spot is on impassable terrain */
    readonly on_impassable_terrain: boolean;
    /** The spot is within the inches rolled */
    readonly within_blitz_distance: boolean;
  }
}
