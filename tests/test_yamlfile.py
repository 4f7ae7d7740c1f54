"""Config files with errors: one message naming the file, the line and what
is wrong, in every language; never a yaml traceback."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import voices
from narrator.yamlfile import (
    ConfigError,
    ConfigFileError,
    ConfigSyntaxError,
    check_keys,
    error_at,
    get,
    line_of,
    load_yaml,
    load_yaml_text,
    where,
)

ROOT = Path(__file__).resolve().parent.parent

KIT = """\
# a kit
name: minimal box
players: [Anna, Bram, No, On]
roles:
  Anna: werewolf
  Bram: seer
  No: werwolf
  On: villager
seats:
  - pin: 5
    led: 6
  - pin: 13
    led: 19
"""


def write(tmp_path: Path, text: str | bytes, name: str = "kit.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_values_are_plain_data_and_names_stay_names(tmp_path: Path) -> None:
    data = load_yaml(write(tmp_path, KIT), "kit")
    assert data == {
        "name": "minimal box", "players": ["Anna", "Bram", "No", "On"],
        "roles": {"Anna": "werewolf", "Bram": "seer", "No": "werwolf", "On": "villager"},
        "seats": [{"pin": 5, "led": 6}, {"pin": 13, "led": 19}],
    }
    assert load_yaml_text("a: true\nb: yes\nc: off\n", "x.yaml", "test") == {
        "a": True, "b": "yes", "c": "off"}


def test_where_points_at_the_line_of_each_key_and_item(tmp_path: Path) -> None:
    path = write(tmp_path, KIT)
    data = load_yaml(path, "kit")
    assert where(data, "roles", "No") == f"{path}:7"
    assert where(data, "players") == f"{path}:3"
    assert where(data, "seats", 1) == f"{path}:12"
    assert where(data, "seats", 1, "led") == f"{path}:13"
    assert where(data, "seats", -1, "pin") == f"{path}:12"
    # a missing key points at the deepest thing that exists
    assert where(data, "roles", "Zoe") == f"{path}:4"  # the "roles:" line
    assert where(data, "nope", "deeper") == f"{path}:2"  # the mapping starts after the comment
    assert line_of(data["roles"]) == (str(path), 5)


def test_an_error_at_a_value_names_file_line_and_problem(tmp_path: Path) -> None:
    path = write(tmp_path, KIT)
    data = load_yaml(path, "kit")
    err = error_at(data, ("roles", "No"), "journal.config_unknown_value", name="No", value="werwolf")
    assert isinstance(err, ValueError)
    assert str(err) == f"{path}:7: werwolf is not a valid value for No"
    assert err.file == str(path) and err.line == 7
    assert err.message("nl") == f"{path}:7: werwolf is geen geldige waarde voor No"


def test_plain_text_problems_pass_through(tmp_path: Path) -> None:
    data = load_yaml(write(tmp_path, KIT), "kit")
    err = error_at(data, ("players",), "the deck needs {n} more cards", n=2)
    assert str(err).endswith(":3: the deck needs 2 more cards")


@pytest.mark.parametrize(("text", "line", "needle"), [
    ("players: [Anna, Bram\nroles: {}\n", 2, "not valid YAML"),
    ("a: 1\n  b: 2\n", 2, "not valid YAML"),
    ("a:\n\t- x\n", 2, "not valid YAML"),
    ("a: 1\nb: [1, 2]]\n", 2, "not valid YAML"),
    ("roles:\n  Anna: seer\n  Bram: witch\n  Anna: werewolf\n", 4, "'Anna' appears twice (first on line 2)"),
    ("? [a, b]\n: 1\n", 1, "not valid YAML: a list or mapping cannot be a key"),
    ("a: 1\n---\nb: 2\n", 2, "not valid YAML"),
    ("a: !!python/object:os.system x\n", 1, "not valid YAML"),
    ("a: *nowhere\n", 1, "not valid YAML"),
    ("a: 1\nb: x\x0cy\n", 2, "not valid YAML: character U+000C is not allowed"),
])
def test_syntax_errors_give_one_line(tmp_path: Path, text: str, line: int, needle: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigSyntaxError) as info:
        load_yaml(path, "kit")
    message = str(info.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert needle in message and "\n" not in message and "Traceback" not in message
    assert info.value.line == line


def test_the_file_itself_problems(tmp_path: Path) -> None:
    with pytest.raises(ConfigFileError, match=r"kit\.yaml: this file \(kit\) does not exist"):
        load_yaml(tmp_path / "kit.yaml", "kit")
    with pytest.raises(ConfigFileError, match="is a folder, not a file"):
        load_yaml(tmp_path, "kit")
    path = write(tmp_path, b"a: 1\nb: caf\xe9\n")
    with pytest.raises(ConfigFileError, match=r"kit\.yaml:2: something here is not UTF-8"):
        load_yaml(path, "kit")
    with pytest.raises(ConfigSyntaxError, match="the file is empty; it should hold a kit"):
        load_yaml(write(tmp_path, "# only a comment\n"), "kit")
    assert load_yaml(write(tmp_path, ""), "kit", empty_ok=True) is None
    with pytest.raises(ConfigError, match=r"kit\.yaml:1: a kit file must hold a mapping \(key: value\), not a list"):
        load_yaml(write(tmp_path, "- a\n- b\n"), "kit", top=dict)
    with pytest.raises(ConfigError, match=r"kit\.yaml:1: a kit file must hold a mapping"):
        load_yaml(write(tmp_path, "just text\n"), "kit", top=dict)


def test_get_checks_types_at_the_right_line(tmp_path: Path) -> None:
    path = write(tmp_path, KIT)
    data = load_yaml(path, "kit")
    assert get(data, "players", list) == ["Anna", "Bram", "No", "On"]
    assert get(data["seats"][0], "pin", int) == 5
    assert get(data["seats"][0], "pin", float) == 5  # a whole number is a number
    assert get(data, "volume", float, default=0.8) == 0.8
    with pytest.raises(ConfigError, match=rf"^{re.escape(str(path))}:2: 'name' must be a list, not text$"):
        get(data, "name", list)
    with pytest.raises(ConfigError, match=r":10: the key 'volume' is missing"):
        get(data["seats"][0], "volume", int)
    with pytest.raises(ConfigError, match=r":10: a mapping \(key: value\) belongs here, not a list"):
        get(data["seats"], "pin", int)


def test_yes_is_not_a_number(tmp_path: Path) -> None:
    data = load_yaml(write(tmp_path, "players: true\n"), "kit")
    with pytest.raises(ConfigError, match="'players' must be a whole number, not true or false"):
        get(data, "players", int)


def test_check_keys_catches_typos_with_a_hint(tmp_path: Path) -> None:
    path = write(tmp_path, KIT.replace("seats:", "seets:"))
    data = load_yaml(path, "kit")
    with pytest.raises(ConfigError) as info:
        check_keys(data, ["name", "players", "roles", "seats"], required=["name"])
    assert str(info.value) == f"{path}:9: unknown key 'seets'; did you mean 'seats'?"
    assert info.value.message("de") == f"{path}:9: unbekannter Schlüssel 'seets'; meinst du 'seats'?"
    with pytest.raises(ConfigError, match=r":2: the key 'kit' is missing"):
        check_keys(data, ["name", "players", "roles", "seets", "kit"], required=["kit"])
    with pytest.raises(ConfigError, match="unknown key 'roles'; known keys: 'name', 'players'"):
        check_keys(load_yaml_text("roles: 1\n", "f.yaml", "kit"), ["name", "players"])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.printable + "äé€\t", max_size=120))
def test_any_text_loads_or_gives_one_located_message(text: str) -> None:
    try:
        load_yaml_text(text, "fuzz.yaml", "kit", empty_ok=True)
    except ConfigError as exc:
        message = str(exc)
        assert message.startswith("fuzz.yaml") and "\n" not in message.strip()
        for lang in voices.LANGUAGES:
            assert "{" not in exc.message(lang).replace(text, "") or "{" in text


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=80))
def test_any_bytes_load_or_give_one_message(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "kit.yaml"
    path.write_bytes(data)
    try:
        load_yaml(path, "kit", empty_ok=True)
    except ConfigError as exc:
        assert str(exc).startswith(str(path))


def test_every_config_key_is_in_every_language_with_the_same_fields() -> None:
    source = (ROOT / "narrator" / "yamlfile.py").read_text()
    used = set(re.findall(r'"(journal\.config[a-z_.]+)"', source))
    assert len(used) > 15
    packs = {lang: voices.load(lang) for lang in voices.LANGUAGES}
    for key in used:
        fields = {lang: pack.placeholders(key) for lang, pack in packs.items() if pack.has(key)}
        assert set(fields) == set(voices.LANGUAGES), key
        assert len({frozenset(f) for f in fields.values()}) == 1, key


nested = st.recursive(
    st.integers(-99, 99) | st.text(string.ascii_letters, min_size=1, max_size=6).map(lambda s: "v" + s),
    lambda inner: st.lists(inner, min_size=1, max_size=3)
    | st.dictionaries(st.text("abcdefgh", min_size=1, max_size=5), inner, min_size=1, max_size=3),
    max_leaves=10,
)


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*prefix, k))
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*prefix, i))
            out.extend(_paths(v, (*prefix, i)))
    return out


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text("abcdefgh", min_size=1, max_size=5), nested, min_size=1, max_size=4),
       st.booleans())
def test_where_finds_the_line_of_every_key_in_any_file(data: dict, flow: bool) -> None:
    import yaml

    text = yaml.safe_dump(data, default_flow_style=None if flow else False, sort_keys=False)
    loaded = load_yaml_text(text, "gen.yaml", "test")
    assert loaded == data
    lines = text.splitlines()
    for path in _paths(data):
        at = where(loaded, *path)
        line = int(at.rsplit(":", 1)[1])
        last = path[-1]
        if isinstance(last, str):
            assert f"{last}:" in lines[line - 1], (path, at, text)
        else:
            item = loaded
            for step in path:
                item = item[step]
            assert 1 <= line <= len(lines)
            if not isinstance(item, (dict, list)):
                assert str(item) in lines[line - 1], (path, at, text)
