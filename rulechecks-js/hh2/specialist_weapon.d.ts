/** Specialist Weapon (Warhammer: The Horus Heresy): A model fighting with a Specialist Weapon only gets the +1 Attack for two weapons if it carries a second Specialist Weapon. */

export declare const ID: "specialist-weapon";
export declare const NAME: "Specialist Weapon";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "A model fighting with a Specialist Weapon only gets the +1 Attack for two weapons if it carries a second Specialist Weapon.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/specialist-weapon/";

/** The extra Attack (0 or 1) a model gets for fighting with two weapons. https://rulesref.github.io/rulesref/hh2/specialist-weapon/ @throws {RangeError} a ValueError naming the input */
export declare function two_weapon_bonus(args: two_weapon_bonus.Args): number;
export declare namespace two_weapon_bonus {
  interface Args {
    /** Whether the weapon it fights with has the Specialist Weapon rule */
    readonly fighting_with_specialist: boolean;
    /** Melee weapons with the Specialist Weapon rule it carries */
    readonly specialist_weapons: number;
    /** Other melee weapons it carries */
    readonly other_melee_weapons: number;
  }
}
