/** Fearless (The Ninth Age: Fantasy Battles): The unit passes Panic Tests automatically, ignores Horror, and may only flee from a charge if already Shaken or entirely Feigned Flight. */

export declare const ID: "fearless";
export declare const NAME: "Fearless";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "The unit passes Panic Tests automatically, ignores Horror, and may only flee from a charge if already Shaken or entirely Feigned Flight.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/fearless/";

/** Whether a unit may choose Flee! as its Charge Reaction. https://rulesref.github.io/rulesref/t9a/fearless/ @throws {RangeError} a ValueError naming the input */
export declare function may_choose_flee(args: may_choose_flee.Args): boolean;
export declare namespace may_choose_flee {
  interface Args {
    readonly contains_fearless: boolean;
    readonly already_shaken: boolean;
    /** Whether every model in the unit has Feigned Flight */
    readonly whole_unit_feigned_flight: boolean;
  }
}

/** The result of `effects`. */
export interface Effects {
  readonly panic_test: "none" | "automatic-pass" | "roll";
  readonly affected_by_horror: boolean;
}

/** Whether a unit rolls a Panic Test it is called on to take, and whether Horror affects it. https://rulesref.github.io/rulesref/t9a/fearless/ @throws {RangeError} a ValueError naming the input */
export declare function effects(args: effects.Args): Effects;
export declare namespace effects {
  interface Args {
    readonly contains_fearless: boolean;
    /** Whether something calls for a Panic Test */
    readonly panic_test_called: boolean;
    /** Whether a Horror effect would apply to the unit */
    readonly horror_applies: boolean;
  }
}
