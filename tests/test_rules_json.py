"""Rules as data (docs/records.md, "Rules as JSON"): ``Rules.to_dict``, ``to_json``,
``from_dict`` and ``from_json``, and the JSON Schemas shipped in the package.

Round trips draw random variants from every preset; the written knobs are checked to be
exactly those that differ from the preset written, and that preset to be one the variant
differs from least. Errors for hand-written rules name the shape to use, or the values a
knob takes.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
import referencing
import referencing.jsonschema
import rules_schema
from hypothesis import given
from hypothesis import strategies as st
from strategies import rules as variants

from chickenfoot import PRESETS, Match, Rules, RulesError, _schemas, schema
from chickenfoot._schemas import SCHEMA_NAMES, SchemaName

KNOBS = tuple(a.name for a in attrs.fields(Rules))
RULES_VALIDATOR = jsonschema.Draft202012Validator(schema("rules"))
DOCS = Path(__file__).resolve().parents[1] / "docs"
NAMES = SCHEMA_NAMES

#: Knobs of the match schedule (R19, R20) that fit every preset's smallest set.
SCHEDULES: list[dict[str, Any]] = [
    {},
    {"rounds": "half"},
    {"rounds": 2},
    {"target": 300, "target_mode": "reaches"},
    {"round_order": "down_up", "tie_break": "zero_rounds"},
    {"name": "house rules"},
]


def _changed(rules: Rules, base: Rules) -> set[str]:
    return {k for k in KNOBS if getattr(rules, k) != getattr(base, k)}


# -- round trips --------------------------------------------------------------------------


@given(rules=variants(), schedule=st.sampled_from(SCHEDULES), indent=st.sampled_from([None, 2]))
def test_rules_round_trip_through_dict_and_json(
    rules: Rules, schedule: dict[str, Any], indent: int | None
) -> None:
    rules = attrs.evolve(rules, **schedule)
    value = rules.to_dict()
    assert Rules.from_dict(value) == rules
    text = rules.to_json(indent=indent)
    assert json.loads(text) == value
    assert Rules.from_json(text) == rules
    assert Rules.from_json(text.encode("utf-8")) == rules
    RULES_VALIDATOR.validate(value)


@given(rules=variants(), schedule=st.sampled_from(SCHEDULES))
def test_only_the_knobs_that_differ_from_the_closest_preset_are_written(
    rules: Rules, schedule: dict[str, Any]
) -> None:
    rules = attrs.evolve(rules, **schedule)
    value = rules.to_dict()
    written = PRESETS[value["preset"]]
    assert set(value["knobs"]) == _changed(rules, written)
    # no preset differs in fewer knobs, so none from the preset the variant was made
    # from is written needlessly
    assert all(len(value["knobs"]) <= len(_changed(rules, p)) for p in PRESETS.values())


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_preset_writes_no_knob(name: str) -> None:
    assert PRESETS[name].to_dict() == {"preset": name, "knobs": {}}
    assert PRESETS[name].to_json() == f'{{"preset": "{name}", "knobs": {{}}}}'


def test_a_renamed_preset_writes_its_name_and_its_changes() -> None:
    rules = attrs.evolve(PRESETS["cross-and-foot"], name="club", hand_sizes={2: 20, 3: 12})
    assert rules.to_dict() == {
        "preset": "cross-and-foot",
        "knobs": {"name": "club", "hand_sizes": {"2": 20, "3": 12}},
    }


def test_every_knob_without_a_preset_reads_the_same_variant() -> None:
    rules = attrs.evolve(PRESETS["double-foot"], name="six", double_blank=25)
    knobs = {k: getattr(rules, k) for k in KNOBS}
    knobs["set_sizes"] = {str(p): n for p, n in rules.set_sizes}
    knobs["hand_sizes"] = {str(p): n for p, n in rules.hand_sizes}
    knobs["house"] = []
    value = {"preset": None, "knobs": knobs}
    RULES_VALIDATOR.validate(value)
    assert Rules.from_dict(value) == rules
    del knobs["blank_value"], knobs["round_order"]  # the knobs added later keep defaults
    assert Rules.from_dict(value) == rules


def test_rules_that_cannot_be_read_back_are_not_written() -> None:
    with pytest.raises(RulesError, match="at most 64 characters"):
        attrs.evolve(PRESETS["classic"], name="x" * 65).to_json()
    with pytest.raises(RulesError, match="out of range"):
        attrs.evolve(PRESETS["classic"], double_blank=2**63).to_dict()


# -- spellings ----------------------------------------------------------------------------

#: Every word a knob takes, with a preset that accepts it.
WORDS: list[tuple[str, str]] = [
    (knob, word)
    for knob in ("start", "play_drawn", "rounds", "round_order", "target_mode", "tie_break")
    for word in re.findall(r"'([a-z_]+)'", attrs.fields_dict(Rules)[knob].metadata["values"])
]


@pytest.mark.parametrize(("knob", "word"), WORDS)
def test_knob_words_take_the_spellings_preset_names_take(knob: str, word: str) -> None:
    for spelling in (word, word.replace("_", "-"), word.upper(), f" {word.replace('_', ' ')} "):
        rules = Rules.from_dict({"preset": "classic", "knobs": {knob: spelling}})
        assert getattr(rules, knob) == word, spelling


@pytest.mark.parametrize("knob", sorted({k for k, _ in WORDS}))
def test_a_word_no_knob_takes_is_refused_with_the_words_it_takes(knob: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"preset": "classic", "knobs": {knob: "high-noon"}})
    message = str(info.value)
    assert message.startswith(f"rules.knobs.{knob}: expected ")
    for word in (w for k, w in WORDS if k == knob):
        assert json.dumps(word) in message
    assert '"high-noon"' in message


def test_the_preset_may_be_an_alias_in_any_case() -> None:
    value = {"preset": "Double Chicken Foot", "knobs": {"double_blank": 0}}
    assert Rules.from_dict(value) == attrs.evolve(PRESETS["double-foot"], double_blank=0)
    assert Rules.from_dict({"preset": "KURCZAK"}) == PRESETS["chickie-duel"]


def test_writing_uses_the_words_as_the_schema_gives_them() -> None:
    rules = Rules.from_dict({"preset": "classic", "knobs": {"start": "Highest-Held"}})
    assert rules.to_dict() == {"preset": "classic", "knobs": {"start": "highest_held"}}


# -- errors -------------------------------------------------------------------------------

SHAPE = '{"preset": "classic", "knobs": {"double_blank": 25}}'


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"double_blank": 25}, ['"double_blank" is a knob', 'go under "knobs"', SHAPE]),
        ({"preset": "classic", "start": "centre"}, ['"start" is a knob', SHAPE]),
        ({"knobs": {"double_blank": 25}}, ['missing key "preset"', "null", SHAPE]),
        ([], ["expected an object like", SHAPE, "an empty array"]),
        ("classic", ["expected an object like", '"classic"']),
        ({"preset": "classic", "colour": 1}, ['rules: unknown key "colour"']),
        ({"preset": "classic", "knobs": {"toes": 3}}, ['rules.knobs: unknown key "toes"']),
        ({"preset": "classic", "knobs": []}, ["rules.knobs: expected an object"]),
        ({"preset": "chess"}, ["rules.preset: no preset 'chess'", "classic", "kurczak"]),
        ({"preset": 7}, ["rules.preset: expected a string, got 7"]),
        ({"preset": None, "knobs": {}}, ['missing knob "name"', "every knob"]),
        (
            {"preset": "classic", "knobs": {"first_foot_required": 1}},
            ["rules.knobs.first_foot_required: expected true or false, got 1"],
        ),
        (
            {"preset": "classic", "knobs": {"double_blank": True}},
            ["rules.knobs.double_blank: expected an integer, got true"],
        ),
        (  # a knob that takes words or a number names them all, the last after "or"
            {"preset": "classic", "knobs": {"rounds": 2.5}},
            ['rules.knobs.rounds: expected "full", "half" or an integer, got 2.5'],
        ),
        (
            {"preset": "classic", "knobs": {"draws_per_turn": "one"}},
            ['rules.knobs.draws_per_turn: expected an integer or null, got "one"'],
        ),
        (  # a number is shown whole up to 128 bits, a longer one by its length
            {"preset": "classic", "knobs": {"first_foot_required": 2**127}},
            [f"rules.knobs.first_foot_required: expected true or false, got {2**127}"],
        ),
        (
            {"preset": "classic", "knobs": {"first_foot_required": -(2**128)}},
            ["rules.knobs.first_foot_required: expected true or false, got an integer of 129 bits"],
        ),
        (
            {"preset": "classic", "knobs": {"hand_sizes": {"4": 20}}},
            ["4 players with hands of 20 need 80 tiles", "(R5)"],
        ),
    ],
)
def test_bad_rules_are_refused_with_the_shape_or_the_values(
    value: object, words: list[str]
) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(value)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", ["not JSON"]),
        ('{"preset": "classic", "preset": "classic"}', ['the key "preset" appears twice']),
        ('{"preset": "classic", "knobs": {"double_blank": NaN}}', ["NaN is not a JSON value"]),
        (b"\xff", ["UTF-8"]),
        (" " * (2 * 1024 * 1024 + 1), ["at most 2097152 bytes"]),
        ('{"double_blank": 25}', ['"double_blank" is a knob', SHAPE]),
    ],
)
def test_bad_rules_text_is_refused(text: str | bytes, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_json(text)
    for word in words:
        assert word in str(info.value)


# -- the shipped schemas ------------------------------------------------------------------


def _shipped(name: str) -> dict[str, Any]:
    path = resources.files("chickenfoot") / "schemas" / f"{name}.schema.json"
    loaded: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return loaded


def test_the_shipped_rules_schema_is_written_from_the_knobs() -> None:
    """The shipped rules schema is, byte for byte, what ``tests/rules_schema.py`` writes
    from the fields of Rules and their metadata (run it after changing a knob)."""
    assert _shipped("rules") == rules_schema.rules_schema()
    shipped = rules_schema.SHIPPED.read_text(encoding="utf-8")
    assert shipped == rules_schema.text(), "run python tests/rules_schema.py"


def test_the_written_schema_follows_each_knobs_metadata() -> None:
    """Every knob is in the written schema; its words, least value and null follow its
    metadata, so changing the metadata changes the schema."""
    written = rules_schema.rules_schema()["$defs"]["knobs"]["properties"]
    assert tuple(written) == KNOBS
    for field in attrs.fields(Rules):
        validator = jsonschema.Draft202012Validator(
            {**rules_schema.knob_schema(field), "$defs": rules_schema.rules_schema()["$defs"]}
        )
        about = field.metadata
        for word in about["words"]:
            assert validator.is_valid(word), (field.name, word)
        assert validator.is_valid("no such word") == (about["kind"] == "text"), field.name
        assert validator.is_valid(None) == about["none"], field.name
        if about["minimum"] is not None:
            assert validator.is_valid(about["minimum"]), field.name
            assert not validator.is_valid(about["minimum"] - 1), field.name
        for example in about["examples"]:  # the examples as records write them
            value = {str(p): n for p, n in example} if about["kind"] == "table" else example
            value = list(value) if about["kind"] == "house" else value
            assert validator.is_valid(value), (field.name, example)


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_its_shipped_file_with_what_it_refers_to(name: SchemaName) -> None:
    loaded = schema(name)
    jsonschema.Draft202012Validator.check_schema(loaded)
    shipped = _shipped(name)
    embedded = {k: v for k, v in loaded["$defs"].items() if k.endswith(".schema.json")}
    assert {**loaded, "$defs": {k: v for k, v in loaded["$defs"].items() if k not in embedded}} == (
        shipped
    )
    expected = set() if name == "rules" else {"rules.schema.json"}
    assert set(embedded) == expected
    for file, value in embedded.items():
        rules = _shipped(file.removesuffix(".schema.json"))
        del rules["$schema"]
        assert value == {"$id": file, **rules}
    loaded["title"] = "changed"
    assert schema(name)["title"] != "changed"  # a new dict each time


def test_a_schema_holds_what_the_schemas_it_refers_to_refer_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The files a schema holds are every file it refers to, and the files those refer
    to in turn, each once (the shipped ones go one step deep: the record and view
    schemas refer to the rules schema, which refers to none)."""
    files: dict[str, dict[str, Any]] = {
        "record": {"$schema": "s", "a": {"$ref": "view.schema.json#/x"}},
        "view": {"$schema": "s", "b": [{"$ref": "rules.schema.json"}, {"$ref": "#/$defs/c"}]},
        "rules": {"$schema": "s", "c": {"$ref": "record.schema.json"}},
    }
    monkeypatch.setattr(_schemas, "_load", lambda name: json.loads(json.dumps(files[name])))
    loaded = schema("record")
    assert sorted(loaded["$defs"]) == ["rules.schema.json", "view.schema.json"]
    assert loaded["$defs"]["rules.schema.json"] == {
        "$id": "rules.schema.json",
        "c": files["rules"]["c"],
    }


def test_an_unknown_schema_name_is_refused() -> None:
    with pytest.raises(ValueError, match="the schemas are 'record', 'view', 'rules', not 'game'"):
        schema("game")  # type: ignore[arg-type]


def test_the_shipped_files_validate_with_a_registry_as_the_bundled_schemas_do() -> None:
    """The files as shipped (each referring to rules.schema.json) and the bundled schemas
    accept and refuse the same records and views."""
    registry = referencing.Registry().with_resources(
        (f"{n}.schema.json", referencing.jsonschema.DRAFT202012.create_resource(_shipped(n)))
        for n in NAMES
    )
    rules = attrs.evolve(PRESETS["chickie-duel"], name="duel", start="highest_held", rounds=2)
    match = Match.new(rules, 2, seed=3)
    good: dict[SchemaName, dict[str, Any]] = {
        "record": match.to_record(),
        "view": match.view(0).to_dict(),
        "rules": rules.to_dict(),
    }
    for name, value in good.items():
        bad = json.loads(json.dumps(value))
        knobs = bad["knobs"] if name == "rules" else bad["rules"]["knobs"]
        knobs["start"] = "highest-held"  # read by Rules.from_dict, but not as written
        shipped = jsonschema.Draft202012Validator(_shipped(name), registry=registry)
        bundled = jsonschema.Draft202012Validator(schema(name))
        assert shipped.is_valid(value), name
        assert bundled.is_valid(value), name
        assert not shipped.is_valid(bad), name
        assert not bundled.is_valid(bad), name


def test_the_docs_show_the_shipped_schemas() -> None:
    """Each schema is shown on a docs page by including the shipped file itself."""
    included: dict[str, str] = {}
    for page in DOCS.rglob("*.md"):
        for target in re.findall(r"```\{literalinclude\} (\S+\.schema\.json)", page.read_text()):
            shown = (page.parent / target).resolve()
            included[shown.name] = page.name
            # the source file the package ships (installed or not, its bytes are those)
            assert shown == (DOCS.parent / "src" / "chickenfoot" / "schemas" / shown.name)
            shipped = resources.files("chickenfoot").joinpath("schemas").joinpath(shown.name)
            assert shipped.read_bytes() == shown.read_bytes(), shown.name
    assert included == {
        "record.schema.json": "records.md",
        "view.schema.json": "views.md",
        "rules.schema.json": "records.md",
    }


def test_a_house_rule_s_whole_number_knob_is_read_as_one() -> None:
    """A rules file giving a house rule's whole-number knob a fraction or text is refused,
    saying where."""
    import house_rules  # registers costly-doubles

    assert house_rules.CostlyDoubles.name == "costly-doubles"
    value: dict[str, Any] = {
        "preset": "classic",
        "knobs": {"house": [{"name": "costly-doubles", "knobs": {"factor": 1.5}}]},
    }
    where = r"rules\.knobs\.house\[0\]\.knobs\.factor"
    with pytest.raises(RulesError, match=f"^{where}: expected an integer, got 1\\.5$"):
        Rules.from_dict(value)
    value["knobs"]["house"][0]["knobs"]["factor"] = "2"  # text, read before play, not in it
    with pytest.raises(RulesError, match="factor is a whole number like its default 2, not '2'"):
        Rules.from_dict(value)
    value["knobs"]["house"][0]["knobs"]["factor"] = 3
    assert Rules.from_dict(value).house == (house_rules.CostlyDoubles(factor=3),)


@pytest.mark.parametrize(
    ("text", "said"),
    [("[]", "an empty array"), ("[1]", "an array of 1 item"), ("[1, 2]", "an array of 2 items")],
)
def test_an_array_in_place_of_the_rules_is_said_by_its_length(text: str, said: str) -> None:
    with pytest.raises(RulesError, match=f", got {re.escape(said)}$"):
        Rules.from_json(text)


def test_a_tie_of_presets_goes_to_the_one_the_rules_are_named_after() -> None:
    # three knobs from classic, three from cross-and-foot (which comes first in PRESETS);
    # the name is built at run time, so it equals "classic" without being the same object
    rest = PRESETS["cross-and-foot"]
    rules = attrs.evolve(
        PRESETS["classic"],
        name="".join(["clas", "sic"]),
        first_foot_required=rest.first_foot_required,
        double_blank=rest.double_blank,
        tie_break=rest.tie_break,
    )
    assert len(_changed(rules, PRESETS["classic"])) == len(_changed(rules, rest)) == 3
    assert rules.to_dict()["preset"] == "classic"
    renamed = attrs.evolve(rules, name="".join(["cl", "ub"]))
    assert renamed.to_dict()["preset"] == "cross-and-foot"  # no name: the first listed
