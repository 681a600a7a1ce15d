"""BattleScribe data (`.gst` game systems, `.cat` catalogues, zipped or not; XML or JSON) as
content (the command that runs it: `rulesref.commands.import_battlescribe`).

One phase per module: `read` finds and safely parses the XML, `elements` turns it into plain
records, `mapping` decides the entries (ids, names, parameters, one text per rule), `write`
merges them with what is already on disk, and `report` says what happened.
"""
