"""web.html.graphemes: names are cut on whole user-perceived characters (UAX #29 grapheme clusters),
checked against the ``regex`` module's ``\\X`` on generated text."""

from __future__ import annotations

import regex
from hypothesis import given, settings, strategies as st

from web.html.escape import MAX_NAME, clean_name
from web.html.graphemes import cut, graphemes

# what names are made of, with every joining case the rules cover
ALPHABET = [
    "a", "Z", "é", "e", "\u0301", "\u0308", "\u0903",           # letters, combining, spacing mark
    "\U0001F468", "\U0001F469", "\U0001F467", "\U0001F466",       # people
    "\u200d", "\u200c", "\ufe0f", "\U0001F3FD", "\U0001F3FB",     # ZWJ, ZWNJ, VS16, skin tones
    "\U0001F44D", "\u2764", "\U0001F525", "\U0001F3F4",           # emoji, black flag
    "\U000E0067", "\U000E0062", "\U000E007F",                     # tag sequence parts
    "\U0001F1EB", "\U0001F1F7", "\U0001F1E9",                     # regional indicators
    "\u1100", "\u1161", "\u11A8", "\uAC00", "\uAC01",             # Hangul jamo and syllables
    "\r", "\n", "\t", " ", "\u0600",                              # controls, space
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), max_size=14).map("".join))
def test_graphemes_agree_with_the_regex_modules_X(text):
    assert graphemes(text) == regex.findall(r"\X", text)


def test_names_keep_whole_emoji_and_accents_at_the_limit():
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    thumb = "\U0001F44D\U0001F3FD"
    flag = "\U0001F1EB\U0001F1F7"
    for tail in (family, thumb, "e\u0301", flag):
        name = "v" * (MAX_NAME - 1) + tail + "xyz"
        assert clean_name(name) == "v" * (MAX_NAME - 1) + tail
    assert cut("ab" + family, 3) == "ab" + family
    assert len(graphemes(clean_name("🙂" * 40))) == MAX_NAME
