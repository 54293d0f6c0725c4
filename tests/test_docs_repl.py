"""The pages' ``>>>`` examples paste cleanly into an interactive Python.

The doctest build compiles each example whole, so it accepts transcripts that the
interactive interpreter reads differently: there a blank line ends a class or a function
early (the rest of its body is then an ``IndentationError`` and its name a ``NameError``),
and a statement right after a ``for`` loop, without the blank line that closes the loop,
is a ``SyntaxError``. Here every page's examples are typed into
:class:`code.InteractiveConsole`, which reads lines as ``python`` does at its prompt: a
reader pastes the source lines of one ``{doctest}`` block (the ``>>>`` and ``...`` lines,
prompts stripped, no output), presses Enter, and goes on to the next block of the page in
the same session. Only an example that shows a traceback may raise.
"""

from __future__ import annotations

import code
import contextlib
import doctest
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
FENCE = "```{doctest}"
CONTINUED = re.compile(r"^\s*\.\.\.(?: |$)")


@dataclass(frozen=True)
class Block:
    line: int
    examples: list[doctest.Example]
    #: each example's lines as typed at the prompt: the doctest parser's source drops
    #: the blank ``...`` line that closes a loop, which the interpreter needs
    typed: list[list[str]]


def doctest_blocks(text: str) -> list[Block]:
    """The ``{doctest}`` blocks of a MyST page, each with its examples."""
    lines = text.splitlines()
    blocks = []
    for i, line in enumerate(lines):
        if line.strip() != FENCE:
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
        source = "\n".join(lines[i + 1 : end]) + "\n"
        examples = doctest.DocTestParser().get_examples(source)
        body = lines[i + 1 : end]
        typed = []
        for example in examples:
            first = body[example.lineno]
            indent = len(first) - len(first.lstrip())
            end_of_source = example.lineno + 1
            while end_of_source < len(body) and CONTINUED.match(body[end_of_source]):
                end_of_source += 1
            typed.append([line[indent + 4 :] for line in body[example.lineno : end_of_source]])
        blocks.append(Block(i + 1, examples, typed))
    return blocks


PAGES = sorted(
    path.relative_to(DOCS).as_posix()
    for path in DOCS.rglob("*.md")
    if "_generated" not in path.parts and FENCE in path.read_text(encoding="utf-8")
)


@dataclass
class Console(code.InteractiveConsole):
    """An interactive console that notes, instead of printing, every error it shows."""

    errors: list[tuple[str, str]] = field(default_factory=list)
    where: str = ""

    def __post_init__(self) -> None:
        super().__init__({"__name__": "__console__"}, filename="<stdin>")

    def showsyntaxerror(self, filename: str | None = None, **kwargs: object) -> None:
        self._note()

    def showtraceback(self) -> None:
        self._note()

    def _note(self) -> None:
        error = sys.exc_info()[1]
        self.errors.append((self.where, f"{type(error).__name__}: {error}"))


def paste(text: str, page: str) -> list[tuple[str, str]]:
    """Type a page's examples into one console; the errors no example expects."""
    console = Console()
    unexpected: list[tuple[str, str]] = []
    with contextlib.redirect_stdout(io.StringIO()):
        for block in doctest_blocks(text):
            for example, typed in zip(block.examples, block.typed, strict=True):
                console.where = f"{page}:{block.line + 1 + example.lineno}"
                console.errors.clear()
                for line in typed:
                    console.push(line)
                shows_traceback = example.exc_msg is not None
                for where, error in console.errors:
                    compiled = error.startswith(("SyntaxError", "IndentationError"))
                    if compiled or not shows_traceback:
                        unexpected.append((where, error))
            console.where = f"{page}:{block.line} (end of block)"
            console.errors.clear()
            console.push("")  # Enter, after the pasted block
            unexpected.extend(console.errors)
    return unexpected


def test_pages_with_examples_are_found() -> None:
    assert "tutorials/write-a-bot.md" in PAGES
    assert len(PAGES) >= 10


def test_the_console_reads_a_paste_as_python_does() -> None:
    # A class with a blank line in its body, and a loop not closed by a blank line: the
    # real interpreter, reading the same lines at its prompt, stumbles on both.
    page = (
        f"{FENCE}\n>>> class Bot:\n...     name = 'x'\n...\n...     def choose(self):\n"
        "...         return 1\n>>> Bot().choose()\n1\n>>> for i in range(2):\n...     j = i\n"
        ">>> j\n1\n```\n"
    )
    errors = [error.split(":")[0] for _, error in paste(page, "page.md")]
    assert errors == ["IndentationError", "IndentationError", "AttributeError", "SyntaxError"]
    lines = [line + "\n" for block in doctest_blocks(page) for ex in block.typed for line in ex]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    done = subprocess.run(
        [sys.executable, "-i", "-q"],
        input="".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    shown = [
        line.split(":")[0]
        for line in done.stderr.splitlines()
        if line.endswith(("indent", "syntax"))
    ]
    assert "IndentationError" in shown
    assert "SyntaxError" in shown
    assert "AttributeError: 'Bot' object has no attribute 'choose'" in done.stderr


def test_well_formed_transcripts_paste_cleanly() -> None:
    page = (
        f"{FENCE}\n>>> class Bot:\n...     name = 'x'\n...     def choose(self):\n"
        "...         return 1\n...\n>>> Bot().choose()\n1\n>>> for i in range(2):\n...     j = i\n"
        "...\n>>> j\n1\n>>> 1 / 0\nTraceback (most recent call last):\n  ...\n"
        "ZeroDivisionError: division by zero\n```\n"
    )
    assert paste(page, "page.md") == []


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_paste_into_python(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a page may write files
    unexpected = paste(text, page)
    assert not unexpected, "pasted into python:\n" + "\n".join(f"{w}: {e}" for w, e in unexpected)
