/** Fearless (Warhammer 40,000): A unit with even one Fearless model never fails Morale checks or Pinning, Fear or Regroup tests, and never Goes to Ground. */

export declare const ID: "fearless";
export declare const NAME: "Fearless";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "A unit with even one Fearless model never fails Morale checks or Pinning, Fear or Regroup tests, and never Goes to Ground.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/fearless/";

/** Whether a Fearless unit automatically passes a given test. https://rulesref.github.io/rulesref/w40k7/fearless/ @throws {RangeError} a ValueError naming the input */
export declare function auto_passes(args: auto_passes.Args): boolean;
export declare namespace auto_passes {
  interface Args {
    readonly test: "morale-check" | "pinning-test" | "fear-test" | "regroup-test" | "other-leadership-test";
    /** Models in the unit with Fearless */
    readonly fearless_models: number;
  }
}

/** The result of `options`. */
export interface Options {
  readonly may_go_to_ground: boolean;
  readonly may_choose_to_fail_morale: boolean;
}

/** What a unit may still choose to do, depending on how many Fearless models it has. https://rulesref.github.io/rulesref/w40k7/fearless/ @throws {RangeError} a ValueError naming the input */
export declare function options(args: options.Args): Options;
export declare namespace options {
  interface Args {
    /** Models in the unit with Fearless */
    readonly fearless_models: number;
    /** The unit cannot hurt its close combat enemy (Our Weapons Are Useless applies) */
    readonly weapons_useless: boolean;
  }
}

/** Whether a unit that had Gone to Ground is still Gone to Ground. https://rulesref.github.io/rulesref/w40k7/fearless/ @throws {RangeError} a ValueError naming the input */
export declare function still_gone_to_ground(args: still_gone_to_ground.Args): boolean;
export declare namespace still_gone_to_ground {
  interface Args {
    /** The unit had Gone to Ground */
    readonly gone_to_ground: boolean;
    /** The unit has since gained Fearless */
    readonly gains_fearless: boolean;
  }
}
