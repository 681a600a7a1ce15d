"""Every kind of page but the entries' own (`entry`, which `docs` renders with each entry's
JSON file), one module each, in one list that `rulesref.pages.docs` walks: each module's
`pages(site)` lists its pages, each a path and how to render it."""

from rulesref.pages.kinds import api_page, army, glossary, home, name_group, system, tags, translations

KINDS = (home, glossary, tags, api_page, name_group, system, army, translations)
