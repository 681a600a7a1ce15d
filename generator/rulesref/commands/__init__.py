"""The commands: `rulesref`'s command line (`cli`) and the commands that write content or
start a repository (`new`, `init`, `link`, `importers`), beside the pipeline they drive."""
