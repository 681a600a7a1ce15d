/** Regeneration (X) (The Ninth Age: Fantasy Battles): A Special Save of X+, or a bonus to it that never makes it better than 3+; it cannot be used against Flaming Attacks or Lethal Strike sixes. */

import type { Odds } from "../_runtime.js";

export declare const ID: "regeneration";
export declare const NAME: "Regeneration (X)";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A Special Save of X+, or a bonus to it that never makes it better than 3+; it cannot be used against Flaming Attacks or Lethal Strike sixes.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/regeneration/";

/** The Regeneration save (as N for N+) a model ends up with after gaining a Regeneration modifier. https://rulesref.github.io/rulesref/t9a/regeneration/ @throws {RangeError} a ValueError naming the input */
export declare function improved_value(args: improved_value.Args): number;
export declare namespace improved_value {
  interface Args {
    /** Whether the model already has Regeneration */
    readonly has_regeneration: boolean;
    /** Its current Regeneration value (5 for 5+); ignored without Regeneration */
    readonly current: number;
    /** The modifier gained (2 for +2) */
    readonly modifier: number;
    /** The maximum value printed with the modifier (3 if none) */
    readonly maximum: number;
  }
}

/** Whether a Regeneration Special Save stops a wound. https://rulesref.github.io/rulesref/t9a/regeneration/ @throws {RangeError} a ValueError naming the input */
export declare function is_saved(args: is_saved.Args): boolean;
export declare namespace is_saved {
  interface Args {
    /** The roll needed to save (written 5+) */
    readonly X: number;
    /** The Regeneration save roll */
    readonly roll: number;
    /** Whether the attack has Flaming Attacks */
    readonly flaming_attacks: boolean;
    /** Whether the attack has Lethal Strike and rolled a 6 to wound */
    readonly lethal_strike_six: boolean;
  }
}

/** Exact odds of each result of `is_saved` over its dice, in order of result. */
export declare function is_saved_odds(args: is_saved_odds.Args): readonly Odds<boolean>[];
export declare namespace is_saved_odds {
  interface Args {
    /** The roll needed to save (written 5+) */
    readonly X: number;
    /** Whether the attack has Flaming Attacks */
    readonly flaming_attacks: boolean;
    /** Whether the attack has Lethal Strike and rolled a 6 to wound */
    readonly lethal_strike_six: boolean;
  }
}

/** The result of `wounds_regenerated`. */
export interface WoundsRegenerated {
  /** Wounds stopped */
  readonly regenerated: number;
  /** Wounds suffered */
  readonly lost: number;
}

/** How many of the wounds a model part suffers its Regeneration saves stop, each rolled on its own, a modifier never making a roll better than 3+. https://rulesref.github.io/rulesref/t9a/regeneration/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_regenerated(args: wounds_regenerated.Args): WoundsRegenerated;
export declare namespace wounds_regenerated {
  interface Args {
    /** The roll needed to save (written 5+) */
    readonly X: number;
    /** Wounds to save */
    readonly wounds: number;
    /** Of those, wounds from Lethal Strike attacks that rolled a 6 to wound */
    readonly lethal_sixes: number;
    /** Whether the attack has Flaming Attacks */
    readonly flaming_attacks: boolean;
    /** A modifier to the Regeneration rolls (2 for +2; 0 if none) */
    readonly modifier: number;
    /** The Regeneration save rolls: the dice that pass */
    readonly saves: number;
  }
}

/** Exact odds of each result of `wounds_regenerated` over its dice, in order of result. */
export declare function wounds_regenerated_odds(args: wounds_regenerated_odds.Args): readonly Odds<WoundsRegenerated>[];
export declare namespace wounds_regenerated_odds {
  interface Args {
    /** The roll needed to save (written 5+) */
    readonly X: number;
    /** Wounds to save */
    readonly wounds: number;
    /** Of those, wounds from Lethal Strike attacks that rolled a 6 to wound */
    readonly lethal_sixes: number;
    /** Whether the attack has Flaming Attacks */
    readonly flaming_attacks: boolean;
    /** A modifier to the Regeneration rolls (2 for +2; 0 if none) */
    readonly modifier: number;
  }
}
