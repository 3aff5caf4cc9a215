"""The rule-variant lab: what each house rule does to a game, measured on paired deals.

- :mod:`.variants`: ``--vary`` and ``--preset`` as a list of variants (their cross product).
- :mod:`.chunks`: the unit of work (a variant, some deals) and playing it.
- :mod:`.events`: the events a round reports (stacks, jump-ins, challenges, forcées, ...).
- :mod:`.backend`: run chunks in local processes (the one place a cluster backend plugs in).
- :mod:`.metrics`: per-variant metrics with 95% intervals and paired differences.
- :mod:`.run`: the whole lab, from variants to the JSON summary.
- :mod:`.report`, :mod:`.plots`: Markdown, HTML and PNG reports.
"""

from .plots import PLOTS
from .run import FORMAT, LabResult, run_lab
from .variants import Variant, build_variants

__all__ = ["FORMAT", "PLOTS", "LabResult", "Variant", "build_variants", "run_lab"]
