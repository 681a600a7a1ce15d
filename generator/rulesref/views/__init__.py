"""What a page or the JSON API shows of the content and its checks, as data: neither renders it."""
