"""rulesref: tabletop wargame rules as code.

The pipeline is load -> validate -> model -> compile -> render; each phase is a module
(or package) of its own, and problems found on the way are collected as `Problem`s.
"""

__version__ = "0.1.0"
