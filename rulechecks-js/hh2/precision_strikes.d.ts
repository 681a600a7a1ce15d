/** Precision Strikes (X) (Warhammer: The Horus Heresy): In melee, a To Hit roll of X or more is a Precision Strike, whose Wounds the attacker allocates to an engaged model of its choice. */

import type { Odds } from "../_runtime.js";

export declare const ID: "precision-strikes";
export declare const NAME: "Precision Strikes (X)";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "In melee, a To Hit roll of X or more is a Precision Strike, whose Wounds the attacker allocates to an engaged model of its choice.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/precision-strikes/";

/** Whether a hit is a Precision Strike. https://rulesref.github.io/rulesref/hh2/precision-strikes/ @throws {RangeError} a ValueError naming the input */
export declare function is_precision_strike(args: is_precision_strike.Args): boolean;
export declare namespace is_precision_strike {
  interface Args {
    /** The To Hit roll needed for a Precision Strike (written 4+) */
    readonly X: number;
    /** The To Hit roll */
    readonly roll: number;
    /** Whether the To Hit roll is part of a melee attack */
    readonly melee: boolean;
  }
}

/** Exact odds of each result of `is_precision_strike` over its dice, in order of result. */
export declare function is_precision_strike_odds(args: is_precision_strike_odds.Args): readonly Odds<boolean>[];
export declare namespace is_precision_strike_odds {
  interface Args {
    /** The To Hit roll needed for a Precision Strike (written 4+) */
    readonly X: number;
    /** Whether the To Hit roll is part of a melee attack */
    readonly melee: boolean;
  }
}

/** The result of `precision_strikes`. */
export interface PrecisionStrikes {
  /** Hits scored, Precision Strikes among them */
  readonly hits: number;
  /** Hits that are Precision Strikes */
  readonly precision_strikes: number;
}

/** How many of a model's melee To Hit rolls are hits, and how many of those hits are Precision Strikes. https://rulesref.github.io/rulesref/hh2/precision-strikes/ @throws {RangeError} a ValueError naming the input */
export declare function precision_strikes(args: precision_strikes.Args): PrecisionStrikes;
export declare namespace precision_strikes {
  interface Args {
    /** The To Hit roll needed for a Precision Strike (written 4+) */
    readonly X: number;
    /** The melee attacks the model makes */
    readonly attacks: number;
    /** The To Hit roll needed (4 for 4+) */
    readonly to_hit: number;
    /** The To Hit rolls: the dice that pass */
    readonly rolls: number;
    /** The To Hit rolls: the dice counted as strikes */
    readonly strikes: number;
    /** The To Hit rolls: the dice that fail */
    readonly misses: number;
  }
}

/** Exact odds of each result of `precision_strikes` over its dice, in order of result. */
export declare function precision_strikes_odds(args: precision_strikes_odds.Args): readonly Odds<PrecisionStrikes>[];
export declare namespace precision_strikes_odds {
  interface Args {
    /** The To Hit roll needed for a Precision Strike (written 4+) */
    readonly X: number;
    /** The melee attacks the model makes */
    readonly attacks: number;
    /** The To Hit roll needed (4 for 4+) */
    readonly to_hit: number;
  }
}
