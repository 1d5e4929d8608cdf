"""The analysis page's socket: the progress of an analysis, then its panel (``consumers``)."""
