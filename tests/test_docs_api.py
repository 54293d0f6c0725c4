"""The API reference documents every public name, and nothing private as public.

docs/api.md is written by hand, grouped by topic, so a new export can be forgotten there.
These tests read its ``autoclass``, ``autofunction``, ``autodata`` and ``autoexception``
directives (resolved against the ``currentmodule`` in force) and its ``automodule``
directives with ``:members:`` (which document their module's ``__all__``), and compare
them with ``chickenfoot.__all__`` and the public modules of the package. A module may also
be documented name by name, after a ``module`` or ``currentmodule`` directive.

A public module that integrates with an optional package (``chickenfoot.pettingzoo``
needs ``pettingzoo``) is checked only where that package is installed.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import chickenfoot

API_PAGE = Path(__file__).resolve().parents[1] / "docs" / "api.md"

_DIRECTIVE = re.compile(r"^\s*\.\. (auto\w+|currentmodule|module):: *(\S+)\s*$")
_OPTION = re.compile(r"^\s+:(\w[\w-]*):")


def documented() -> tuple[set[str], set[str]]:
    """The dotted names api.md documents one by one, and the modules it documents whole."""
    names: set[str] = set()
    modules: set[str] = set()
    current = "chickenfoot"
    lines = API_PAGE.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        found = _DIRECTIVE.match(line)
        if found is None:
            continue
        kind, target = found.groups()
        if kind in ("currentmodule", "module"):
            current = target
        elif kind == "automodule":
            options = []
            for follow in lines[i + 1 :]:
                option = _OPTION.match(follow)
                if option is None:
                    break
                options.append(option.group(1))
            if "members" in options:
                modules.add(target)
        elif kind in ("autoclass", "autofunction", "autodata", "autoexception"):
            names.add(target if "." in target else f"{current}.{target}")
    return names, modules


def resolve(dotted: str) -> object:
    """The object a dotted name such as ``chickenfoot.errors.RulesError`` names."""
    module_name, _, attr = dotted.rpartition(".")
    module: ModuleType = importlib.import_module(module_name)
    return getattr(module, attr)


def missing_dependency(module_name: str) -> str | None:
    """The optional package that ``module_name`` needs and cannot import, if any."""
    try:
        importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or error.name.split(".")[0] == "chickenfoot":
            raise
        return error.name
    return None


def import_public(module_name: str) -> ModuleType:
    """Import a public module, skipping the test when an optional dependency is missing."""
    missing = missing_dependency(module_name)
    if missing is not None:
        pytest.skip(f"{module_name} needs {missing}, which is not installed")
    return importlib.import_module(module_name)


#: Submodules without a leading _ that are still not public API, as the Stability page says:
#: the command line is public, the Python functions behind it are not.
NOT_PUBLIC = {"chickenfoot.cli"}


def public_modules() -> list[str]:
    """``chickenfoot.errors``, ``chickenfoot.bots``, ...: the submodules without a leading _,
    but those of :data:`NOT_PUBLIC`."""
    return sorted(
        f"chickenfoot.{info.name}"
        for info in pkgutil.iter_modules(chickenfoot.__path__)
        if not info.name.startswith("_") and f"chickenfoot.{info.name}" not in NOT_PUBLIC
    )


@pytest.mark.parametrize("module_name", sorted(NOT_PUBLIC))
def test_a_module_left_out_of_the_api_says_so(module_name: str) -> None:
    """The Stability page names the module as not public, and the API page does not
    document its functions as API."""
    stability = (API_PAGE.parent / "stability.md").read_text(encoding="utf-8")
    assert f"`{module_name}` (`main` included) are not public API" in stability
    names, modules = documented()
    assert module_name not in modules
    assert not any(name.startswith(f"{module_name}.") for name in names)


def documented_objects() -> dict[str, object]:
    """Every documented public name, dotted, with the object it names."""
    names, modules = documented()
    objects = {name: resolve(name) for name in names}
    for module_name in modules:
        if missing_dependency(module_name) is not None:
            continue  # its names are not exports of chickenfoot itself
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            objects[f"{module_name}.{name}"] = getattr(module, name)
    return objects


def test_the_api_page_documents_something() -> None:
    """The parser finds the directives (a guard against a silently empty parse)."""
    names, modules = documented()
    assert "chickenfoot.Round" in names
    assert "chickenfoot.errors.RulesError" in names
    assert "chickenfoot.errors.PositionError" in names
    assert "chickenfoot.bots" in modules


@pytest.mark.parametrize("name", sorted(chickenfoot.__all__))
def test_every_export_is_documented(name: str) -> None:
    """Each name in ``chickenfoot.__all__`` is documented, as itself or from its module."""
    objects = documented_objects()
    if f"chickenfoot.{name}" in objects:
        return
    value = getattr(chickenfoot, name)
    where = [dotted for dotted, obj in objects.items() if dotted.endswith(f".{name}")]
    assert any(objects[dotted] is value for dotted in where), (
        f"chickenfoot.{name} is exported but docs/api.md does not document it: add it to "
        f"the section of its topic with autoclass, autofunction or autodata"
    )


@pytest.mark.parametrize("module_name", public_modules())
def test_every_public_module_is_documented(module_name: str) -> None:
    """Each public module (``chickenfoot.bots``, ...) has an automodule with :members:, or
    each name of its ``__all__`` documented one by one."""
    module = import_public(module_name)
    names, modules = documented()
    if module_name in modules:
        return
    missing = [n for n in getattr(module, "__all__", ()) if f"{module_name}.{n}" not in names]
    assert not missing, (
        f"{module_name} is a public module but docs/api.md documents neither the whole "
        f"module ('.. automodule:: {module_name}' with ':members:') nor {missing}"
    )


@pytest.mark.parametrize("module_name", public_modules())
def test_public_modules_declare_their_names(module_name: str) -> None:
    """automodule documents ``__all__``, so every public module must have one."""
    module = import_public(module_name)
    assert isinstance(getattr(module, "__all__", None), list), f"{module_name} has no __all__"


def test_nothing_private_is_documented_as_public() -> None:
    """Names documented under ``chickenfoot`` are exports, not internals."""
    names, _ = documented()
    top = {n.removeprefix("chickenfoot.") for n in names if n.count(".") == 1}
    assert top <= set(chickenfoot.__all__), sorted(top - set(chickenfoot.__all__))
