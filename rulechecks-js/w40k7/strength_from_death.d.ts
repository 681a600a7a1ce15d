/** Strength from Death (Warhammer 40,000): When a unit dies within 7 inches of Ynnari units, one of them may at once make a free move, shooting attack or charge (a Soulburst), once per turn. */

export declare const ID: "strength-from-death";
export declare const NAME: "Strength from Death";
export declare const SYSTEM: "w40k7";
export declare const KIND: "rule";
export declare const SUMMARY: "When a unit dies within 7 inches of Ynnari units, one of them may at once make a free move, shooting attack or charge (a Soulburst), once per turn.";
export declare const URL: "https://rulesref.github.io/rulesref/w40k7/strength-from-death/";

/** Whether a unit may be picked to make a Soulburst action when a nearby unit is destroyed. https://rulesref.github.io/rulesref/w40k7/strength-from-death/ @throws {RangeError} a ValueError naming the input */
export declare function may_soulburst(args: may_soulburst.Args): boolean;
export declare namespace may_soulburst {
  interface Args {
    /** Distance from the destroyed unit, in whole inches */
    readonly inches_away: number;
    /** The unit is a vehicle unit */
    readonly is_vehicle: boolean;
    /** Every model in the unit has Strength from Death */
    readonly all_models_have_rule: boolean;
    readonly locked_in_combat: boolean;
    readonly falling_back: boolean;
    readonly gone_to_ground: boolean;
    /** The unit has already made a Soulburst action this turn */
    readonly soulburst_this_turn: boolean;
  }
}

/** The result of `soulburst_action`. */
export interface SoulburstAction {
  /** The phase the action is made as if it were */
  readonly as_if: "movement-phase" | "shooting-phase" | "charge-sub-phase";
  /** Enemy units may fire Overwatch */
  readonly enemy_overwatch: boolean;
  /** When the action happens */
  readonly when: "immediately" | "end-of-initiative-step";
}

/** How a chosen Soulburst action is carried out. https://rulesref.github.io/rulesref/w40k7/strength-from-death/ @throws {RangeError} a ValueError naming the input */
export declare function soulburst_action(args: soulburst_action.Args): SoulburstAction;
export declare namespace soulburst_action {
  interface Args {
    /** The action chosen */
    readonly action: "move" | "shoot" | "run" | "turbo-boost" | "charge";
    /** The Soulburst happens during a Fight sub-phase */
    readonly in_fight_sub_phase: boolean;
  }
}
