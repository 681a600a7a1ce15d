/** Mob Rule (Warhammer 40,000): An Ork unit that fails a Morale check or Pinning test rolls on the Mob Rule table, which may turn the failure into a pass at the cost of some hits. */

import type { Odds } from "../_runtime.js";

export declare const ID: "mob-rule";
export declare const NAME: "Mob Rule";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "An Ork unit that fails a Morale check or Pinning test rolls on the Mob Rule table, which may turn the failure into a pass at the cost of some hits.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/mob-rule/";

/** The result of `resolve`. */
export interface Resolve {
  readonly outcome: "passed" | "failed";
  /** Strength 4 AP- hits suffered (D6) or none */
  readonly hits: string;
}

/** What a failed Morale check or Pinning test becomes under Mob Rule. https://rulesref.github.io/rulesref/w40k7/mob-rule/ @throws {RangeError} a ValueError naming the input */
export declare function resolve(args: resolve.Args): Resolve;
export declare namespace resolve {
  interface Args {
    /** The D6 rolled on the Mob Rule table */
    readonly roll: number;
    /** The unit is locked in combat */
    readonly locked_in_combat: boolean;
    /** The unit includes an Ork character (Independent Characters too) */
    readonly has_ork_character: boolean;
    /** Models in the unit */
    readonly models: number;
  }
}

/** Exact odds of each result of `resolve` over its dice, in order of result. */
export declare function resolve_odds(args: resolve_odds.Args): readonly Odds<Resolve>[];
export declare namespace resolve_odds {
  interface Args {
    /** The unit is locked in combat */
    readonly locked_in_combat: boolean;
    /** The unit includes an Ork character (Independent Characters too) */
    readonly has_ork_character: boolean;
    /** Models in the unit */
    readonly models: number;
  }
}

/** Whether a unit rolls on the Mob Rule table. https://rulesref.github.io/rulesref/w40k7/mob-rule/ @throws {RangeError} a ValueError naming the input */
export declare function applies(args: applies.Args): boolean;
export declare namespace applies {
  interface Args {
    /** Every model in the unit has Mob Rule */
    readonly every_model_has_rule: boolean;
    /** The test the unit took */
    readonly test: "morale-check" | "pinning-test" | "other-test";
    /** The unit failed the test after any re-rolls */
    readonly failed: boolean;
  }
}

/** Whether a Mob Rule hit may be allocated to a given model. https://rulesref.github.io/rulesref/w40k7/mob-rule/ @throws {RangeError} a ValueError naming the input */
export declare function may_allocate_hit(args: may_allocate_hit.Args): boolean;
export declare namespace may_allocate_hit {
  interface Args {
    /** The result already rolled on the Mob Rule table */
    readonly roll: number;
    /** The model is an Ork character */
    readonly to_ork_character: boolean;
  }
}
