"""The examples of the docs run as a reader would run them: pasted into a fresh Python.

Every ``>>>`` example in a docstring imports what it uses (``help()`` shows one docstring
alone), and every Python code block of the docs pages that is not a doctest runs as a
script. The pages' doctests run in the Sphinx doctest build, which has no hidden setup.

A code block that cannot run here (it needs a server, or a package no extra installs)
is marked by a MyST comment on the line just above its fence, with the reason:
``% not run: needs a Dask scheduler at tcp://scheduler.example:8786``; the page says so
too. A block that imports an adapter's extra runs where the extra is installed (the
adapters session of CI).
"""

from __future__ import annotations

import ast
import code
import contextlib
import doctest
import importlib
import importlib.util
import io
import pkgutil
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import chickenfoot

ADAPTERS = {"chickenfoot.pettingzoo": "pettingzoo", "chickenfoot.openspiel": "pyspiel"}
MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(chickenfoot.__path__, "chickenfoot.")
    if info.name != "chickenfoot.__main__"
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1


def _module(name: str) -> ModuleType:
    if name in ADAPTERS:
        pytest.importorskip(ADAPTERS[name])
    return importlib.import_module(name)


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    # An empty namespace for each docstring: no module globals, no names from other examples.
    tests = finder.find(module, module.__name__, globs={"__name__": "__doctest__"})
    return [t for t in tests if t.examples and t.name.startswith(module.__name__)]


def test_every_public_module_has_examples() -> None:
    assert "chickenfoot._round" in MODULES
    assert sum(len(_examples(importlib.import_module(m))) for m in ("chickenfoot._round",)) > 5


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_import_what_they_use(name: str) -> None:
    module = _module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failed: list[str] = []
    for test in _examples(module):
        result = runner.run(test, out=lambda text: None, clear_globs=True)
        if result.failed:
            failed.append(f"{test.name} (line {test.lineno})")
    assert not failed, "examples that fail in a fresh namespace:\n" + "\n".join(failed)


# -- code blocks of the pages ------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs"
_FENCE = re.compile(r"^(?P<indent> *)```python\s*$")
#: Written on the line just above a block's fence, a MyST comment that keeps the block
#: from being run here, with its reason: ``% not run: needs a Dask scheduler``. Keep it
#: rare, and say so on the page too.
_NOT_RUN = re.compile(r"^\s*% not run: (?P<reason>.*\S)\s*$")


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    source: str
    not_run: str | None

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def code_blocks() -> list[Block]:
    """Every ```python block of the docs pages, dedented, with its opt-out if any."""
    blocks = []
    for path in sorted(DOCS.rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            fence = _FENCE.match(line)
            if fence is None:
                continue
            end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
            source = textwrap.dedent("\n".join(lines[i + 1 : end]))
            marker = _NOT_RUN.match(lines[i - 1]) if i else None
            page = path.relative_to(DOCS).as_posix()
            reason = marker.group("reason") if marker else None
            blocks.append(Block(page, i + 1, source + "\n", reason))
    return blocks


BLOCKS = code_blocks()


def _missing_package(source: str) -> str | None:
    """The first top-level package the block imports that is not installed."""
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if importlib.util.find_spec(top) is None:
                return top
            if top == "chickenfoot" and name != top:
                # An adapter module imports its extra's packages (numpy, pettingzoo, …).
                try:
                    importlib.import_module(name)
                except ModuleNotFoundError as error:
                    return error.name or name
    return None


def test_the_pages_have_code_blocks_and_few_opt_outs() -> None:
    assert len(BLOCKS) >= 10
    not_run = [b for b in BLOCKS if b.not_run is not None]
    assert len(not_run) <= 3, [str(b) for b in not_run]


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.not_run is None], ids=str)
def test_code_block_runs_as_a_script(block: Block, tmp_path: Path) -> None:
    missing = _missing_package(block.source)
    if missing is not None:  # an adapter's extra; CI's adapters session installs them
        pytest.skip(f"{block} needs {missing}")
    script = tmp_path / "example.py"
    script.write_text(block.source, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{block} fails as a script:\n{done.stderr[-3000:]}"


# -- links to the repository -------------------------------------------------------------


def test_the_docs_link_the_repository_named_in_pyproject() -> None:
    root = DOCS.parent
    source = re.search(r'^Source = "([^"]+)"', (root / "pyproject.toml").read_text(), re.M)
    linked = re.search(r'^REPOSITORY = "([^"]+)"', (DOCS / "conf.py").read_text(), re.M)
    assert source is not None
    assert linked is not None
    assert linked.group(1) == source.group(1)


def test_files_of_the_repository_are_links() -> None:
    # `examples/x.py` in running text is written {repo}`examples/x.py`, a link to the file.
    bare = re.compile(r"(?<![}\w])`(?:examples|benchmarks)/[\w./-]+`")
    found = []
    for path in sorted(DOCS.rglob("*.md")):
        if "_generated" in path.parts:
            continue
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            elif not fenced and bare.search(line):
                found.append(f"{path.relative_to(DOCS)}:{number}")
    assert not found, found


# -- doctests pasted into an interactive Python -------------------------------------------

_DOCTEST_FENCE = re.compile(r"^```\{doctest\}\n(?P<body>.*?)^```", re.M | re.S)
#: The pages whose doctests must paste into an interactive Python block by block.
PASTED_PAGES = ["tutorials/game-server.md"]


class _Console(code.InteractiveConsole):
    """The interactive Python of ``python`` itself (``-i``, no PyREPL): a blank line ends
    a compound statement, and the next line must start a new one."""

    def __init__(self) -> None:
        super().__init__({"__name__": "__console__"})
        self.syntax_errors: list[str] = []
        self.tracebacks = 0

    def showsyntaxerror(self, filename: str | None = None, **kwargs: Any) -> None:
        error = sys.exc_info()[1]
        self.syntax_errors.append(f"{type(error).__name__}: {error}")

    def showtraceback(self) -> None:
        self.tracebacks += 1

    def write(self, data: str) -> None:
        pass


def pasted(console: _Console, block: str) -> int:
    """Paste a doctest block into ``console`` as a reader would, without the prompts and
    the output, and press Enter at the end; the number of examples that expect an error."""
    typed = [
        line[4:]
        for line in textwrap.dedent(block).splitlines()
        if line[:4] in (">>> ", "... ") or line in (">>>", "...")
    ]
    with contextlib.redirect_stdout(io.StringIO()):
        for line in [*typed, ""]:
            console.push(line)
    return sum(e.exc_msg is not None for e in doctest.DocTestParser().get_examples(block))


@pytest.mark.parametrize("page", PASTED_PAGES)
def test_doctest_blocks_paste_into_an_interactive_python(page: str) -> None:
    """A blank line inside a class or a loop ends it early at the ``>>>`` prompt, and a
    statement right after a loop needs a blank line first: the page has neither."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = [m.group("body") for m in _DOCTEST_FENCE.finditer(text)]
    assert blocks
    console = _Console()
    expected = 0
    for block in blocks:
        expected += pasted(console, block)
        assert not console.syntax_errors, (page, block[:200], console.syntax_errors)
    assert console.tracebacks == expected


def test_the_console_sees_what_a_paste_breaks() -> None:
    """The check above can fail: a class with a blank line inside, or a loop followed at
    once by a statement, is a syntax error at the prompt (not in a doctest)."""
    broken = (
        ">>> class Server:\n...     def a(self) -> int:\n...         return 1\n...\n"
        "...     def b(self) -> int:\n...         return 2\n"
    )
    console = _Console()
    pasted(console, broken)
    assert console.syntax_errors
    console = _Console()
    pasted(console, ">>> for i in range(2):\n...     x = i\n>>> x\n1\n")
    assert console.syntax_errors
    console = _Console()
    pasted(console, ">>> for i in range(2):\n...     x = i\n...\n>>> x\n1\n")
    assert not console.syntax_errors
