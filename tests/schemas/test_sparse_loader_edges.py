"""The sparse loader (schemas/fast.py) at the edges of every check it compiles.

A value one step inside a bound is loaded by the fast path itself, with the same value marshmallow gives; a value one
step outside is handed to marshmallow (:class:`~schemas.fast.Fallback`), which words the fault.  tests/
test_schemas_fast.py checks that the fast path is never more lenient than marshmallow on real bodies; here each
bound is checked on both sides, so that a check made too lenient or too strict is noticed.
"""
from referee.schemas import fast
from referee.schemas.common import (
    FAST_KINDS,
    Bool,
    Cards,
    Dict,
    Int,
    Integer,
    Length,
    List,
    Name,
    OneOf,
    Strict,
    String,
)


def compiled(field):
    load = fast.compile_field(field, FAST_KINDS)
    assert load is not None, "the field compiles to a fast loader"
    return load


def handed_on(load, value) -> bool:
    try:
        load(value)
    except fast.Fallback:
        return True
    return False


def test_a_strict_integer_in_a_range_is_loaded_at_both_ends_and_refused_one_step_past_them():
    load = compiled(Int(0, 10))
    assert load(0) == 0 and load(10) == 10
    assert handed_on(load, -1) and handed_on(load, 11)
    assert handed_on(load, True) and handed_on(load, 5.0) and handed_on(load, None)


def test_an_integer_that_may_be_null_keeps_its_range():
    load = compiled(Int(0, 10, allow_none=True))
    assert load(None) is None and load(0) == 0 and load(10) == 10
    assert handed_on(load, -1) and handed_on(load, 11) and handed_on(load, "3")


def test_an_integer_among_choices():
    load = compiled(Integer(strict=True, validate=OneOf([2, 3])))
    assert load(2) == 2 and load(3) == 3
    assert handed_on(load, 1) and handed_on(load, 4)


def test_a_string_length_is_inclusive_at_both_ends():
    load = compiled(String(validate=Length(min=1, max=2)))
    assert load("a") == "a" and load("ab") == "ab"
    assert handed_on(load, "") and handed_on(load, "abc") and handed_on(load, None) and handed_on(load, 1)


def test_a_string_among_choices():
    load = compiled(String(validate=OneOf(["strict", "as_played"])))
    assert load("strict") == "strict" and load("as_played") == "as_played"
    assert handed_on(load, "Strict") and handed_on(load, "")


def test_a_name_that_fails_its_own_check_is_handed_on():
    load = compiled(Name())
    assert load("Вера") == "Вера"
    assert handed_on(load, " Вера") and handed_on(load, "a\nb") and handed_on(load, "")


def test_a_boolean_is_true_or_false_only():
    load = compiled(Bool())
    assert load(True) is True and load(False) is False
    assert handed_on(load, 1) and handed_on(load, 0) and handed_on(load, "true") and handed_on(load, None)


def test_a_list_of_cards_bounds_its_length_and_each_card():
    load = compiled(Cards(max_len=2))
    assert load([]) == [] and load(["QS", "10H"]) == ["QS", "10H"] and load(["10HX"]) == ["10HX"]
    assert handed_on(load, ["QS", "KH", "AD"])          # one card past the most
    assert handed_on(load, [""]) and handed_on(load, ["10HXY"])    # a card of 0 or 5 characters
    assert handed_on(load, ("QS",)) and handed_on(load, [1])


def test_a_list_of_exactly_n_items():
    load = compiled(List(Int(0, 9), validate=Length(equal=2)))
    assert load([1, 2]) == [1, 2]
    assert handed_on(load, [1]) and handed_on(load, [1, 2, 3]) and handed_on(load, [1, 10])


def test_a_list_between_lengths():
    load = compiled(List(Int(0, 9), validate=Length(min=1, max=2)))
    assert load([1]) == [1] and load([1, 2]) == [1, 2]
    assert handed_on(load, []) and handed_on(load, [1, 2, 3])


class _Pair(Strict):
    b = Int(0, 9, required=True)
    a = String(validate=Length(max=3))


def test_an_object_is_loaded_in_the_schema_order_with_its_required_keys():
    load = _Pair().fast_loader()
    assert load is not None
    assert list(load({"a": "x", "b": 1})) == ["b", "a"]
    assert load({"b": 9}) == {"b": 9}
    assert handed_on(load, {"a": "x"})                  # the required key is missing
    assert handed_on(load, {"b": 1, "c": 2})            # an unknown key
    assert handed_on(load, [("b", 1)])


def test_a_choice_longer_than_the_field_allows_is_refused():
    load = compiled(String(validate=[OneOf(["ab", "abc"]), Length(max=2)]))
    assert load("ab") == "ab"
    assert handed_on(load, "abc") and handed_on(load, "a") and handed_on(load, ["ab"])


def test_a_dict_between_lengths():
    load = compiled(Dict(keys=Name(), values=Int(0, 9), validate=Length(min=1, max=2)))
    assert load({"Anna": 1}) == {"Anna": 1} and load({"Anna": 1, "Вера": 9}) == {"Anna": 1, "Вера": 9}
    assert handed_on(load, {}) and handed_on(load, {"Anna": 1, "Вера": 2, "Boris": 3})
    assert handed_on(load, {"Anna": 10}) and handed_on(load, {" Anna": 1}) and handed_on(load, [("Anna", 1)])
