/** Sniper (Warhammer: The Horus Heresy): Every Wound from a Sniper attack is a Precision Shot, allocated by the firer to a model in range and sight; never for Snap Shots, Blast or Template attacks. */

export declare const ID: "sniper";
export declare const NAME: "Sniper";
export declare const SYSTEM: "hh2";
export declare const KIND: "rule";
export declare const SUMMARY: "Every Wound from a Sniper attack is a Precision Shot, allocated by the firer to a model in range and sight; never for Snap Shots, Blast or Template attacks.";
export declare const URL: "https://rulesref.github.io/rulesref/hh2/sniper/";

/** Whether the Wounds of an attack from a Sniper weapon or model are Precision Shots. https://rulesref.github.io/rulesref/hh2/sniper/ @throws {RangeError} a ValueError naming the input */
export declare function is_precision_shot(args: is_precision_shot.Args): boolean;
export declare namespace is_precision_shot {
  interface Args {
    /** Whether the attack was fired as a Snap Shot */
    readonly snap_shot: boolean;
    /** Whether the attack has the Blast rule */
    readonly blast: boolean;
    /** Whether the attack has the Template rule */
    readonly template: boolean;
  }
}
