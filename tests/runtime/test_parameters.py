"""Session parameters typed as strings: converted, defaulted, and refused with reasons."""

import argparse

import pytest

from runtime import Parameter, one_of, read_parameters, seconds, whole_number

KNOWN = (
    Parameter("turns", "throws per match", 1000, whole_number(1)),
    Parameter("agent", "who plays", "granite", one_of(("granite", "iocaine"))),
    Parameter("note", "free text", ""),
)


def test_defaults_fill_what_was_not_given():
    """Only the given names are converted; the rest take their defaults."""
    assert {"turns": 30, "agent": "granite", "note": ""} == read_parameters(
        "roshambo", {"turns": "30"}, KNOWN
    )


def test_unknown_name_is_refused_with_the_known_ones():
    """A misspelt parameter names itself and every parameter the game knows."""
    with pytest.raises(ValueError, match=r"^unknown roshambo parameter\(s\) turn; known: "
                       r"turns, agent, note$"):
        read_parameters("roshambo", {"turn": "3"}, KNOWN)


@pytest.mark.parametrize(("given", "reason"), [
    ({"turns": "many"}, "roshambo parameter turns: expected a whole number, got 'many'"),
    ({"turns": "0"}, "roshambo parameter turns: expected a number >= 1, got 0"),
    ({"agent": "rock"}, "roshambo parameter agent: expected one of granite, iocaine, got 'rock'"),
])
def test_bad_value_says_which_parameter_and_why(given, reason):
    """A value that does not convert is refused with the parameter's name and the rule."""
    with pytest.raises(ValueError, match=f"^{reason}$"):
        read_parameters("roshambo", given, KNOWN)


def test_seconds_takes_durations_within_their_bounds_and_says_which_bound():
    """Zero is refused unless allowed, a maximum is named with the value, junk is quoted;
    the error serves argparse and read_parameters alike."""
    assert seconds(zero=True)("0") == 0.0 and seconds(maximum=600)("1.5") == 1.5
    for convert, text, reason in (
        (seconds(), "0", "expected seconds > 0, got 0.0"),
        (seconds(zero=True), "-1", "expected seconds >= 0, got -1.0"),
        (seconds(maximum=600), "601", "expected 0 < seconds <= 600, got 601.0"),
        (seconds(), "soon", "expected seconds, got 'soon'"),
    ):
        with pytest.raises(argparse.ArgumentTypeError, match=reason):
            convert(text)
        with pytest.raises(ValueError, match=reason):
            convert(text)
