/** Hand Weapon (The Ninth Age: Fantasy Battles): The default weapon of every model part without Innate Weapons; chosen in combat only as a last resort or by a Weapon Master, and with a Shield it gives Parry. */

export declare const ID: "hand-weapon";
export declare const NAME: "Hand Weapon";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "The default weapon of every model part without Innate Weapons; chosen in combat only as a last resort or by a Weapon Master, and with a Shield it gives Parry.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/hand-weapon/";

/** Whether a model part may choose its Hand Weapon during Combat Choices. https://rulesref.github.io/rulesref/t9a/hand-weapon/ @throws {RangeError} a ValueError naming the input */
export declare function may_choose(args: may_choose.Args): boolean;
export declare namespace may_choose {
  interface Args {
    /** Whether it has a Hand Weapon (every model part without Innate Weapons does) */
    readonly has_hand_weapon: boolean;
    /** Whether it has any other weapon to choose */
    readonly other_options: boolean;
    readonly weapon_master: boolean;
  }
}

/** Whether a model gains Parry from fighting with a Hand Weapon and a Shield. https://rulesref.github.io/rulesref/t9a/hand-weapon/ @throws {RangeError} a ValueError naming the input */
export declare function gains_parry(args: gains_parry.Args): boolean;
export declare namespace gains_parry {
  interface Args {
    readonly has_shield: boolean;
    readonly using_hand_weapon: boolean;
  }
}
