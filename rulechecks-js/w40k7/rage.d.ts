/** Rage (Warhammer 40,000): A model that charges gets two Attacks for charging that turn instead of one. */

export declare const ID: "rage";
export declare const NAME: "Rage";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "A model that charges gets two Attacks for charging that turn instead of one.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/rage/";

/** The Attacks a model with Rage strikes with in close combat, its bonus for charging included. https://rulesref.github.io/rulesref/w40k7/rage/ @throws {RangeError} a ValueError naming the input */
export declare function attacks(args: attacks.Args): number;
export declare namespace attacks {
  interface Args {
    /** Attacks on the profile */
    readonly attacks: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
  }
}
