"""`python -m rulesref` runs the `rulesref` command line."""

from rulesref.cli import main

raise SystemExit(main())
