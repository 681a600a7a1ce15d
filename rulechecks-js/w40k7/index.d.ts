/** Rule checks of Warhammer 40,000. */
export * as blitz from "./blitz.js";
export * as deep_strike from "./deep_strike.js";
export * as ere_we_go from "./ere_we_go.js";
export * as eternal_warrior from "./eternal_warrior.js";
export * as fear from "./fear.js";
export * as fearless from "./fearless.js";
export * as fleet from "./fleet.js";
export * as furious_charge from "./furious_charge.js";
export * as hit_and_run from "./hit_and_run.js";
export * as impossible_form from "./impossible_form.js";
export * as mob_rule from "./mob_rule.js";
export * as precision_strikes from "./precision_strikes.js";
export * as prismatic_blur from "./prismatic_blur.js";
export * as scout from "./scout.js";
export * as strength_from_death from "./strength_from_death.js";
export * as the_path_of_damnation from "./the_path_of_damnation.js";
