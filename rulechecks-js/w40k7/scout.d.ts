/** Scout (Warhammer 40,000): Before the first turn a Scout unit may redeploy 6 or 12 inches (depending on its type), staying more than 12 inches from the enemy, but then may not charge on turn 1. */

export declare const ID: "scout";
export declare const NAME: "Scout";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "Before the first turn a Scout unit may redeploy 6 or 12 inches (depending on its type), staying more than 12 inches from the enemy, but then may not charge on turn 1.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/scout/";

/** How far each model of a Scout unit may redeploy, by unit type. https://rulesref.github.io/rulesref/w40k7/scout/ @throws {RangeError} a ValueError naming the input */
export declare function redeploy_distance(args: redeploy_distance.Args): number;
export declare namespace redeploy_distance {
  interface Args {
    readonly unit_type: "infantry" | "artillery" | "walker" | "monstrous-creature" | "bike" | "jetbike" | "jump" | "jet-pack" | "beast" | "cavalry" | "other-vehicle";
  }
}

/** Whether a model of a Scout unit may redeploy to a given spot. https://rulesref.github.io/rulesref/w40k7/scout/ @throws {RangeError} a ValueError naming the input */
export declare function may_redeploy(args: may_redeploy.Args): boolean;
export declare namespace may_redeploy {
  interface Args {
    readonly unit_type: "infantry" | "artillery" | "walker" | "monstrous-creature" | "bike" | "jetbike" | "jump" | "jet-pack" | "beast" | "cavalry" | "other-vehicle";
    /** Furthest distance any part of the model ends from where it stood */
    readonly moved: number;
    /** Distance from the spot to the nearest enemy unit */
    readonly nearest_enemy: number;
    /** The redeployment would embark or disembark the unit */
    readonly embarks_or_disembarks: boolean;
  }
}

/** Whether a unit may charge, given the game turn and whether it made a Scout redeployment. https://rulesref.github.io/rulesref/w40k7/scout/ @throws {RangeError} a ValueError naming the input */
export declare function may_charge(args: may_charge.Args): boolean;
export declare namespace may_charge {
  interface Args {
    readonly game_turn: number;
    /** The unit made a Scout redeployment this game */
    readonly scout_redeployed: boolean;
  }
}

/** The result of `conferred_rules`. */
export interface ConferredRules {
  /** The Scout unit has Outflank */
  readonly outflank: boolean;
  /** The Dedicated Transport has Scout */
  readonly transport_gains_scout: boolean;
}

/** Which other rules a Scout unit passes on or gains. https://rulesref.github.io/rulesref/w40k7/scout/ @throws {RangeError} a ValueError naming the input */
export declare function conferred_rules(args: conferred_rules.Args): ConferredRules;
export declare namespace conferred_rules {
  interface Args {
    /** The Scout unit is kept in Reserves */
    readonly kept_in_reserves: boolean;
    /** The Scout unit is deployed inside its Dedicated Transport */
    readonly in_dedicated_transport: boolean;
  }
}
