"""fairseq --user-dir package: importing it registers our models, architectures and scorer, and
applies the fixes for known fairseq defects (see fixes.py)."""
from . import fixes  # noqa: F401  (first: it imports fairseq with the logging guard)

fixes.apply()

from . import criterions, models, scoring  # noqa: E402,F401
