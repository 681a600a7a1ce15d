/** Furious Charge (Warhammer 40,000): A model that charges gets +1 Strength until the end of that Assault phase, unless the charge was disordered. */

export declare const ID: "furious-charge";
export declare const NAME: "Furious Charge";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "A model that charges gets +1 Strength until the end of that Assault phase, unless the charge was disordered.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/furious-charge/";

/** The model's Strength in the Assault phase. https://rulesref.github.io/rulesref/w40k7/furious-charge/ @throws {RangeError} a ValueError naming the input */
export declare function strength(args: strength.Args): number;
export declare namespace strength {
  interface Args {
    /** Strength on the profile */
    readonly strength: number;
    /** The model charged into combat this turn */
    readonly charged: boolean;
    /** The charge was a disordered charge */
    readonly disordered: boolean;
  }
}
