"""`python -m rulesref` runs the `rulesref` command line."""

from rulesref.commands.cli import script

script()
