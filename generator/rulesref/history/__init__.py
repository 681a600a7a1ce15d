"""Every rule's history: the releases of the content's repository and what changed in each."""
