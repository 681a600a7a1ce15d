/** Wound (Warhammer 40,000): Damage inflicted on a model by a successful attack; an unsaved Wound is one the model did not save. */

export declare const ID: "wound";
export declare const NAME: "Wound";
export declare const SYSTEM: "w40k7";
export declare const KIND: "term";
export declare const SUMMARY: "Damage inflicted on a model by a successful attack; an unsaved Wound is one the model did not save.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/wound/";

/** How many Wounds a model has left after one unsaved Wound. https://rulesref.github.io/rulesref/w40k7/wound/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_left(args: wounds_left.Args): number;
export declare namespace wounds_left {
  interface Args {
    /** The model's Wounds before this one */
    readonly wounds: number;
  }
}
