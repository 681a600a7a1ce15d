// Runs the checks of the generated JavaScript package on the inputs in the JSON file named on
// the command line and prints every outcome as JSON, for tests/test_javascript.py to compare
// with Python's: a value ({ok}), an error ({error, type}), or odds ({odds: [[result, n, d]]}).
import { readFileSync } from "node:fs";
import { ValueError } from "rulechecks/runtime";

function outcome(call) {
  try {
    const value = call();
    if (Array.isArray(value)) {
      return { odds: value.map((o) => [o.result, String(o.numerator), String(o.denominator)]) };
    }
    return { ok: value };
  } catch (error) {
    return { error: error.message, type: error instanceof ValueError ? "ValueError" : error.name };
  }
}

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = [];
for (const group of cases) {
  // a shipped module by its path in the package, or a generated one by its file URL
  const module = await import(group.module.startsWith("file:") ? group.module : `rulechecks/${group.module}`);
  const fn = module[group.function];
  out.push(group.points.map((point) => outcome(() => fn(point))));
}
process.stdout.write(JSON.stringify(out));
