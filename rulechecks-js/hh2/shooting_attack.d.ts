/** Shooting Attack (Warhammer: The Horus Heresy): A unit firing its ranged weapons at a target: roll to hit, roll to wound, then the target saves. */

import type { Odds } from "../_runtime.js";

export declare const ID: "shooting-attack";
export declare const NAME: "Shooting Attack";
export declare const SYSTEM: "hh2";
export declare const KIND: "term";
export declare const SUMMARY: "A unit firing its ranged weapons at a target: roll to hit, roll to wound, then the target saves.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/shooting-attack/";

/** The result of `attack`. */
export interface Attack {
  /** Unsaved Wounds (past the saves and Feel No Pain) */
  readonly unsaved: number;
  /** Models removed as casualties */
  readonly models_removed: number;
}

/** How many unsaved Wounds one unit's shots inflict on another, and how many models they remove. https://rulesref.github.io/rulesref/hh2/shooting-attack/ @throws {RangeError} a ValueError naming the input */
export declare function attack(args: attack.Args): Attack;
export declare namespace attack {
  interface Args {
    /** The shots fired: the dice rolled To Hit, all the firing models' together */
    readonly shots: number;
    /** The firers' Ballistic Skill */
    readonly ballistic_skill: number;
    /** The shots are Snap Shots (fired at Ballistic Skill 1) */
    readonly snap_shots: boolean;
    /** The weapon is Twin-linked (failed To Hit rolls are rolled again) */
    readonly twin_linked: boolean;
    /** The weapon's Strength */
    readonly strength: number;
    /** The weapon's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The weapon has Rending (X+): 5 for 5+; 7 for none */
    readonly rending: number;
    /** The weapon has Breaching (X+): 6 for 6+; 7 for none */
    readonly breaching: number;
    /** The weapon has Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The weapon has Instant Death (each unsaved Wound removes a model, and Feel No Pain is not rolled) */
    readonly instant_death: boolean;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's cover save (4 for 4+; 7 for none) */
    readonly cover_save: number;
    /** The target's invulnerable save (4 for 4+; 7 for none) */
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
    /** The To Hit rolls rolled again: the misses when Twin-linked, else the 1s from Ballistic Skill 6: the dice that pass */
    readonly rerolled_hits: number;
    /** The To Wound rolls (those of Rending or Breaching apart): the dice that pass */
    readonly wounded: number;
    /** The To Wound rolls (those of Rending or Breaching apart): the dice counted as piercing */
    readonly piercing: number;
    /** The To Wound rolls (those of Rending or Breaching apart): the dice counted as wound rerolls */
    readonly wound_rerolls: number;
    /** The To Wound rolls rolled again: the dice that pass */
    readonly rerolled_wounds: number;
    /** The To Wound rolls rolled again: the dice counted as rerolled piercing */
    readonly rerolled_piercing: number;
    /** The saving throws: the dice that pass */
    readonly saved: number;
    /** The saving throws: the dice that fail */
    readonly through: number;
    /** The saving throws against the Wounds at AP 2: the dice that pass */
    readonly piercing_saved: number;
    /** The saving throws against the Wounds at AP 2: the dice that fail */
    readonly piercing_through: number;
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
    /** The weapon is Twin-linked (failed To Hit rolls are rolled again) */
    readonly twin_linked: boolean;
    /** The weapon's Strength */
    readonly strength: number;
    /** The weapon's AP (1 to 6; 7 for AP -) */
    readonly ap: number;
    /** The weapon has Rending (X+): 5 for 5+; 7 for none */
    readonly rending: number;
    /** The weapon has Breaching (X+): 6 for 6+; 7 for none */
    readonly breaching: number;
    /** The weapon has Shred (failed To Wound rolls are rolled again) */
    readonly shred: boolean;
    /** The weapon has Instant Death (each unsaved Wound removes a model, and Feel No Pain is not rolled) */
    readonly instant_death: boolean;
    /** The target's Toughness */
    readonly toughness: number;
    /** The target's armour save (3 for 3+; 7 for none) */
    readonly armour_save: number;
    /** The target's cover save (4 for 4+; 7 for none) */
    readonly cover_save: number;
    /** The target's invulnerable save (4 for 4+; 7 for none) */
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
