/** Forsaken One (The Ninth Age: Fantasy Battles): A single hulking, mindless monstrosity that lurches randomly into the enemy and grinds through their ranks. */

import type { Odds } from "../_runtime.js";

export declare const ID: "forsaken-one";
export declare const NAME: "Forsaken One";
export declare const SYSTEM: "t9a";
export declare const KIND: "unit";
export declare const SUMMARY: "A single hulking, mindless monstrosity that lurches randomly into the enemy and grinds through their ranks.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/forsaken-one/";

/** Whether a unit that lost a Round of Combat holds (passes its Break Test), for Forsaken One with its rules. Composed from: Discipline: The core step. Whether a unit that lost a Round of Combat holds (passes its Break Test); Steady: A Steady unit's Break Test penalty is never worse than -2. (penalty in Discipline (break test), capped when steady); Stubborn: The Break Test penalty is halved, rounding up (after Steady's limit). (penalty in Discipline (break test), halved); Unstable: Takes no Break Test, so never breaks from a lost combat; it loses Health Points instead (Unstable's own check). (the result of Discipline (break test), settled outright). https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function break_test(): boolean;
export declare namespace break_test {
  interface Args {
  }
}

/** The result of `melee_attack`. */
export interface MeleeAttack {
  /** Unsaved wounds (Health Points lost) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved wounds one unit's melee attacks inflict on another, and how many models they remove, for Forsaken One with its rules. Composed from: Melee attack: The core step. How many unsaved wounds one unit's melee attacks inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function melee_attack(args: melee_attack.Args): MeleeAttack;
export declare namespace melee_attack {
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

/** Exact odds of each result of `melee_attack` over its dice, in order of result. */
export declare function melee_attack_odds(args: melee_attack_odds.Args): readonly Odds<MeleeAttack>[];
export declare namespace melee_attack_odds {
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

/** Whether a unit passes a Panic Test, for Forsaken One with its rules. Composed from: Discipline: The core step. Whether a unit passes a Panic Test; Fearless: Passes Panic Tests automatically. (the result of Discipline (panic test), settled outright). https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function panic_test(): boolean;
export declare namespace panic_test {
  interface Args {
  }
}

/** Whether a unit passes a Command Test, for Forsaken One with its rules. Composed from: Discipline: The core step. Whether a unit passes a Command Test; Mindless: Passes Command Tests for Combat Reform automatically. (the result of Discipline (command test), settled outright when purpose is combat reform); Mindless: Fails Command Tests for Redirecting Charges automatically. (the result of Discipline (command test), settled outright when purpose is redirecting charges). https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function command_test(args: command_test.Args): boolean;
export declare namespace command_test {
  interface Args {
    /** The 2D6 rolled */
    readonly roll: number;
    /** The unit's Discipline */
    readonly discipline: number;
    /** What the Command Test is for */
    readonly purpose: "combat-reform" | "redirecting-charges" | "other";
  }
}

/** Exact odds of each result of `command_test` over its dice, in order of result. */
export declare function command_test_odds(args: command_test_odds.Args): readonly Odds<boolean>[];
export declare namespace command_test_odds {
  interface Args {
    /** The unit's Discipline */
    readonly discipline: number;
    /** What the Command Test is for */
    readonly purpose: "combat-reform" | "redirecting-charges" | "other";
  }
}

/** How many Health Points an Unstable unit loses instead of taking a Break Test, for Forsaken One with its rules. Composed from: Unstable: The core step. How many Health Points an Unstable unit loses instead of taking a Break Test; Stubborn: An Unstable unit's Health Point losses are halved, rounding up. (stubborn in Unstable (health point losses), set). https://rulesref.github.io/rulesref/t9a/forsaken-one/ @throws {RangeError} a ValueError naming the input */
export declare function health_point_losses(args: health_point_losses.Args): number;
export declare namespace health_point_losses {
  interface Args {
    /** The amount by which the combat was lost */
    readonly lost_by: number;
    /** Whether the unit is affected by Beacon of Courage */
    readonly beacon_of_courage: boolean;
    readonly steady: boolean;
    readonly solid: boolean;
  }
}
