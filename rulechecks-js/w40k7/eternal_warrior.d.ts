/** Eternal Warrior (Warhammer 40,000): Instant Death takes only one Wound from this model instead of all of them. */

export declare const ID: "eternal-warrior";
export declare const NAME: "Eternal Warrior";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Instant Death takes only one Wound from this model instead of all of them.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/eternal-warrior/";

/** How many Wounds a model loses to one unsaved Wound. https://rulesref.github.io/rulesref/w40k7/eternal-warrior/ @throws {RangeError} a ValueError naming the input */
export declare function wounds_lost(args: wounds_lost.Args): number;
export declare namespace wounds_lost {
  interface Args {
    /** The model's remaining Wounds */
    readonly wounds: number;
    /** The attack inflicts Instant Death */
    readonly instant_death: boolean;
    /** The model has Eternal Warrior */
    readonly eternal_warrior: boolean;
  }
}
