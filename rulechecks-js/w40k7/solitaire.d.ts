/** Solitaire (Warhammer 40,000): A lone Harlequin character of terrible speed and skill who fights alone and can never be joined. */

import type { Odds } from "../_runtime.js";

export declare const ID: "solitaire";
export declare const NAME: "Solitaire";
export declare const SYSTEM: "w40k7";
export declare const KIND: "unit";
export declare const SUMMARY: "A lone Harlequin character of terrible speed and skill who fights alone and can never be joined.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/solitaire/";

/** How many Wounds a model has left after one unsaved Wound, for Solitaire with its rules. Composed from: Wound: The core step. How many Wounds a model has left after one unsaved Wound; Instant Death: An unsaved Wound from an attack of at least twice the model's Toughness takes all its Wounds. (lost in Wound, set when strength is at least 2 times toughness; Eternal Warrior overrides it where both apply); Eternal Warrior: Instant Death takes only one Wound from this model. (lost in Wound, set). https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function wound(args: wound.Args): number;
export declare namespace wound {
  interface Args {
    /** The model's Wounds before this one */
    readonly wounds: number;
  }
}

/** The result of `close_combat`. */
export interface CloseCombat {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's close combat attacks inflict on another, and how many models they remove, for Solitaire with its rules. Composed from: Close combat: The core step. How many unsaved Wounds one unit's close combat attacks inflict on another, and how many models they remove; Blitz: In the turn it Blitzes, the Solitaire strikes with 10 Attacks. (attacks in Close combat, set when blitzed); Furious Charge: +1 Strength in the turn the model charges, unless the charge was disordered. (strength in Close combat, added to when charged and not disordered); Fear: A target that failed its Fear test fights on with Weapon Skill 1. (target weapon skill in Close combat, set when target failed fear). https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function close_combat(args: close_combat.Args): CloseCombat;
export declare namespace close_combat {
  interface Args {
    /** The Attacks the attacking models strike with */
    readonly attacks: number;
    /** The attackers' Weapon Skill */
    readonly weapon_skill: number;
    /** The attackers' Strength */
    readonly strength: number;
    /** The attacks' AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The attacks have Rending (a To Wound roll of 6 wounds at AP 2) */
    readonly rending: boolean;
    /** The attacks are Poisoned (X+): 4 for 4+; 7 for not poisoned */
    readonly poisoned: number;
    /** The attacks have Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The attackers have the target as a Preferred Enemy (To Hit and To Wound rolls of 1 are rolled again) */
    readonly preferred_enemy: boolean;
    /** The attacks have Fleshbane (they wound on 2+) */
    readonly fleshbane: boolean;
    /** The target's Weapon Skill */
    readonly target_weapon_skill: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's invulnerable save (3 for 3+; 7 for none) */
    readonly invulnerable_save: number;
    /** The Wounds of each of the target's models */
    readonly wounds: number;
    /** Models in the target unit */
    readonly models: number;
    /** The target has Eternal Warrior */
    readonly eternal_warrior: boolean;
    /** The target's Feel No Pain (5 for 5+; 7 for none) */
    readonly feel_no_pain: number;
    /** The Solitaire Blitzed this turn */
    readonly blitzed: boolean;
    /** The target failed its Fear test this Fight sub-phase */
    readonly target_failed_fear: boolean;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
    /** The To Hit rolls: the dice that pass */
    readonly hits: number;
    /** The To Hit rolls: the dice counted as hit rerolls */
    readonly hit_rerolls: number;
    /** The To Hit rolls of 1 rolled again: the dice that pass */
    readonly rerolled_hits: number;
    /** The To Wound rolls: the dice that pass */
    readonly wounded: number;
    /** The To Wound rolls: the dice counted as rending wounds */
    readonly rending_wounds: number;
    /** The To Wound rolls: the dice counted as wound rerolls */
    readonly wound_rerolls: number;
    /** The To Wound rolls rolled again: the dice that pass */
    readonly rerolled_wounds: number;
    /** The To Wound rolls rolled again: the dice counted as rerolled rending */
    readonly rerolled_rending: number;
    /** The saving throws: the dice that pass */
    readonly saved: number;
    /** The saving throws: the dice that fail */
    readonly through: number;
    /** The saving throws against the rending Wounds (AP 2): the dice that pass */
    readonly rending_saved: number;
    /** The saving throws against the rending Wounds (AP 2): the dice that fail */
    readonly rending_through: number;
    /** The Feel No Pain rolls: the dice that pass */
    readonly ignored: number;
    /** The Feel No Pain rolls: the dice that fail */
    readonly unsaved: number;
  }
}

/** Exact odds of each result of `close_combat` over its dice, in order of result. */
export declare function close_combat_odds(args: close_combat_odds.Args): readonly Odds<CloseCombat>[];
export declare namespace close_combat_odds {
  interface Args {
    /** The Attacks the attacking models strike with */
    readonly attacks: number;
    /** The attackers' Weapon Skill */
    readonly weapon_skill: number;
    /** The attackers' Strength */
    readonly strength: number;
    /** The attacks' AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The attacks have Rending (a To Wound roll of 6 wounds at AP 2) */
    readonly rending: boolean;
    /** The attacks are Poisoned (X+): 4 for 4+; 7 for not poisoned */
    readonly poisoned: number;
    /** The attacks have Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The attackers have the target as a Preferred Enemy (To Hit and To Wound rolls of 1 are rolled again) */
    readonly preferred_enemy: boolean;
    /** The attacks have Fleshbane (they wound on 2+) */
    readonly fleshbane: boolean;
    /** The target's Weapon Skill */
    readonly target_weapon_skill: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's invulnerable save (3 for 3+; 7 for none) */
    readonly invulnerable_save: number;
    /** The Wounds of each of the target's models */
    readonly wounds: number;
    /** Models in the target unit */
    readonly models: number;
    /** The target has Eternal Warrior */
    readonly eternal_warrior: boolean;
    /** The target's Feel No Pain (5 for 5+; 7 for none) */
    readonly feel_no_pain: number;
    /** The Solitaire Blitzed this turn */
    readonly blitzed: boolean;
    /** The target failed its Fear test this Fight sub-phase */
    readonly target_failed_fear: boolean;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}

/** The result of `shooting_attack`. */
export interface ShootingAttack {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's shots inflict on another, and how many models they remove, for Solitaire with its rules. Composed from: Shooting attack: The core step. How many unsaved Wounds one unit's shots inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function shooting_attack(args: shooting_attack.Args): ShootingAttack;
export declare namespace shooting_attack {
  interface Args {
    /** The shots fired: the dice rolled To Hit, all the firing models' together */
    readonly shots: number;
    /** The firers' Ballistic Skill */
    readonly ballistic_skill: number;
    /** The shots are Snap Shots (fired at Ballistic Skill 1) */
    readonly snap_shots: boolean;
    /** The weapon's Strength */
    readonly strength: number;
    /** The weapon's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The weapon is Twin-linked (failed To Hit rolls are rolled again) */
    readonly twin_linked: boolean;
    /** The weapon has Rending (a To Wound roll of 6 wounds at AP 2) */
    readonly rending: boolean;
    /** The weapon is Poisoned (X+): 4 for 4+; 7 for not poisoned */
    readonly poisoned: number;
    /** The weapon has Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The firers have the target as a Preferred Enemy (To Hit and To Wound rolls of 1 are rolled again) */
    readonly preferred_enemy: boolean;
    /** The weapon has Fleshbane (it wounds on 2+) */
    readonly fleshbane: boolean;
    /** The weapon is a Sniper weapon (it wounds on 4+, and a 6 rends) */
    readonly sniper: boolean;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's cover save (4 for 4+; 7 for none) */
    readonly cover_save: number;
    /** The target's invulnerable save (3 for 3+; 7 for none) */
    readonly invulnerable_save: number;
    /** The Wounds of each of the target's models */
    readonly wounds: number;
    /** Models in the target unit */
    readonly models: number;
    /** The target has Eternal Warrior */
    readonly eternal_warrior: boolean;
    /** The target's Feel No Pain (5 for 5+; 7 for none) */
    readonly feel_no_pain: number;
    /** The To Hit rolls: the dice that pass */
    readonly hits: number;
    /** The To Hit rolls: the dice counted as hit rerolls */
    readonly hit_rerolls: number;
    /** The To Hit rolls rolled again: the dice that pass */
    readonly rerolled_hits: number;
    /** The To Wound rolls: the dice that pass */
    readonly wounded: number;
    /** The To Wound rolls: the dice counted as rending wounds */
    readonly rending_wounds: number;
    /** The To Wound rolls: the dice counted as wound rerolls */
    readonly wound_rerolls: number;
    /** The To Wound rolls rolled again: the dice that pass */
    readonly rerolled_wounds: number;
    /** The To Wound rolls rolled again: the dice counted as rerolled rending */
    readonly rerolled_rending: number;
    /** The saving throws: the dice that pass */
    readonly saved: number;
    /** The saving throws: the dice that fail */
    readonly through: number;
    /** The saving throws against the rending Wounds (AP 2): the dice that pass */
    readonly rending_saved: number;
    /** The saving throws against the rending Wounds (AP 2): the dice that fail */
    readonly rending_through: number;
    /** The Feel No Pain rolls: the dice that pass */
    readonly ignored: number;
    /** The Feel No Pain rolls: the dice that fail */
    readonly unsaved: number;
  }
}

/** Exact odds of each result of `shooting_attack` over its dice, in order of result. */
export declare function shooting_attack_odds(args: shooting_attack_odds.Args): readonly Odds<ShootingAttack>[];
export declare namespace shooting_attack_odds {
  interface Args {
    /** The shots fired: the dice rolled To Hit, all the firing models' together */
    readonly shots: number;
    /** The firers' Ballistic Skill */
    readonly ballistic_skill: number;
    /** The shots are Snap Shots (fired at Ballistic Skill 1) */
    readonly snap_shots: boolean;
    /** The weapon's Strength */
    readonly strength: number;
    /** The weapon's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The weapon is Twin-linked (failed To Hit rolls are rolled again) */
    readonly twin_linked: boolean;
    /** The weapon has Rending (a To Wound roll of 6 wounds at AP 2) */
    readonly rending: boolean;
    /** The weapon is Poisoned (X+): 4 for 4+; 7 for not poisoned */
    readonly poisoned: number;
    /** The weapon has Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The firers have the target as a Preferred Enemy (To Hit and To Wound rolls of 1 are rolled again) */
    readonly preferred_enemy: boolean;
    /** The weapon has Fleshbane (it wounds on 2+) */
    readonly fleshbane: boolean;
    /** The weapon is a Sniper weapon (it wounds on 4+, and a 6 rends) */
    readonly sniper: boolean;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's cover save (4 for 4+; 7 for none) */
    readonly cover_save: number;
    /** The target's invulnerable save (3 for 3+; 7 for none) */
    readonly invulnerable_save: number;
    /** The Wounds of each of the target's models */
    readonly wounds: number;
    /** Models in the target unit */
    readonly models: number;
    /** The target has Eternal Warrior */
    readonly eternal_warrior: boolean;
    /** The target's Feel No Pain (5 for 5+; 7 for none) */
    readonly feel_no_pain: number;
  }
}

/** Whether an invulnerable save stops a Wound, for Solitaire with its rules. Composed from: Invulnerable save: The core step. Whether an invulnerable save stops a Wound; Impossible Form: The Solitaire has a 3+ invulnerable save. (save in Invulnerable save, set). https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function invulnerable_save(args: invulnerable_save.Args): boolean;
export declare namespace invulnerable_save {
  interface Args {
    /** The D6 rolled for the save */
    readonly roll: number;
  }
}

/** Exact odds of each result of `invulnerable_save` over its dice, in order of result. */
export declare function invulnerable_save_odds(): readonly Odds<boolean>[];
export declare namespace invulnerable_save_odds {
  interface Args {
  }
}

/** Whether a unit passes a Morale check, for Solitaire with its rules. Composed from: Morale check: The core step. Whether a unit passes a Morale check; Fearless: Passes Morale checks automatically. (the result of Morale check, settled outright). https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function morale_check(): boolean;
export declare namespace morale_check {
  interface Args {
  }
}

/** Whether a hit wounds, for Solitaire with its rules. Composed from: To Wound roll: The core step. Whether a hit wounds; Furious Charge: +1 Strength in the turn the model charges, unless the charge was disordered. (strength in To Wound roll, added to when charged and not disordered). https://rulesref.github.io/rulesref/w40k7/solitaire/ @throws {RangeError} a ValueError naming the input */
export declare function to_wound_roll(args: to_wound_roll.Args): boolean;
export declare namespace to_wound_roll {
  interface Args {
    /** The D6 rolled To Wound */
    readonly roll: number;
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}

/** Exact odds of each result of `to_wound_roll` over its dice, in order of result. */
export declare function to_wound_roll_odds(args: to_wound_roll_odds.Args): readonly Odds<boolean>[];
export declare namespace to_wound_roll_odds {
  interface Args {
    /** The attack's Strength */
    readonly strength: number;
    /** The target's Toughness */
    readonly toughness: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}
