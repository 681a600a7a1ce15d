"""Emitters: a build written out for programs, as the Python package, the JavaScript package
and the static JSON API. Each reads the build only; none analyses or runs a check."""
