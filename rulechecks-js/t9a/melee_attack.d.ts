/** Melee attack (The Ninth Age: Fantasy Battles): An attack a model part strikes in a Round of Combat: rolled to hit, then to wound, then against the target's armour and any Special Save. */

import type { Odds } from "../_runtime.js";

export declare const ID: "melee-attack";
export declare const NAME: "Melee attack";
export declare const SYSTEM: "t9a";
export declare const KIND: "term";
export declare const SUMMARY: "An attack a model part strikes in a Round of Combat: rolled to hit, then to wound, then against the target's armour and any Special Save.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/melee-attack/";

/** The result of `attack`. */
export interface Attack {
  /** Unsaved wounds (Health Points lost) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved wounds one unit's melee attacks inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/t9a/melee-attack/ @throws {RangeError} a ValueError naming the input */
export declare function attack(args: attack.Args): Attack;
export declare namespace attack {
  interface Args {
    /** The attacks the model parts strike with */
    readonly attacks: number;
    /** The to-hit roll needed (4 for 4+) */
    readonly to_hit: number;
    /** The to-wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** The target's armour save after Armour Penetration (5 for 5+; 7 for none) */
    readonly armour_save: number;
    /** The target's Special Save (5 for 5+; 7 for none) */
    readonly special_save: number;
    /** The Health Points of each of the target's models */
    readonly health_points: number;
    /** Models in the target unit */
    readonly models: number;
    /** The to-hit rolls: the dice that pass */
    readonly hits: number;
    /** The to-wound rolls: the dice that pass */
    readonly wounded: number;
    /** The armour saves: the dice that pass */
    readonly armoured: number;
    /** The armour saves: the dice that fail */
    readonly past_armour: number;
    /** The Special Saves: the dice that pass */
    readonly special: number;
    /** The Special Saves: the dice that fail */
    readonly unsaved: number;
  }
}

/** Exact odds of each result of `attack` over its dice, in order of result. */
export declare function attack_odds(args: attack_odds.Args): readonly Odds<Attack>[];
export declare namespace attack_odds {
  interface Args {
    /** The attacks the model parts strike with */
    readonly attacks: number;
    /** The to-hit roll needed (4 for 4+) */
    readonly to_hit: number;
    /** The to-wound roll needed (4 for 4+) */
    readonly to_wound: number;
    /** The target's armour save after Armour Penetration (5 for 5+; 7 for none) */
    readonly armour_save: number;
    /** The target's Special Save (5 for 5+; 7 for none) */
    readonly special_save: number;
    /** The Health Points of each of the target's models */
    readonly health_points: number;
    /** Models in the target unit */
    readonly models: number;
  }
}
