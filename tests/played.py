"""The invented Lantern Wars data imported beside the shipped `w40k7` system and played with
it (`played_with`, written as people would): the content the Versus tests read."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rulesref.commands.cli import main

from .conftest import FIXTURES, REPO

DATA = FIXTURES / "battlescribe" / "lanterns"
MAPPING = """played_with:
  system: w40k7
  rules:
    furious-charge: furious-charge
    eternal-warrior: eternal-warrior
    twin-linked: twin-linked
    rending: rending
    feel-no-pain: feel-no-pain
    invulnerable-save: invulnerable-save-x
    rage: rage
    gets-hot: gets-hot
    armourbane: armourbane
  steps:
    close-combat.attack:
      weapons: {by: Type, with: Melee}
      attacker: {weapon_skill: WS, strength: S, attacks: A}
      weapon: {strength: Strength, ap: AP}
      target: {target_weapon_skill: WS, toughness: T, armour_save: Save, wounds: W}
    shooting-attack.attack:
      weapons: {by: Type, without: Melee}
      attacker: {ballistic_skill: BS}
      weapon: {strength: Strength, ap: AP, shots: Type}
      target: {toughness: T, armour_save: Save, wounds: W}
"""


def played_content(folder: Path) -> Path:
    """`folder` made a content folder: `w40k7` copied (as one language: its French demonstration
    is tests/site/test_locales.py's), Lantern Wars imported and mapped."""
    shutil.copytree(REPO / "content" / "w40k7", folder / "w40k7", ignore=shutil.ignore_patterns("translations"))
    own = folder / "w40k7" / "system.yml"
    own.write_text(re.sub(r"^locales:.*\n", "", own.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    assert main(["import", "battlescribe", str(DATA), "--system", "lanterns", "--content", str(folder)]) == 0
    system = folder / "lanterns" / "system.yml"
    system.write_text(system.read_text(encoding="utf-8") + MAPPING, encoding="utf-8")
    return folder
