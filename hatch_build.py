"""Build hook: compile the engine's hot modules with mypyc when ``CHICKENFOOT_MYPYC=1``.

Without the variable (or with ``CHICKENFOOT_MYPYC=0``) the wheel is pure Python, for every
platform. With it, the modules listed under ``modules`` in the hook's table of
``pyproject.toml`` are compiled with mypyc into extension modules placed beside their
sources, and the wheel is tagged for the interpreter and platform that built it. The
sources stay in the wheel: Python imports an extension module before a ``.py`` file of the
same name, and the sources keep tracebacks and ``inspect.getsource`` readable.

    CHICKENFOOT_MYPYC=1 pip wheel . --no-deps -w dist
    CHICKENFOOT_MYPYC=1 python -m build --wheel
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV = "CHICKENFOOT_MYPYC"


def _wanted() -> bool:
    value = os.environ.get(ENV, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{ENV} is 1 (compile with mypyc) or 0 (pure Python), not {value!r}")


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the engine with mypyc for platform wheels; see the module docstring."""

    PLUGIN_NAME = "custom"

    def _compiling(self) -> bool:
        return self.target_name == "wheel" and _wanted()

    def dependencies(self) -> list[str]:
        # Asked before the build: what the build environment must hold to compile.
        if not self._compiling():
            return []
        # mypyc type-checks the modules it compiles, so their imports must be there too.
        tools = list(self.config.get("compile-requires", ["mypy", "setuptools"]))
        return tools + list(self.metadata.core.dependencies)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "standard" or not self._compiling():
            return
        modules = self.config.get("modules", [])
        if not modules:
            raise ValueError(f"{ENV}=1 but the build hook lists no modules to compile")
        root = Path(self.root)
        sources = [str(root / module) for module in modules]
        for source in sources:
            if not Path(source).is_file():
                raise FileNotFoundError(f"the build hook lists {source}, which does not exist")
        self._work = Path(tempfile.mkdtemp(prefix="chickenfoot-mypyc-"))
        for path in self._compile(sources, self._work):
            # Extension modules land beside their sources in the package; mypyc's
            # runtime library (one shared module) at the top of site-packages.
            build_data["force_include"][str(path)] = path.relative_to(self._work / "lib").as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)

    def _compile(self, sources: list[str], work: Path) -> list[Path]:
        """Compile ``sources`` into ``work/lib`` and return the extension modules built."""
        from mypyc.build import mypycify
        from setuptools import Distribution

        here = os.getcwd()
        os.chdir(self.root)  # mypy reads its settings ([tool.mypy]) from pyproject.toml here
        try:
            extensions = mypycify(
                sources,
                opt_level=str(self.config.get("opt-level", "3")),
                target_dir=str(work / "c"),
            )
            dist = Distribution({"ext_modules": extensions})
            command: Any = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            command.parallel = os.cpu_count() or 1
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(here)
        suffixes = (".so", ".pyd")
        built = sorted(p for p in (work / "lib").rglob("*") if p.suffix in suffixes)
        if not built:
            raise RuntimeError("mypyc built no extension modules")
        print(f"{ENV}: compiled {len(built)} extension modules", file=sys.stderr)
        return built
