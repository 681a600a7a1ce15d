/** Prismatic Blur (Warhammer 40,000): The Solitaire moves up to 12 inches in the Movement phase instead of the usual 6. */

export declare const ID: "prismatic-blur";
export declare const NAME: "Prismatic Blur";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "The Solitaire moves up to 12 inches in the Movement phase instead of the usual 6.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/prismatic-blur/";

/** Whether the Solitaire may move a given distance in its Movement phase. https://rulesref.github.io/rulesref/w40k7/prismatic-blur/ @throws {RangeError} a ValueError naming the input */
export declare function may_move(args: may_move.Args): boolean;
export declare namespace may_move {
  interface Args {
    /** The distance the Solitaire wants to move */
    readonly inches: number;
  }
}
