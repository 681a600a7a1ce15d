"""Rendering: the validated model into files (the Python package, the site, the JSON API)."""
