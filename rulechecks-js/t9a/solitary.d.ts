/** Solitary (The Ninth Age: Fantasy Battles): A unit with a Solitary model never joins another unit and is never joined; a model with both Solitary and Attached counts as a casualty. */

export declare const ID: "solitary";
export declare const NAME: "Solitary";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A unit with a Solitary model never joins another unit and is never joined; a model with both Solitary and Attached counts as a casualty.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/solitary/";

/** Whether a model or unit may join another unit, as far as Solitary is concerned. https://rulesref.github.io/rulesref/t9a/solitary/ @throws {RangeError} a ValueError naming the input */
export declare function can_join(args: can_join.Args): boolean;
export declare namespace can_join {
  interface Args {
    /** Whether the model or unit that would join contains Solitary */
    readonly joining_contains_solitary: boolean;
    /** Whether the unit to be joined contains Solitary */
    readonly target_contains_solitary: boolean;
  }
}

/** Whether a model is deployed or counts as a casualty because it has both Solitary and Attached. https://rulesref.github.io/rulesref/t9a/solitary/ @throws {RangeError} a ValueError naming the input */
export declare function deployment(args: deployment.Args): "deployed" | "casualty";
export declare namespace deployment {
  interface Args {
    readonly has_solitary: boolean;
    readonly has_attached: boolean;
  }
}
