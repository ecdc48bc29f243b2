"""The rules kit (islandgames.core.kit): drafts, rulebooks, tables, the generic game."""

from __future__ import annotations

import attrs
import pytest

from islandgames.core.kit import Draft, KitError, Rulebook, Table, constructor


@attrs.frozen(slots=True)
class Full:
    a: int
    b: tuple[int, ...]
    c: str = "new"


@attrs.frozen(slots=True)
class Old:  # an older rules version's state: Full without ``c``
    a: int
    b: tuple[int, ...]


class FullDraft(Draft[Full], state=Full):
    # the fields, annotated for the type checker (the kit derives the slots, the copy
    # and the build from the state class itself); then the extra slots
    a: int
    b: tuple[int, ...]
    c: str
    scratch: list[int]

    @classmethod
    def defaults(cls) -> dict[str, str]:
        return {"c": ""}


def test_a_draft_copies_every_field_and_builds_the_same_class() -> None:
    s = Full(1, (2, 3), "x")
    d = FullDraft(s)
    assert (d.a, d.b, d.c) == (1, (2, 3), "x")
    assert d.build() == s and d.build() is not s
    d.a += 1
    d.scratch = [1]  # an extra slot
    assert d.build() == Full(2, (2, 3), "x") and s == Full(1, (2, 3), "x")
    with pytest.raises(AttributeError):
        d.nope = 1  # type: ignore[attr-defined]  # slots only


def test_an_older_state_class_round_trips_with_its_missing_fields_defaulted() -> None:
    d = FullDraft(Old(1, ()))  # type: ignore[arg-type]  # games type it as their state
    assert d.c == ""
    d.a = 5
    out: object = d.build()
    assert type(out) is Old and out == Old(5, ())
    assert d.build_as(Full) == Full(5, (), "")


def test_a_constructor_builds_what_the_class_builds_and_keeps_its_checks() -> None:
    # the kit stores through the slots only when attrs' __init__ would do nothing else
    assert constructor(Full)(1, (2,), "x") == Full(1, (2,), "x")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        constructor(Full)(1, (), "").a = 2  # type: ignore[misc]  # still frozen

    @attrs.frozen(slots=True)
    class Checked:
        a: int = attrs.field(validator=attrs.validators.gt(0))
        b: int = attrs.field(converter=int)

    @attrs.frozen(slots=True)
    class Hooked:
        a: int
        seen: list[int]

        def __attrs_post_init__(self) -> None:
            self.seen.append(self.a)

    @attrs.frozen(slots=True, cache_hash=True)
    class Cached:
        a: int

    @attrs.frozen(slots=False)
    class Plain:
        a: int

    with pytest.raises(ValueError):
        constructor(Checked)(0, 1)
    assert constructor(Checked)(1, "2") == Checked(1, 2)
    seen: list[int] = []
    assert constructor(Hooked)(3, seen) == Hooked(3, seen) and seen == [3, 3]
    assert hash(constructor(Cached)(4)) == hash(Cached(4))
    assert constructor(Plain)(5) == Plain(5)


def test_a_draft_refuses_a_class_whose_fields_do_not_match() -> None:
    @attrs.frozen
    class Shuffled:
        b: tuple[int, ...]
        a: int

    with pytest.raises(KitError, match="not the fields"):
        FullDraft(Shuffled((), 1))  # type: ignore[arg-type]

    class NoDefaults(Draft[Full], state=Full):
        pass

    with pytest.raises(KitError, match="no default"):
        NoDefaults(Old(1, ()))  # type: ignore[arg-type]


def test_a_draft_extra_slot_may_not_have_a_class_value() -> None:
    with pytest.raises(KitError, match="class value"):

        class Bad(Draft[Full], state=Full):
            extra: int = 3


def test_a_draft_restates_each_field_with_the_states_own_type() -> None:
    with pytest.raises(KitError, match=r"field 'b' is annotated 'list\[int\]', but Full"):

        class Drifted(Draft[Full], state=Full):
            a: int
            b: list[int]


@attrs.frozen
class Add:
    n: int


@attrs.frozen
class Stop:
    pass


def test_a_rulebook_needs_exactly_one_handler_per_action_and_runs_settle() -> None:
    book: Rulebook[list[int], Add | Stop] = Rulebook("demo", Add | Stop)

    @book.rule(Add, "R1", "R2")
    def add(d: list[int], seat: int, a: Add) -> None:
        d.append(a.n)

    with pytest.raises(KitError, match="second handler for Add"):
        book.rule(Add)(add)
    with pytest.raises(KitError, match="not one of its actions"):
        book.rule(int)(add)  # type: ignore[arg-type]
    with pytest.raises(KitError, match="no handler for Stop"):
        book.seal()

    @book.rule(Stop)
    def stop(d: list[int], seat: int, a: Stop) -> None:
        d.append(-1)

    @book.settle
    def settle(d: list[int]) -> None:
        d.append(0)

    book.seal()
    with pytest.raises(KitError, match="sealed"):
        book.rule(Stop)(stop)
    d: list[int] = []
    book.apply(d, 0, Add(4))
    book.apply(d, 0, Stop())
    assert d == [4, 0, -1, 0]
    assert book.rulings() == {"R1", "R2"}
    assert [r.action for r in book] == [Add, Stop]


def test_a_table_is_sealed_against_the_keys_of_the_data() -> None:
    t: Table[str, int] = Table("cards")
    t.add("a", 1, "N1")
    with pytest.raises(KitError, match="second entry"):
        t.add("a", 2)
    with pytest.raises(KitError, match=r"missing \['b'\]"):
        t.seal(["a", "b"])
    t.add("b", 2)
    with pytest.raises(KitError, match=r"unknown \['b'\]"):
        t.seal(["a"])
    t.seal(["a", "b"])
    assert t["b"] == 2 and "a" in t and len(t) == 2 and list(t) == ["a", "b"]
    assert t.rulings() == {"N1"}
