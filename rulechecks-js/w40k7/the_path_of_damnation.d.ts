/** The Path of Damnation (Warhammer 40,000): No character may join the Solitaire, and a Solitaire Warlord gets no Warlord Trait. */

export declare const ID: "the-path-of-damnation";
export declare const NAME: "The Path of Damnation";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "No character may join the Solitaire, and a Solitaire Warlord gets no Warlord Trait.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/the-path-of-damnation/";

/** Whether this rule allows a model to join a unit. https://rulesref.github.io/rulesref/w40k7/the-path-of-damnation/ @throws {RangeError} a ValueError naming the input */
export declare function may_join(args: may_join.Args): boolean;
export declare namespace may_join {
  interface Args {
    /** The model trying to join is a character */
    readonly joiner_is_character: boolean;
    /** The unit it wants to join is (or contains) a Solitaire */
    readonly unit_has_solitaire: boolean;
  }
}

/** Whether a model gets a Warlord Trait. https://rulesref.github.io/rulesref/w40k7/the-path-of-damnation/ @throws {RangeError} a ValueError naming the input */
export declare function warlord_trait(args: warlord_trait.Args): "none" | "as-normal";
export declare namespace warlord_trait {
  interface Args {
    /** The model is the army's Warlord */
    readonly is_warlord: boolean;
    /** The model is a Solitaire */
    readonly is_solitaire: boolean;
  }
}
