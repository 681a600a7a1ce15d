/** Rule checks of The Ninth Age: Fantasy Battles. */
export * as discipline from "./discipline.js";
export * as dying_blow from "./dying_blow.js";
export * as fearless from "./fearless.js";
export * as forsaken_one from "./forsaken_one.js";
export * as grind_attacks from "./grind_attacks.js";
export * as hand_weapon from "./hand_weapon.js";
export * as melee_attack from "./melee_attack.js";
export * as mindless from "./mindless.js";
export * as random_movement from "./random_movement.js";
export * as regeneration from "./regeneration.js";
export * as solitary from "./solitary.js";
export * as stubborn from "./stubborn.js";
export * as unstable from "./unstable.js";
