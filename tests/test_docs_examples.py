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
import doctest
import importlib
import importlib.util
import pkgutil
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import chickenfoot

ADAPTERS = {
    "chickenfoot.pettingzoo": "pettingzoo",
    "chickenfoot.openspiel": "pyspiel",
    "chickenfoot._encode": "numpy",
}
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


# -- the glossary ------------------------------------------------------------------------

_TERM_LINK = re.compile(r"\{term\}`(?:[^`<]*<(?P<target>[^>`]+)>|(?P<plain>[^`]+))`")
#: Words the pages use that a reader may look up; each must be a term of the glossary that
#: some page links.
LOOKED_UP = [
    "go out",
    "blocked",
    "reserve",
    "pip",
    "hand",
    "kurczak",
    "Y",
    "toe place",
    "opening",
    "playout",
    "determinization",
]


def _glossary_terms() -> set[str]:
    text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    body = text[text.index("```{glossary}") : text.rindex("```")].splitlines()[1:]
    return {line.strip().lower() for line in body if line.strip() and not line[0].isspace()}


def _term_links() -> dict[str, list[str]]:
    """Each term some page links with {term}, and where."""
    links: dict[str, list[str]] = {}
    for path in sorted(DOCS.rglob("*.md")):
        if "_generated" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for link in _TERM_LINK.finditer(line):
                term = (link.group("target") or link.group("plain")).strip().lower()
                links.setdefault(term, []).append(f"{path.relative_to(DOCS)}:{number}")
    return links


def test_every_term_link_names_a_term_of_the_glossary() -> None:
    terms = _glossary_terms()
    assert {"boneyard", "toe", "view"} <= terms
    unknown = {term: where for term, where in _term_links().items() if term not in terms}
    assert not unknown, unknown


@pytest.mark.parametrize("term", LOOKED_UP)
def test_words_the_pages_use_are_in_the_glossary_and_linked(term: str) -> None:
    assert term.lower() in _glossary_terms()
    linked_from = [
        where
        for where in _term_links().get(term.lower(), [])
        if not where.startswith("glossary.md")
    ]
    assert linked_from, f"no page links {term!r} to the glossary"


# -- the examples index ------------------------------------------------------------------


def test_the_examples_page_lists_every_script() -> None:
    folder = DOCS.parent / "examples"
    scripts = sorted(p.name for p in folder.glob("*.py"))
    apps = sorted(f"{p.name}/" for p in folder.iterdir() if (p / "README.md").is_file())
    assert "play_round.py" in scripts
    assert apps == ["webapp/"]
    page = (DOCS / "examples.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| \{repo\}`examples/([\w./]+)` \|", page, re.M)
    assert sorted(listed) == sorted(scripts + apps)
    for name in scripts:  # and how to run it
        assert f"`python examples/{name}" in page, name
