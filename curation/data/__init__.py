"""Small data sets shipped with the package."""
