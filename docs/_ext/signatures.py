"""Readable signatures for the attrs classes of the API reference.

attrs writes each class's ``__init__``, and with ``autodoc_preserve_defaults`` autodoc
shows the source of its defaults, which is attrs' own plumbing
(``onto: Tile | None = attr_dict['onto'].default``). Here the signature of an attrs class
is rebuilt from its fields, each default shown as its value (``onto=None``).

A class with a private field in its ``__init__`` (``RoundView``'s table state and move
history, ``Round``'s bit masks) is made by the library, not by calling the class: it is
shown without a constructor signature, and its docstring says where instances come from.

Private names that the sources use in public signatures are shown as the public types
or values they stand for (:data:`PUBLIC_SPELLING`), and any signature that still shows
``attr_dict[`` stops the build.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

#: Classes with public fields whose instances still come from the library only (a match
#: from ``Match.new`` or ``Match.dealt``, which check what the constructor cannot).
MADE_BY_THE_LIBRARY = {"chickenfoot._match.Match", "chickenfoot._match.MatchView"}


#: Private names of public signatures, and what the docs show instead: the union behind
#: the picture functions' ``table``, the value of the unused ``max_tries``, and the
#: OpenSpiel game's settings, which only the game itself passes to its states and observers.
PUBLIC_SPELLING = {
    r"~?(?:\b[\w.]+\.)?_Pictured\b": "Round | RoundView | Layout",
    r"~?(?:\b[\w.]+\.)?_UNUSED_TRIES\b": "100",
    r"\bconfig: ~?(?:[\w.]+\.)?_Config\b": "config",
}


def public_spelling(text: str) -> str:
    """``text`` with the private names of :data:`PUBLIC_SPELLING` replaced."""
    for pattern, public in PUBLIC_SPELLING.items():
        text = re.sub(pattern, public, text)
    return text


def _annotation(value: object) -> str:
    if isinstance(value, str):
        return value
    from sphinx.util.typing import stringify_annotation

    return stringify_annotation(value, "smart")


def attrs_signature(cls: type) -> str | None:
    """The constructor signature of attrs class ``cls``, or ``None`` if it is internal.

    It is read from the fields (``attrs.fields``), not from ``__init__``: autodoc's
    ``autodoc_preserve_defaults`` replaces the defaults of ``__init__`` by their source.
    """
    fields = [f for f in attrs.fields(cls) if f.init]
    if f"{cls.__module__}.{cls.__qualname__}" in MADE_BY_THE_LIBRARY or any(
        f.name.startswith("_") for f in fields
    ):
        return None
    # The annotations of __init__ are the types a caller may pass (a converter's input).
    annotations = getattr(cls.__init__, "__annotations__", {})
    parts: list[str] = []
    star = False
    for f in fields:
        if f.kw_only and not star:
            parts.append("*")
            star = True
        text = f.alias or f.name
        annotation = annotations.get(f.alias or f.name, f.type)
        if annotation is not None:
            text += f": {_annotation(annotation)}"
        if f.default is not attrs.NOTHING:
            default = f.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                shown = "..." if default.takes_self else repr(default.factory())
            else:
                shown = repr(default)
            text += f" = {shown}" if annotation is not None else f"={shown}"
        parts.append(text)
    return f"({', '.join(parts)})"


def _attrs_init(cls: type) -> bool:
    """Whether ``cls`` is an attrs class whose ``__init__`` attrs wrote."""
    code = getattr(getattr(cls, "__init__", None), "__code__", None)
    return attrs.has(cls) and code is not None and code.co_filename.startswith("<attrs generated")


def _signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    if what in ("class", "exception") and isinstance(obj, type) and _attrs_init(obj):
        rebuilt = attrs_signature(obj)
        signature = "" if rebuilt is None else rebuilt
        return signature, return_annotation
    if signature and "attr_dict[" in signature:
        raise ExtensionError(f"the signature of {name} shows attrs' internals: {signature}")
    if signature is not None:
        public = public_spelling(signature)
        if public != signature:
            return public, return_annotation
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-signature", _signature)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
