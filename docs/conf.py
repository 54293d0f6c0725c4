"""Sphinx configuration for the chickenfoot docs (``nox -s docs``)."""

from __future__ import annotations

import builtins
import os
import sys
import urllib.request
from importlib.metadata import version as _version

project = "chickenfoot"
author = "The chickenfoot authors"
copyright = "2026, The chickenfoot authors"
release = _version("chickenfoot")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"chickenfoot {release}"

# -- autodoc and napoleon -----------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest ------------------------------------------------------------------------------
doctest_global_setup = "from chickenfoot import *"

# -- intersphinx --------------------------------------------------------------------------
# The docs must also build, with -W -n, where python.org and attrs.org cannot be reached
# (CI has no network). Each inventory is probed first; an unreachable one is dropped, and
# only references into that project's namespace are then exempt from nitpicky checks.
# CHICKENFOOT_DOCS_OFFLINE=1 skips the probes and treats every inventory as unreachable.
_INVENTORIES = {
    "python": "https://docs.python.org/3",
    "attrs": "https://www.attrs.org/en/stable",
}


def _reachable(url: str) -> bool:
    if os.environ.get("CHICKENFOOT_DOCS_OFFLINE"):
        return False
    try:
        with urllib.request.urlopen(f"{url}/objects.inv", timeout=3):
            return True
    except OSError:
        return False


intersphinx_mapping = {name: (url, None) for name, url in _INVENTORIES.items() if _reachable(url)}

_stdlib = "|".join(sorted(sys.stdlib_module_names - {"__future__"}))
_offline_targets = {
    # Builtins (int, str, ValueError, ...) and anything in a standard-library module.
    "python": [rf"(?:{'|'.join(dir(builtins))})", rf"(?:{_stdlib})(?:\..+)?"],
    "attrs": [r"attrs?(?:\..+)?"],
}
nitpick_ignore_regex = [
    (r"py:.*", target)
    for name, targets in _offline_targets.items()
    if name not in intersphinx_mapping
    for target in targets
]

# Internal types that appear in the signatures of attrs-made __init__ methods.
nitpick_ignore = [("py:class", "chickenfoot._table.TableState")]
