/** Sniper (Warhammer: The Horus Heresy): Every Wound from a Sniper attack is a Precision Shot, allocated by the firer to a model in range and sight; never for Snap Shots, Blast or Template attacks. */

import type { Odds } from "../_runtime.js";

export declare const ID: "sniper";
export declare const NAME: "Sniper";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "Every Wound from a Sniper attack is a Precision Shot, allocated by the firer to a model in range and sight; never for Snap Shots, Blast or Template attacks.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/sniper/";

/** Whether the Wounds of an attack from a Sniper weapon or model are Precision Shots. https://rulesref.github.io/rulesref/hh2/sniper/ @throws {RangeError} a ValueError naming the input */
export declare function is_precision_shot(args: is_precision_shot.Args): boolean;
export declare namespace is_precision_shot {
  interface Args {
    /** Whether the attack was fired as a Snap Shot */
    readonly snap_shot: boolean;
    /** Whether the attack has the Blast rule */
    readonly blast: boolean;
    /** Whether the attack has the Template rule */
    readonly template: boolean;
  }
}

/** The result of `precision_shots`. */
export interface PrecisionShots {
  /** Wounds inflicted */
  readonly wounds: number;
  /** Wounds that are Precision Shots, allocated by the firer */
  readonly precision_shots: number;
}

/** How many Wounds a Sniper attack of several shots inflicts, and how many of them are Precision Shots. https://rulesref.github.io/rulesref/hh2/sniper/ @throws {RangeError} a ValueError naming the input */
export declare function precision_shots(args: precision_shots.Args): PrecisionShots;
export declare namespace precision_shots {
  interface Args {
    /** The shots fired */
    readonly shots: number;
    /** The To Hit roll needed (3 for 3+; 6 for Snap Shots) */
    readonly to_hit: number;
    /** The To Wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** Whether the shots are Snap Shots */
    readonly snap_shot: boolean;
    /** Whether the attack has the Blast or Template rule */
    readonly blast_or_template: boolean;
    /** The To Hit rolls: the dice that pass */
    readonly hits: number;
    /** The To Wound rolls of the hits: the dice that pass */
    readonly wounds: number;
  }
}

/** Exact odds of each result of `precision_shots` over its dice, in order of result. */
export declare function precision_shots_odds(args: precision_shots_odds.Args): readonly Odds<PrecisionShots>[];
export declare namespace precision_shots_odds {
  interface Args {
    /** The shots fired */
    readonly shots: number;
    /** The To Hit roll needed (3 for 3+; 6 for Snap Shots) */
    readonly to_hit: number;
    /** The To Wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** Whether the shots are Snap Shots */
    readonly snap_shot: boolean;
    /** Whether the attack has the Blast or Template rule */
    readonly blast_or_template: boolean;
  }
}
