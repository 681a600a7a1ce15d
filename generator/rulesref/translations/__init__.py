"""Translations: an entry's words in another language, kept in step with the source.

A system says which language it is written in and which it is translated into
(`locales:` in `system.yml`). Each translated entry is one file,
`<system>/translations/<locale>/<id>.yml` (`translation.schema.json`), holding the words a
reader sees: name, aliases, summary, text, the table's titles and results, and what "Try it"
shows of the checks. What a translation leaves out is shown in the source's language.

The pipeline, after the entries are read and their links resolved:

- `read`: each file loaded as safely as an entry, checked against its schema, made a
  `Translation` (`model`);
- `checks`: a translation keeps the source's links (the same entries, named in either
  language), parameters, dice and table rows, names only checks and inputs the source has,
  and translates an entry of a declared locale;
- `words`: the source's words a translation translates, and the state they are in (a hash
  the translation records as `translates`); a translation whose source's words have another
  state is stale, and `stale` finds in git the state it translated, to show how the source
  changed since, and the release that changed it;
- `coverage`: per locale, the entries translated, stale and missing;
- `stage`: the part of a validation run that reads and checks them;
- `localize`: the build as a locale reads it, which the site of that locale is made from
  (`rulesref.site.locales`), and `marks`: what its pages say where they show the source's
  words, and each language's name.
"""
