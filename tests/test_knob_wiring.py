"""A knob is its field: every place that lists the knobs of Rules lists every field.

The records' readers and writers, the rules schema, the command line's tables, the
adapters' game parameters, the knob help and the test variants are all derived from
``attrs.fields(Rules)`` and each field's metadata. These tests walk the fields, so a knob
added without its metadata, or a place that stops reading it, fails here.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
import rules_schema
import strategies

from chickenfoot import PRESETS, Round, Rules, RulesError
from chickenfoot._records import _KNOBS, _LATER_KNOBS, _WORDS
from chickenfoot._rules import FIRST_RELEASE, knobs_of_parameters, round_parameters
from chickenfoot.cli import main

FIELDS = attrs.fields(Rules)
NAMES = [f.name for f in FIELDS]
KINDS = ("text", "table", "boolean", "word", "integer", "house")


def _valid(field: attrs.Attribute[Any], value: object) -> bool:
    """Whether the knob's own converter and validator take ``value``."""
    try:
        if field.converter is not None:
            value = field.converter(value)  # type: ignore[operator]
        if field.validator is not None:  # the player tables are checked by converting
            field.validator(None, field, value)
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("field", FIELDS, ids=NAMES)
def test_every_knob_has_all_its_metadata(field: attrs.Attribute[Any]) -> None:
    about = field.metadata
    assert isinstance(about["summary"], str)
    assert about["summary"].endswith(".")
    assert isinstance(about["values"], str)
    assert about["values"]
    assert isinstance(about["rule"], str)
    assert about["scope"] in ("round", "match")
    assert about["kind"] in KINDS
    assert isinstance(about["since"], str)
    assert about["since"] >= FIRST_RELEASE
    assert isinstance(about["optional"], bool)
    if about["since"] != FIRST_RELEASE:  # records written before it lack it
        assert about["optional"]
    assert isinstance(about["examples"], tuple)
    assert len(about["examples"]) >= 1
    assert all(isinstance(w, str) for w in about["words"])
    assert bool(about["words"]) == (about["kind"] == "word" or field.name in _WORDS)
    if about["optional"]:
        assert field.default is not attrs.NOTHING, "a knob a record may lack has a default"


@pytest.mark.parametrize("field", FIELDS, ids=NAMES)
def test_the_metadata_says_what_the_validator_takes(field: attrs.Attribute[Any]) -> None:
    """The examples, the words and the least number are values the knob takes; one word
    more, one less than the least, or None where the metadata says not, are refused."""
    about = field.metadata
    for example in about["examples"]:
        assert _valid(field, example), example
    for word in about["words"]:
        assert _valid(field, word), word
    if about["kind"] in ("word", "integer", "boolean"):
        assert not _valid(field, "no such word")
        assert _valid(field, None) == about["none"]
    if about["minimum"] is not None:
        assert _valid(field, about["minimum"])
        assert not _valid(field, about["minimum"] - 1)
    if about["kind"] == "word":  # every word is an example, so the variants draw it
        assert set(about["examples"]) == set(about["words"])


@pytest.mark.parametrize("field", FIELDS, ids=NAMES)
def test_a_knob_shows_up_everywhere(field: attrs.Attribute[Any]) -> None:
    name = field.name
    about = field.metadata
    # the records read and write it; a rules object without a preset may lack it only
    # if the metadata says so
    assert name in _KNOBS
    assert (name in _LATER_KNOBS) == about["optional"]
    # the rules schema, as written from the fields and as shipped
    written = rules_schema.rules_schema()
    assert name in written["$defs"]["knobs"]["properties"]
    shipped = json.loads(rules_schema.SHIPPED.read_text(encoding="utf-8"))
    assert name in shipped["$defs"]["knobs"]["properties"]
    required = shipped["then"]["properties"]["knobs"]["required"]
    assert (name in required) != about["optional"]
    # the knob help, and so the class docstring and the API reference
    assert name in [k.name for k in Rules.knob_help()]
    assert Rules.__doc__ is None or f"``{name}``" in Rules.__doc__
    # the adapters' game parameters: every knob of a round given by one value
    scalar = about["kind"] in ("boolean", "word", "integer") and not about["words"]
    scalar = scalar or about["kind"] == "word"
    assert (name in round_parameters()) == (about["scope"] == "round" and scalar)
    # the test variants draw it, unless they leave it to their callers
    drawn = [f.name for f in strategies.drawn_knobs()]
    assert (name in drawn) != (name in strategies.LEFT_TO_CALLERS)


def test_the_variants_leave_only_knobs_to_their_callers() -> None:
    assert set(NAMES) >= strategies.LEFT_TO_CALLERS
    assert set(strategies.DRAWN_LAST) <= {f.name for f in strategies.drawn_knobs()}


@pytest.mark.parametrize("field", FIELDS, ids=NAMES)
def test_every_example_is_written_and_read_back(field: attrs.Attribute[Any]) -> None:
    """Each example that makes a variant of some preset goes through a record and back."""
    written = 0
    for base in PRESETS.values():
        for example in field.metadata["examples"]:
            try:
                rules = attrs.evolve(base, **{field.name: example})
            except RulesError:
                continue
            rnd = Round.deal(rules, rules.player_counts[0], seed=1)
            again = Round.from_json(rnd.to_json())
            assert getattr(again.rules, field.name) == getattr(rules, field.name)
            assert Rules.from_json(rules.to_json()) == rules
            written += 1
    assert written, f"no example of {field.name} makes a variant of any preset"


def test_the_command_line_tables_have_every_knob(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--plain"]) == 0
    rows = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert set(NAMES) - {"name"} <= rows
    for preset in PRESETS:
        assert main(["rules", preset, "--plain"]) == 0
        rows = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()}
        assert set(NAMES) <= rows, preset


def test_the_game_parameters_keep_the_preset_at_their_defaults() -> None:
    """At its default every parameter keeps the preset's value; an example of each knob
    given as a parameter (a boolean as 0 or 1, None as 0) gives that example back."""
    defaults = round_parameters()
    assert knobs_of_parameters(defaults) == {}
    # the documented defaults: "" for a word, -1 for a boolean or a number
    kinds = {f.name: f.metadata["kind"] for f in attrs.fields(Rules)}
    assert defaults == {name: "" if kinds[name] == "word" else -1 for name in defaults}
    for name in defaults:
        field = attrs.fields_dict(Rules)[name]
        for example in field.metadata["examples"]:
            given: int | str = 0 if example is None else example
            assert knobs_of_parameters({name: given}) == {name: example}, (name, example)
