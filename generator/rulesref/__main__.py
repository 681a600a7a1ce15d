"""`python -m rulesref` runs the `rulesref` command line."""

from rulesref.commands.cli import main

raise SystemExit(main())
