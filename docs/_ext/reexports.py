"""Docs for constants and type aliases that ``chickenfoot`` re-exports.

A constant such as ``MAX_PIPS`` is documented by a ``#:`` comment where it is defined,
in a private module (``chickenfoot._tiles``), but the API page documents it under its
public name, ``chickenfoot.MAX_PIPS``. Autodoc looks for the comment in ``chickenfoot``
itself, finds none, and falls back to the docstring of the value's type: ``int``'s for
``MAX_PIPS``, the union type's for ``Move``. This extension finds the ``#:`` comment in
the module that defines the name and uses it instead.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer


@functools.cache
def _attr_docs(modname: str) -> dict[tuple[str, str], list[str]]:
    try:
        return dict(ModuleAnalyzer.for_module(modname).find_attr_docs())
    except PycodeError:
        return {}


def _submodules(package: str) -> list[str]:
    module = importlib.import_module(package)
    path = getattr(module, "__path__", None)
    if path is None:
        return []
    return [f"{package}.{info.name}" for info in pkgutil.iter_modules(path)]


def _use_defining_comment(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what != "data" or "." not in name:
        return
    modname, _, attr = name.rpartition(".")
    if ("", attr) in _attr_docs(modname):
        return  # documented where it is documented
    package = modname.split(".")[0]
    for candidate in _submodules(package):
        doc = _attr_docs(candidate).get(("", attr))
        if doc:
            lines[:] = list(doc)
            return


def setup(app: Sphinx) -> dict[str, Any]:
    # before napoleon (priority 500) and the docstring guards of conf.py (400)
    app.connect("autodoc-process-docstring", _use_defining_comment, priority=300)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
