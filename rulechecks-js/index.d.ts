export * as hh2 from "./hh2/index.js";
export * as t9a from "./t9a/index.js";
export * as w40k7 from "./w40k7/index.js";
