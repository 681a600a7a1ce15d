"""Importers: turn data kept in other formats into rulesref content files."""
