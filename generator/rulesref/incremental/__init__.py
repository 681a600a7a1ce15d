"""What a long-lived process keeps between runs, so each run redoes only what its change
touched: one memo for every stage (`memo`), and the record of what each page read while it
was rendered (`reads`)."""
