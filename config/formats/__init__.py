"""Date and number formats for languages Django has none for (FORMAT_MODULE_PATH)."""
