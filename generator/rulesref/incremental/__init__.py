"""What runs keep of each other's work, so each run redoes only what its change touched: one
memo for every stage of a long-lived process (`memo`), the record of what each page read
while it was rendered (`reads`), and, on disk for the next `rulesref validate`, the last
run's problems by system with the facts each system lends the others (`checked`)."""
