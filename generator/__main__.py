"""`python -m generator` runs the `rulesref` command line."""

from generator.cli import main

raise SystemExit(main())
