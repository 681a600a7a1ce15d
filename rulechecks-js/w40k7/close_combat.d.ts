/** Close combat (Warhammer 40,000): Fighting between models in base contact, resolved in the Fight sub-phase. */

import type { Odds } from "../_runtime.js";

export declare const ID: "close-combat";
export declare const NAME: "Close combat";
export declare const SYSTEM: "w40k7";
export declare const KIND: "term";
export declare const SUMMARY: "Fighting between models in base contact, resolved in the Fight sub-phase.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/close-combat/";

/** The result of `attack`. */
export interface Attack {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's close combat attacks inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/w40k7/close-combat/ @throws {RangeError} a ValueError naming the input */
export declare function attack(args: attack.Args): Attack;
export declare namespace attack {
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

/** Exact odds of each result of `attack` over its dice, in order of result. */
export declare function attack_odds(args: attack_odds.Args): readonly Odds<Attack>[];
export declare namespace attack_odds {
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
  }
}
