/** Precision Strikes (Warhammer 40,000): Each To Hit roll of 6 in close combat lets the attacker pick which engaged enemy model takes the Wound. */

import type { Odds } from "../_runtime.js";

export declare const ID: "precision-strikes";
export declare const NAME: "Precision Strikes";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Each To Hit roll of 6 in close combat lets the attacker pick which engaged enemy model takes the Wound.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/precision-strikes/";

/** Whether a hit is a Precision Strike. https://rulesref.github.io/rulesref/w40k7/precision-strikes/ @throws {RangeError} a ValueError naming the input */
export declare function is_precision_strike(args: is_precision_strike.Args): boolean;
export declare namespace is_precision_strike {
  interface Args {
    /** The To Hit roll */
    readonly roll: number;
    /** The attack was made with a Melee weapon */
    readonly melee_weapon: boolean;
  }
}

/** Exact odds of each result of `is_precision_strike` over its dice, in order of result. */
export declare function is_precision_strike_odds(args: is_precision_strike_odds.Args): readonly Odds<boolean>[];
export declare namespace is_precision_strike_odds {
  interface Args {
    /** The attack was made with a Melee weapon */
    readonly melee_weapon: boolean;
  }
}

/** The result of `allocation`. */
export interface Allocation {
  readonly allocated_by: "attacker" | "normal-rules";
  /** The model may make a Look Out, Sir roll */
  readonly look_out_sir: boolean;
}

/** Who allocates a Wound caused by a hit, and whether a character hit by it may still roll Look Out, Sir. https://rulesref.github.io/rulesref/w40k7/precision-strikes/ @throws {RangeError} a ValueError naming the input */
export declare function allocation(args: allocation.Args): Allocation;
export declare namespace allocation {
  interface Args {
    /** The Wound comes from a Precision Strike */
    readonly precision_strike: boolean;
    /** The Wound is allocated to a character */
    readonly to_character: boolean;
  }
}

/** The result of `precision_strikes`. */
export interface PrecisionStrikes {
  /** Hits scored, Precision Strikes among them */
  readonly hits: number;
  /** Hits that are Precision Strikes */
  readonly precision_strikes: number;
}

/** How many of a model's close combat To Hit rolls are hits, and how many of those are Precision Strikes. https://rulesref.github.io/rulesref/w40k7/precision-strikes/ @throws {RangeError} a ValueError naming the input */
export declare function precision_strikes(args: precision_strikes.Args): PrecisionStrikes;
export declare namespace precision_strikes {
  interface Args {
    /** The attacks the model makes */
    readonly attacks: number;
    /** The To Hit roll needed (4 for 4+) */
    readonly to_hit: number;
    /** The attacks are made with a Melee weapon */
    readonly melee_weapon: boolean;
    /** The To Hit rolls: the dice that pass */
    readonly rolls: number;
    /** The To Hit rolls: the dice counted as strikes */
    readonly strikes: number;
  }
}

/** Exact odds of each result of `precision_strikes` over its dice, in order of result. */
export declare function precision_strikes_odds(args: precision_strikes_odds.Args): readonly Odds<PrecisionStrikes>[];
export declare namespace precision_strikes_odds {
  interface Args {
    /** The attacks the model makes */
    readonly attacks: number;
    /** The To Hit roll needed (4 for 4+) */
    readonly to_hit: number;
    /** The attacks are made with a Melee weapon */
    readonly melee_weapon: boolean;
  }
}
