"""The site's docs folder: every Markdown page (`writer`), the nav, the search names, the web
app files and the assets, written from a build (`docs`) for MkDocs to turn into the site."""
