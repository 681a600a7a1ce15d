/** Deffkoptas (Warhammer 40,000): Ork gyrocopters that scout ahead of the horde, then dive on the enemy and zip away again. */

import type { Odds } from "../_runtime.js";

export declare const ID: "deffkoptas";
export declare const NAME: "Deffkoptas";
export declare const SYSTEM: "w40k7";
export declare const KIND: "unit";
export declare const SUMMARY: "Ork gyrocopters that scout ahead of the horde, then dive on the enemy and zip away again.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/deffkoptas/";

/** How many Wounds a model has left after one unsaved Wound, for Deffkoptas with its rules. Composed from: Wound: The core step. How many Wounds a model has left after one unsaved Wound; Instant Death: An unsaved Wound from an attack of at least twice the model's Toughness takes all its Wounds. (lost in Wound, set when strength is at least 2 times toughness). https://rulesref.github.io/rulesref/w40k7/deffkoptas/ @throws {RangeError} a ValueError naming the input */
export declare function wound(args: wound.Args): number;
export declare namespace wound {
  interface Args {
    /** The model's Wounds before this one */
    readonly wounds: number;
    /** The attack's Strength */
    readonly strength: number;
    /** The model's Toughness */
    readonly toughness: number;
  }
}

/** The result of `close_combat`. */
export interface CloseCombat {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's close combat attacks inflict on another, and how many models they remove, for Deffkoptas with its rules. Composed from: Close combat: The core step. How many unsaved Wounds one unit's close combat attacks inflict on another, and how many models they remove; Furious Charge: +1 Strength in the turn the model charges, unless the charge was disordered. (strength in Close combat, added to when charged and not disordered). https://rulesref.github.io/rulesref/w40k7/deffkoptas/ @throws {RangeError} a ValueError naming the input */
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

/** How many unsaved Wounds one unit's shots inflict on another, and how many models they remove, for Deffkoptas with its rules. Composed from: Shooting attack: The core step. How many unsaved Wounds one unit's shots inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/w40k7/deffkoptas/ @throws {RangeError} a ValueError naming the input */
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

/** The result of `morale_check`. */
export interface MoraleCheck {
  readonly result: boolean;
  /** Strength 4 AP- hits the unit suffers for the pass (D6) or none */
  readonly hits: string;
}

/** Whether a unit passes a Morale check, for Deffkoptas with its rules. Composed from: Morale check: The core step. Whether a unit passes a Morale check; Mob Rule: A failed Morale check is rolled for on the Mob Rule table, which may turn it into a pass. (the result of Morale check, set when not result; adds hits). https://rulesref.github.io/rulesref/w40k7/deffkoptas/ @throws {RangeError} a ValueError naming the input */
export declare function morale_check(args: morale_check.Args): MoraleCheck;
export declare namespace morale_check {
  interface Args {
    /** The 2D6 rolled (2 is a double 1) */
    readonly roll: number;
    /** The unit's Leadership (the highest among its models) */
    readonly leadership: number;
    /** What is taken off the Leadership, such as the amount a close combat was lost by */
    readonly penalty: number;
    /** The D6 rolled on the Mob Rule table */
    readonly mob_rule_roll: number;
    /** The unit is locked in combat */
    readonly locked_in_combat: boolean;
    /** The unit includes an Ork character (Independent Characters too) */
    readonly has_ork_character: boolean;
    /** Models in the unit */
    readonly models: number;
  }
}

/** Exact odds of each result of `morale_check` over its dice, in order of result. */
export declare function morale_check_odds(args: morale_check_odds.Args): readonly Odds<MoraleCheck>[];
export declare namespace morale_check_odds {
  interface Args {
    /** The unit's Leadership (the highest among its models) */
    readonly leadership: number;
    /** What is taken off the Leadership, such as the amount a close combat was lost by */
    readonly penalty: number;
    /** The unit is locked in combat */
    readonly locked_in_combat: boolean;
    /** The unit includes an Ork character (Independent Characters too) */
    readonly has_ork_character: boolean;
    /** Models in the unit */
    readonly models: number;
  }
}

/** Whether a hit wounds, for Deffkoptas with its rules. Composed from: To Wound roll: The core step. Whether a hit wounds; Furious Charge: +1 Strength in the turn the model charges, unless the charge was disordered. (strength in To Wound roll, added to when charged and not disordered). https://rulesref.github.io/rulesref/w40k7/deffkoptas/ @throws {RangeError} a ValueError naming the input */
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
