"""Reading JSON that may come from anywhere: records, views and rules files.

The text is bounded before it is parsed, a key given twice and ``NaN`` are refused, and a
number too long to be in range is kept as text (``_BigNumber``); each reader checks one
value for its JSON type and raises :class:`~chickenfoot.errors.RecordError` (or the error
it is told) naming where the value is, as a path of keys (``rules.knobs.tie_break``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final, NoReturn, TypeAlias

import attrs

from ._tiles import MAX_PIPS, set_length
from .errors import ChickenFootError, RecordError

#: Bytes of UTF-8 text.
MAX_TEXT: Final = 2 * 1024 * 1024
#: Every integer lies in ``-INT_BOUND`` to ``INT_BOUND - 1`` (signed 64 bits).
INT_BOUND: Final = 2**63
#: Characters of a variant or preset name.
MAX_NAME: Final = 64
#: Tiles in a hand or a boneyard, and player counts in a table of the rules: the
#: largest set, double-63, has this many tiles.
MAX_TILES: Final = set_length(MAX_PIPS)

_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)

_Json: TypeAlias = Any


# -- messages -----------------------------------------------------------------------------


class _UnreadableError(Exception):
    """Raised inside the JSON parser's hooks; turned into a RecordError by the caller."""


@attrs.frozen
class _BigNumber:
    """An integer literal too long to be in range, kept as text so it is never converted."""

    text: str


def _parse_int(text: str) -> int | _BigNumber:
    # 20 digits hold every integer below 2**64; longer ones are out of range anyway, and
    # converting them could be slow or hit the interpreter's digit limit.
    if len(text) - text.startswith("-") > 20:
        return _BigNumber(text)
    return int(text)


def _parse_constant(text: str) -> NoReturn:
    raise _UnreadableError(f"{text} is not a JSON value")


def _parse_object(pairs: list[tuple[str, _Json]]) -> dict[str, _Json]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _UnreadableError(f"the key {_shown(key)} appears twice in one object")
            seen.add(key)
    return obj


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted as JSON, cut after ``limit`` characters."""
    if len(text) > limit:
        return json.dumps(text[:limit]) + "..."
    return json.dumps(text)


def _describe(value: object) -> str:
    """A short description of any value, safe for huge and deeply nested ones."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        if value.bit_length() > 128:
            return f"an integer of {value.bit_length()} bits"
        return str(value)
    if isinstance(value, _BigNumber):
        digits = value.text.lstrip("-")
        return f"the {len(digits)}-digit number {value.text[:12]}..."
    if type(value) is float:
        return repr(value)
    if isinstance(value, str):
        return _shown(value)
    if isinstance(value, list):
        count = len(value)
        return f"an array of {count} item{'' if count == 1 else 's'}" if value else "an empty array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _at(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path``."""
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{_shown(key)}]"


def _in(path: str, key: str) -> str:
    """The place of ``key`` in the round entry at ``path``: ``round 2, first``."""
    return f"{path}, {key}"


def _fail(path: str, message: str) -> NoReturn:
    raise RecordError(f"{path}: {message}" if path else message)


# -- reading values -----------------------------------------------------------------------


def _object(
    value: _Json, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, _Json]:
    """``value`` checked to be an object with exactly ``keys`` and maybe ``optional``."""
    if not isinstance(value, dict):
        _fail(path or "the record", f"expected an object, got {_describe(value)}")
    for key in value:
        if not isinstance(key, str):
            _fail(path or "the record", f"keys are strings, not {_describe(key)}")
        if key not in keys and key not in optional:
            _fail(path or "the record", f"unknown key {_shown(key)}")
    for key in keys:
        if key not in value:
            _fail(path or "the record", f"missing key {_shown(key)}")
    return value


def _array(value: _Json, path: str, limit: int | None = None) -> list[_Json]:
    if not isinstance(value, list):
        _fail(path, f"expected an array, got {_describe(value)}")
    if limit is not None and len(value) > limit:
        _fail(path, f"{len(value)} items, but a record allows at most {limit}")
    return value


def _integer(value: _Json, path: str, *, top: int = INT_BOUND) -> int:
    """An integer from ``-2**63`` to ``top - 1``."""
    if type(value) is not int and not isinstance(value, _BigNumber):
        _fail(path, f"expected an integer, got {_describe(value)}")
    if isinstance(value, _BigNumber) or not -INT_BOUND <= value < top:
        shown = "2**63 - 1" if top == INT_BOUND else "2**64 - 1"
        _fail(path, f"{_describe(value)} is out of range (-2**63 to {shown})")
    return value


def _integer_or_null(value: _Json, path: str, *, top: int = INT_BOUND) -> int | None:
    if value is None:
        return None
    if type(value) is not int and not isinstance(value, _BigNumber):
        _fail(path, f"expected an integer or null, got {_describe(value)}")
    return _integer(value, path, top=top)


def _string(value: _Json, path: str, limit: int) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, got {_describe(value)}")
    if len(value) > limit:
        _fail(path, f"{_shown(value)} is too long: at most {limit} characters")
    return value


def _boolean(value: _Json, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_describe(value)}")
    return value


def _one_of(*allowed: str) -> Callable[[_Json, str], str]:
    def read(value: _Json, path: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            names = ", ".join(json.dumps(a) for a in allowed)
            _fail(path, f"expected one of {names}, got {_describe(value)}")
        return value

    return read


def read_json(
    text: object, what: str = "record", error: type[ChickenFootError] = RecordError
) -> _Json:
    """The JSON value of ``text`` (a record, a view, a rules file: ``what``), within the size
    limit, with no key twice and no ``NaN``; ``error`` (a RecordError unless told) if not."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise error(f"a {what} is at most {MAX_TEXT} bytes, not {len(text)}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"a {what} is UTF-8 text: {exc}") from exc
    elif isinstance(text, str):
        size = len(text)
        if size <= MAX_TEXT:
            size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_TEXT:
            raise error(f"a {what} is at most {MAX_TEXT} bytes of UTF-8, not {size}")
    else:
        raise error(f"a {what} is JSON text (str or bytes), not {_describe(text)}")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
            object_pairs_hook=_parse_object,
        )
    except _UnreadableError as exc:  # a private class: chain nothing
        raise error(f"not JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise error(f"not JSON: {exc}") from exc
    except RecursionError as exc:
        raise error(f"not a {what}: arrays or objects nested too deeply") from exc
    except (ValueError, TypeError) as exc:  # anything else the decoder refuses
        raise error(f"not JSON: {exc}") from exc
