/** Stubborn (The Ninth Age: Fantasy Battles): A losing unit with Stubborn halves its Discipline penalty from the Combat Score difference (rounding up), and halves its Unstable losses too. */

export declare const ID: "stubborn";
export declare const NAME: "Stubborn";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A losing unit with Stubborn halves its Discipline penalty from the Combat Score difference (rounding up), and halves its Unstable losses too.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/stubborn/";

/** The Discipline penalty, as a positive number, that a unit suffers for losing a Round of Combat. https://rulesref.github.io/rulesref/t9a/stubborn/ @throws {RangeError} a ValueError naming the input */
export declare function discipline_penalty(args: discipline_penalty.Args): number;
export declare namespace discipline_penalty {
  interface Args {
    /** The Combat Score difference by which the combat was lost */
    readonly lost_by: number;
    /** Whether the unit contains Stubborn */
    readonly stubborn: boolean;
    /** Whether the unit is Steady */
    readonly steady: boolean;
  }
}
