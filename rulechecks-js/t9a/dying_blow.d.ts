/** Dying Blow (The Ninth Age: Fantasy Battles): A model slain in a Round of Combat it is fighting stays until the end of Agility Step 0, so it still strikes back. */

export declare const ID: "dying-blow";
export declare const NAME: "Dying Blow";
export declare const SYSTEM: "t9a";
export declare const KIND: "rule";
export declare const SUMMARY: "A model slain in a Round of Combat it is fighting stays until the end of Agility Step 0, so it still strikes back.";
export declare const URL: "https://rulesref.github.io/rulesref/t9a/dying-blow/";

/** The Agility Step at the end of which a slain model is removed. https://rulesref.github.io/rulesref/t9a/dying-blow/ @throws {RangeError} a ValueError naming the input */
export declare function removed_at_end_of_step(args: removed_at_end_of_step.Args): number;
export declare namespace removed_at_end_of_step {
  interface Args {
    /** The Agility Step in which the model is about to be removed as a casualty */
    readonly agility_step: number;
    readonly has_dying_blow: boolean;
  }
}
