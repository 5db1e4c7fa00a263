"""web.dom.patch: an Altiplano board redrawn part by part equals the board drawn whole."""

from __future__ import annotations

import random
import re

import pytest
from altiplano_support import choose

from altibox import altiplano as A
from web.dom import patch
from web.play.adapters import BOARDS, Frame
from web.play.session import Session
from web.play.turns import Turns

UI = BOARDS["altiplano"]


class FakePart:
    """One top-level ``<g data-part>`` of the fake ``<svg>``: its start tag's attributes and
    the rest of its text."""

    def __init__(self, text: str):
        tag, self.body = text.split(">", 1)
        self.attrs = patch.head_attributes(tag + ">")
        self.parent = None

    @property
    def text(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in self.attrs.items())
        return f"<g{attrs}>{self.body}"

    def getAttribute(self, name):  # noqa: N802 (DOM names)
        return self.attrs.get(name)

    def setAttribute(self, name, value):  # noqa: N802
        self.attrs[name] = value

    def _siblings(self):
        return self.parent.children

    def remove(self):
        self._siblings().remove(self)

    def replaceWith(self, other):  # noqa: N802
        sib = self._siblings()
        other._detach()
        sib[sib.index(self)] = other
        other.parent = self.parent

    def after(self, other):
        other._detach()
        sib = self._siblings()
        sib.insert(sib.index(self) + 1, other)
        other.parent = self.parent

    def before(self, other):
        other._detach()
        sib = self._siblings()
        sib.insert(sib.index(self), other)
        other.parent = self.parent

    def _detach(self):
        if self.parent is not None and self in self.parent.children:
            self.parent.children.remove(self)

    @property
    def nextElementSibling(self):  # noqa: N802
        sib = self._siblings()
        k = sib.index(self) + 1
        return sib[k] if k < len(sib) else None


class FakeSvg:
    """An ``<svg>`` element holding parts (and, when parsed from a whole board, its prefix)."""

    def __init__(self, text: str = ""):
        self.attrs, self.prefix, self.children = {}, "", []
        if text:
            cut = patch.split(text)
            self.attrs = patch.head_attributes(cut.head)
            self.prefix = cut.prefix
            self._adopt(cut.texts)
        self.ownerDocument = self

    def _adopt(self, texts):
        self.children = [FakePart(t) for t in texts]
        for c in self.children:
            c.parent = self

    # what Patcher.draw calls
    def createElementNS(self, ns, tag):  # noqa: N802
        return FakeSvg()

    @property
    def innerHTML(self):  # noqa: N802
        return "".join(c.text for c in self.children)

    @innerHTML.setter
    def innerHTML(self, text):  # noqa: N802
        self._adopt([text[a:b] for a, b in _cuts(text)])

    @property
    def firstElementChild(self):  # noqa: N802
        return self.children[0] if self.children else None

    def getAttribute(self, name):  # noqa: N802
        return self.attrs.get(name)

    def setAttribute(self, name, value):  # noqa: N802
        self.attrs[name] = value

    def querySelector(self, selector):  # noqa: N802
        m = re.fullmatch(r':scope > \[data-part(?:="(.*)")?\]', selector)
        assert m, selector
        for c in self.children:
            if m.group(1) is None or c.attrs.get("data-part") == m.group(1):
                return c
        return None

    def append(self, el):
        el._detach()
        self.children.append(el)
        el.parent = self


def _cuts(text):
    starts = [m.start() for m in re.finditer(re.escape(patch.PART), text)] + [len(text)]
    return list(zip(starts, starts[1:]))


class FakeBoard:
    """``#board``: a full draw parses the whole ``<svg>``."""

    def __init__(self):
        self.svg = None
        self.full_draws = 0

    @property
    def firstElementChild(self):  # noqa: N802
        return self.svg

    @property
    def innerHTML(self):  # noqa: N802
        return ""

    @innerHTML.setter
    def innerHTML(self, text):  # noqa: N802
        self.svg = FakeSvg(text)
        self.full_draws += 1


def same_board(fake: FakeSvg, svg: str) -> None:
    """The fake DOM shows exactly ``svg``: root attributes, parts in order, each part's text."""
    want = FakeSvg(svg)
    assert {k: v for k, v in fake.attrs.items() if k != "data-drawn"} == want.attrs
    assert [c.attrs for c in fake.children] == [c.attrs for c in want.children]
    assert [c.body for c in fake.children] == [c.body for c in want.children]


def board_svg(session, turns, ui) -> str:
    viewer, withhold = turns.viewer(session.states)
    last_player = session.module.current_player(session.states[-2]) if session.ply else None
    frame = Frame(view=A.view(session.state, viewer), viewer=viewer, withhold=withhold, ui=ui,
                  names=tuple(session.names), last=session.last_move, last_player=last_player)
    return UI.svg(frame)


def late_session(seed: int, players: int) -> Session:
    rng = random.Random(f"patch/{seed}")
    s = A.new_game(seed=seed, players=players)
    while not (s.round >= 6 and s.phase == "actions"):
        s = A.apply(s, choose(rng, s, 0.1))
    return Session.from_record("altiplano", A.to_record(s))


def test_split_cuts_the_altiplano_table_into_unique_top_level_parts():
    s = late_session(3, 4)
    svg = A.render_svg(A.view(s.state, s.state.current), {"names": list(s.names)})
    cut = patch.split(svg)
    assert cut is not None
    assert cut.head + cut.prefix + "".join(cut.texts) + "</svg>" == svg
    assert len(set(cut.keys)) == len(cut.keys)
    # the ring's 7 locations, one card per location on the action board, the 3 other seats
    assert sum(k.startswith("loc:") for k in cut.keys) == 7
    assert sum(k.startswith("card:") for k in cut.keys) == 8  # 7 locations + movement
    assert sorted(k for k in cut.keys if k.startswith("seat:")) == \
        sorted(f"seat:{q}" for q in range(4) if q != s.state.current)
    for text in cut.texts:  # no part inside another
        assert text.count(patch.PART) == 1 and text.endswith("</g>")
    assert patch.split("<svg><g>no parts</g></svg>") is None


@pytest.mark.parametrize("players", [2, 5])
def test_patching_move_after_move_gives_the_board_drawn_whole(players):
    s = late_session(11, players)
    turns = Turns.restore(s.module, s.states, s.meta)
    ui = {"selected": None, "focus": None}
    board = FakeBoard()
    patcher = patch.Patcher()
    patcher.draw(board, board_svg(s, turns, ui))
    assert board.full_draws == 1
    rng = random.Random(5)
    redrawn = []
    for _ in range(60):
        if A.is_over(s.state):
            break
        s.play(str(choose(rng, s.state, 0.1)))
        turns.moved(s.states)
        svg = board_svg(s, turns, ui)
        patcher.draw(board, svg)
        same_board(board.svg, svg)
        redrawn.append(patcher.replaced)
    assert board.full_draws == 1  # never drawn whole again
    total = len(patch.split(svg).keys)
    # most moves redraw a few parts; none redraws them all
    assert max(redrawn) < total and sorted(redrawn)[len(redrawn) // 2] <= total // 2


def test_plan_moves_a_part_whose_place_alone_changed_and_reorders():
    a = patch.split('<svg h="1"><style>x</style><g data-part="p" transform="translate(0,1)">A</g>'
                    '<g data-part="q">B</g></svg>')
    b = patch.split('<svg h="2"><style>x</style><g data-part="q">B</g>'
                    '<g data-part="p" transform="translate(0,9)">A</g><g data-part="r">C</g></svg>')
    assert patch.plan(a, b) == [
        ("attrs", {"h": "2"}),
        ("place", "q", None),
        ("part-attrs", "p", {"transform": "translate(0,9)"}),
        ("place", "p", "q"),
        ("insert", "r", "p", '<g data-part="r">C</g>'),
    ]
    board = FakeBoard()
    patcher = patch.Patcher()
    patcher.draw(board, '<svg h="1"><style>x</style><g data-part="p" transform="translate(0,1)">A</g>'
                        '<g data-part="q">B</g></svg>')
    new = ('<svg h="2"><style>x</style><g data-part="q">B</g>'
           '<g data-part="p" transform="translate(0,9)">A</g><g data-part="r">C</g></svg>')
    patcher.draw(board, new)
    same_board(board.svg, new)
    assert board.full_draws == 1 and patcher.replaced == 1  # only r was parsed
    # another <style> (another game) is drawn whole
    assert patch.plan(a, patch.split('<svg h="1"><style>y</style><g data-part="p">A</g></svg>')) == [("all",)]
