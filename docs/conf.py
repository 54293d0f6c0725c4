"""Sphinx configuration for the chickenfoot docs (``nox -s docs``)."""

from __future__ import annotations

import builtins
import doctest
import os
import sys
import urllib.request
from importlib.metadata import version as _version
from importlib.util import find_spec
from pathlib import Path

from sphinx.application import Sphinx

# Local extensions: chickenfoot_docs draws the guide's pictures of real positions (and
# more, see its docstring); reexports finds the docs of constants re-exported from
# private modules; signatures shows attrs classes' constructors readably.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "chickenfoot"
author = "The chickenfoot authors"
copyright = "2026, The chickenfoot authors"
release = _version("chickenfoot")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.extlinks",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    # [source] links on the API page. viewcode, not linkcode: it copies the source the docs
    # were built from into the site, so the link shows exactly the documented version (a
    # link to the repository would show its main branch, not the release), and it needs no
    # network, as the offline build below requires.
    "sphinx.ext.viewcode",
    "myst_parser",
    "chickenfoot_docs",
    "reexports",
    "signatures",
    "error_index",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_ext", "_generated"]
html_theme = "furo"
html_title = f"chickenfoot {release}"

# -- the repository -----------------------------------------------------------------------
# Pages that name a file of the repository (examples/, benchmarks/) link it with
# {repo}`examples/dask_cluster.py` (the URL of [project.urls] Source in pyproject.toml).
REPOSITORY = "https://github.com/chickenfoot-py/chickenfoot"
extlinks = {"repo": (f"{REPOSITORY}/blob/main/%s", "%s")}

# -- autodoc and napoleon -----------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- doctest ------------------------------------------------------------------------------
# No global setup: every page's examples, and every docstring's, import what they use, so
# that they run as printed when pasted into Python (tests/test_docs_examples.py checks the
# docstrings one by one).
# Exception messages are compared too (Sphinx ignores them by default): they name the
# tile, the seat and the rule, and the pages quote them. Long ones may wrap.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

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

# Dask has no inventory here; the simulation docs name its executor.
nitpick_ignore_regex.append((r"py:.*", r"dask(?:\..+)?"))

# -- the adapters' optional packages ------------------------------------------------------
# chickenfoot.pettingzoo and chickenfoot.openspiel import packages of their extras. Where
# those are not installed, autodoc imports the adapters with the packages mocked, and the
# adapters' examples are shown without being run (chickenfoot_docs does that); references
# into those packages are not checked.
_ADAPTER_PACKAGES = ["gymnasium", "numpy", "open_spiel", "pettingzoo", "pyspiel"]
autodoc_mock_imports = [name for name in _ADAPTER_PACKAGES if find_spec(name) is None]
nitpick_ignore_regex.append((r"py:.*", rf"(?:{'|'.join(_ADAPTER_PACKAGES)})(?:\..+)?"))

# Private names (one part starting with "_") show in some signatures: the table state and
# the move history in attrs-made __init__ methods, what the picture functions accept, an
# adapter's settings. They are internal and not documented, so references to them are
# not checked.
nitpick_ignore_regex.append((r"py:.*", r"(?:[\w.]*\.)?_[\w.]*"))


# -- attribute and property docstrings ----------------------------------------------------
# Napoleon reads the first line of an attribute's, a property's or a constant's docstring
# as "type: description" and does nothing else with it, so "The budget: total playouts
# ..." would be shown as something of type "The budget". These docstrings are plain
# sentences here and the types come from the annotations, so napoleon's rewrite of them
# is undone.
_PLAIN = ("attribute", "property", "data")
_plain_docs: dict[str, list[str]] = {}


def _keep_plain_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _PLAIN:
        _plain_docs[name] = list(lines)


def _restore_plain_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _PLAIN and name in _plain_docs:
        lines[:] = _plain_docs.pop(name)


def setup(app: Sphinx) -> None:
    # napoleon handles the event at the default priority, 500
    app.connect("autodoc-process-docstring", _keep_plain_doc, priority=400)
    app.connect("autodoc-process-docstring", _restore_plain_doc, priority=600)
