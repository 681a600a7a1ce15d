"""Other tools' formats, read and written: BattleScribe's data (the importer) and its rosters."""
