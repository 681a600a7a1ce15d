/** Rule checks of Warhammer: The Horus Heresy. */
export * as brutal from "./brutal.js";
export * as concussive from "./concussive.js";
export * as pinning from "./pinning.js";
export * as precision_strikes from "./precision_strikes.js";
export * as sniper from "./sniper.js";
export * as specialist_weapon from "./specialist_weapon.js";
