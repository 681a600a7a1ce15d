/** Unstable (The Ninth Age: Fantasy Battles): Instead of a Break Test, an Unstable unit loses one Health Point per point it lost the combat by, with no saves; Stubborn and Beacon of Courage soften it. */

export declare const ID: "unstable";
export declare const NAME: "Unstable";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "Instead of a Break Test, an Unstable unit loses one Health Point per point it lost the combat by, with no saves; Stubborn and Beacon of Courage soften it.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/unstable/";

/** How many Health Points an Unstable unit loses instead of taking a Break Test. https://rulesref.github.io/rulesref/t9a/unstable/ @throws {RangeError} a ValueError naming the input */
export declare function health_point_losses(args: health_point_losses.Args): number;
export declare namespace health_point_losses {
  interface Args {
    /** The amount by which the combat was lost */
    readonly lost_by: number;
    /** Whether the unit contains Stubborn */
    readonly stubborn: boolean;
    /** Whether the unit is affected by Beacon of Courage */
    readonly beacon_of_courage: boolean;
    readonly steady: boolean;
    readonly solid: boolean;
  }
}

/** Whether an Attachable Model may join a unit, as far as Unstable is concerned. https://rulesref.github.io/rulesref/t9a/unstable/ @throws {RangeError} a ValueError naming the input */
export declare function can_join(args: can_join.Args): boolean;
export declare namespace can_join {
  interface Args {
    /** Whether the Attachable Model has Unstable */
    readonly model_has_unstable: boolean;
    readonly unit_contains_unstable: boolean;
  }
}
