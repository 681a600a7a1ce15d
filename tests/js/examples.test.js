// Every example of every check, run through the generated JavaScript package and compared
// with the expectation written in its YAML file. The examples come as JSON (written by
// tests/test_javascript.py from the content) in the file named by RULESREF_EXAMPLES.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ValueError } from "rulechecks/runtime";

const examples = JSON.parse(readFileSync(process.env.RULESREF_EXAMPLES, "utf8"));

for (const example of examples) {
  test(example.label, async () => {
    const module = await import(`rulechecks/${example.module}`);
    const run = () => module[example.check](example.given);
    if (example.raises !== null) {
      assert.throws(run, (error) => error instanceof ValueError && error.message.includes(example.raises));
      return;
    }
    const result = run();
    if (example.record) {
      assert.ok(Object.isFrozen(result), "a record is a frozen object");
      assert.deepStrictEqual(Object.keys(result), example.fields);
      for (const [field, value] of Object.entries(example.expect)) {
        assert.strictEqual(result[field], value, `${field}`);
      }
    } else {
      assert.strictEqual(result, example.expect);
    }
  });
}
