"""What the stages share and none of them is about: caches' home, the collector, optional
dependencies, atomic output, progress lines, the shipped schemas and their editor texts,
slugs and the template environment."""
