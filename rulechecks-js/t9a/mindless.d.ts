/** Mindless (The Ninth Age: Fantasy Battles): A unit made entirely of such models always passes Command Tests to Combat Reform and always fails those to redirect a charge. */

export declare const ID: "mindless";
export declare const NAME: "Mindless";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A unit made entirely of such models always passes Command Tests to Combat Reform and always fails those to redirect a charge.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/mindless/";

/** Whether a unit's Command Test is passed, failed or rolled as normal. https://rulesref.github.io/rulesref/t9a/mindless/ @throws {RangeError} a ValueError naming the input */
export declare function command_test(args: command_test.Args): "automatic-pass" | "automatic-fail" | "roll";
export declare namespace command_test {
  interface Args {
    /** Whether every model in the unit has the rule */
    readonly entirely_with_rule: boolean;
    /** What the Command Test is for */
    readonly purpose: "combat-reform" | "redirecting-charges" | "other";
  }
}
