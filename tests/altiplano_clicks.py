"""Play an Altiplano move in the page by clicks on its DOM hooks only (DESIGN §3), for the e2e
tests and the benchmark: a move's own ``data-move`` when the board shows one, else the
``data-cell`` to select first (a good on a planning space, the coin pile, a location with two
ways there, a run with several variants, a Market good with several deals, a good of final
storage), then the ``data-move`` that appears (on the target or in the choice panel)."""

from __future__ import annotations

from altibox import altiplano as A
from altibox.altiplano.render import _display_goods, _house, _planning_list


def select_cell(view: dict, move: str) -> str:
    """The ``data-cell`` to select before ``move`` (legal for ``view``'s viewer) shows as a
    ``data-move``."""
    seat = view["seats"][view["player"]]
    if move.startswith(("@", "go:", "step:")):
        return "loc:" + move.split(":", 1)[-1].lstrip("@")
    if move.startswith(("sell:", "deliver:")):
        good = move.split(":")[1]
        goods = _display_goods(seat["sources"]["market"]["goods"])
        return f"src:market:{goods.index(good) + 1}"
    if move.startswith("store:"):
        return "own:" + move.split(":")[1]
    if ">" in move:
        good = move.split(">", 1)[0]
        if good == "coin":
            return "coins"
        plan = _planning_list(seat, _house(view))
        return f"plan:{plan.index(good) + 1}"
    return "src:" + move.split(":", 1)[0]


def click_move(page, state, move: str) -> None:
    """Play ``move`` (legal in ``state``, whose seat to act is shown) by clicks."""
    target = page.locator(f'#board [data-move="{move}"]')
    if target.count() == 0:
        cell = select_cell(A.view(state, state.current), move)
        page.locator(f'#board [data-cell="{cell}"]').first.click()
        target = page.locator(f'#board [data-move="{move}"]')
    target.first.click()
