"""Import BattleScribe data (`.gst` game systems, `.cat` catalogues, zipped or not) as content.

One phase per module: `read` finds and safely parses the XML, `elements` turns it into plain
records, `mapping` decides the entries (ids, names, parameters, one text per rule), `write`
merges them with what is already on disk, and `report` says what happened.
"""
