/** Rule checks of Warhammer: The Horus Heresy. */
export * as brutal from "./brutal.js";
export * as concussive from "./concussive.js";
export * as leadership_test_ from "./leadership_test_.js";
export * as melee_attack from "./melee_attack.js";
export * as pinning from "./pinning.js";
export * as precision_strikes from "./precision_strikes.js";
export * as saving_throw from "./saving_throw.js";
export * as shooting_attack from "./shooting_attack.js";
export * as sniper from "./sniper.js";
export * as specialist_weapon from "./specialist_weapon.js";
export * as to_wound_roll from "./to_wound_roll.js";
export * as wound from "./wound.js";
