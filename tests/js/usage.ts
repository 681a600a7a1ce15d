// How a TypeScript program uses the generated package: `tsc --noEmit --strict` must accept
// every line here, and must refuse each line marked @ts-expect-error (so the declarations
// really narrow what a caller may pass).
import { resolve, resolve_odds, type Resolve, ID } from "rulechecks/w40k7/mob_rule";
import { wounds_suffered } from "rulechecks/hh2/brutal";
import { t9a } from "rulechecks";
import { ValueError, type Odds } from "rulechecks/runtime";

const id: "mob-rule" = ID;
const given: resolve.Args = { roll: 1, locked_in_combat: true, has_ork_character: false, models: 5 };
const result: Resolve = resolve(given);
const outcome: "passed" | "failed" = result.outcome;
const situation: resolve_odds.Args = { locked_in_combat: false, has_ork_character: true, models: 12 };
const odds: readonly Odds<Resolve>[] = resolve_odds(situation);
const chance: bigint = odds[0].numerator * 100n / odds[0].denominator;
const wounds: number = wounds_suffered({ X: 3, allocated_wounds: 2, has_toughness: true });
const stubborn = t9a.stubborn;

try {
  resolve({ roll: 7, locked_in_combat: true, has_ork_character: false, models: 5 });
} catch (error) {
  if (error instanceof ValueError) {
    const message: string = error.message;
    void message;
  }
}

// @ts-expect-error an enum field is a union of its words, not any string
const wrong: Resolve["outcome"] = "maybe";
// @ts-expect-error a bool is not a number
resolve({ roll: true, locked_in_combat: true, has_ork_character: false, models: 5 });
// @ts-expect-error every argument is required
resolve({ roll: 1, locked_in_combat: true, has_ork_character: false });
// @ts-expect-error the odds take no dice argument
const withDice: resolve_odds.Args = { roll: 1, locked_in_combat: false, has_ork_character: true, models: 12 };
// @ts-expect-error a record is read-only
result.outcome = "failed";

export { id, outcome, chance, wounds, stubborn, wrong, withDice };
