"""Reading content: which files a command is about, and each file as values with their line and column."""
