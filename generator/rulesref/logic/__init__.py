"""The logic language: analyse (names, types, allow-list) -> compile (AST -> source) -> prove and run."""
