/** Shooting attack (Warhammer 40,000): One unit's shots at another in the Shooting phase: To Hit from the Ballistic Skill, To Wound, the best save, Feel No Pain and the models removed. */

import type { Odds } from "../_runtime.js";

export declare const ID: "shooting-attack";
export declare const NAME: "Shooting attack";
export declare const SYSTEM: "w40k7";
export declare const KIND: "term";
export declare const SUMMARY: "One unit's shots at another in the Shooting phase: To Hit from the Ballistic Skill, To Wound, the best save, Feel No Pain and the models removed.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/shooting-attack/";

/** The result of `attack`. */
export interface Attack {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's shots inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/w40k7/shooting-attack/ @throws {RangeError} a ValueError naming the input */
export declare function attack(args: attack.Args): Attack;
export declare namespace attack {
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

/** Exact odds of each result of `attack` over its dice, in order of result. */
export declare function attack_odds(args: attack_odds.Args): readonly Odds<Attack>[];
export declare namespace attack_odds {
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
