"""Validating content: JSON Schemas with positions, then the checks across files."""
