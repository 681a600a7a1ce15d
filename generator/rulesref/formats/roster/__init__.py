"""A BattleScribe roster's army (`rulesref roster`, and the site's roster page) with exactly its rules, as the content has
them: read (`read`), matched by the ids the import recorded (`match`), written (`write`)."""
