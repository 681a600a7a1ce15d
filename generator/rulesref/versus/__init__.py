"""Any unit against any other: imported systems played with a system's steps and rules.

`mapping` checks a system's `played_with`; `readers` turns a profile's printed values into a
step's inputs; `matchups` works out, for a unit, what each of its weapons and its profile
give a step, what a target brings, and which of its rules are modelled.
"""
