"""Coverage: how much of an imported system its `played_with` mapping plays, and how fast.

BattleScribe data has no licence, so none ships with rulesref: run this on your own import
whose system.yml has `played_with` (40K 7th edition data imported into a content folder that
holds the `w40k7` system gets it from the importer). It prints figures and rule ids of the
content (the most common unmodelled rules, by how many units or weapon rows have them),
never a text of the data:

- units: how many have a Versus form (a weapon a played step is for, with every value read),
  of all units, and of those with profiles;
- weapon rows: how many are played in a step, left out for a value that is not one number
  (`D`, `2D6`), or for none of the steps;
- rules: of the rules units and weapon rows name (each naming counted), how many are
  modelled (mapped, with effects on a played step: on the attacker's side, the weapon's, or
  what the unit brings as a target), mapped to a rule that acts on no played step, or not
  mapped; and the 15 most common that are not modelled;
- time: matching every unit once (`rulesref.versus.matchups`), after a validate (not timed),
  with the compile cache on.

    python benchmarks/played_coverage.py PROJECT
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from rulesref.config import load_settings
from rulesref.validate import validate
from rulesref.versus.matchups import matchups, playing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path)
    args = parser.parse_args()
    os.chdir(args.project)
    settings = load_settings()
    build = validate([settings.content], settings, keep=False)
    content = build.content
    for system in (s for s in content.systems if s.played_with is not None):
        assert system.played_with is not None
        units = [e for e in content.entries_of(system.id) if e.kind == "unit"]
        started = time.perf_counter()
        played = playing(content, system.id)
        found = {u.key: matchups(played, u) for u in units}
        took = time.perf_counter() - started
        with_form = sum(1 for u in units if any(m.choices for m in found[u.key]))
        with_profiles = sum(1 for u in units if u.profiles)
        played_rows: set[tuple[str, str]] = set()
        unread = 0
        modelled: Counter[str] = Counter()
        acting_nowhere: Counter[str] = Counter()
        not_mapped: Counter[str] = Counter()
        rows = 0
        for unit in units:
            kinds = {t.id: t.kind for t in system.profile_types}
            weapons = [p for p in unit.profiles if kinds.get(p.type) == "weapon"]
            rows += len(weapons)
            for m in found[unit.key]:
                for choice in m.choices:
                    played_rows.add((unit.key, choice.label.split(": ")[-1].removesuffix(" (half range)")))
                unread += len(m.unread)
            named = [r.rule for r in unit.rules] + [r.rule for p in weapons for r in p.rules]
            acting = {r for m in found[unit.key] for r in (*m.modelled, *(r for c in m.choices for r in c.modelled), *(r for a in m.aims for r in a.brings))}  # the attacker's, the weapons', and what the unit brings as a target
            for rule in named:
                if rule in acting:
                    modelled[rule] += 1
                elif system.played_with.rule(rule) is not None:
                    acting_nowhere[rule] += 1
                else:
                    not_mapped[rule] += 1
        total = sum(modelled.values()) + sum(acting_nowhere.values()) + sum(not_mapped.values())
        print(f"{system.id}: played with {system.played_with.system}, {len(system.played_with.rules)} rules mapped, {len(system.played_with.steps)} steps")
        print(f"  units with a Versus form: {with_form} of {len(units)} ({with_form / max(1, len(units)):.1%}); of those with profiles: {with_form / max(1, with_profiles):.1%}")
        print(f"  weapon rows played: {len(played_rows)} of {rows} ({len(played_rows) / max(1, rows):.1%}); values not read: {unread}")
        print(f"  rules named: {total}; modelled {sum(modelled.values())} ({sum(modelled.values()) / max(1, total):.1%}), mapped but acting on no played step {sum(acting_nowhere.values())}, not mapped {sum(not_mapped.values())}")
        print("  most common not modelled: " + ", ".join(f"{rule} {n}" for rule, n in (not_mapped + acting_nowhere).most_common(15)))
        print(f"  matching every unit: {took:.2f} s ({took / max(1, len(units)) * 1000:.2f} ms a unit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
