"""The commands: `rulesref`'s command line (`cli`) and the commands that start a repository
or bring content into it (`init`, `link`, `import_battlescribe`). They drive the pipeline
and the formats; nothing below imports them."""
