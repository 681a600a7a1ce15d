"""The Jinja2 environment for every template: strict, and never fed content as template text.

Values are escaped (for HTML) or quoted (for Python) in Python before they reach a
template, so templates only place them; content is only ever a variable, never a template.
"""

from __future__ import annotations

from functools import cache

import jinja2


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("rulesref", "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **values: object) -> str:
    return environment().get_template(template).render(**values)
