"""`rulesref roster`: a BattleScribe roster's army with exactly its rules, as the content has
them: read (`read`), matched by the ids the import recorded (`match`), written (`write`)."""
