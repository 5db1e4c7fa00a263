"""The built static site (serve.py --build) works under a sub-path, as on GitHub Pages."""

from __future__ import annotations

import pytest

import serve
from altibox import alto

from .driver import play_alto, start_server, wait_ply


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    serve.build(out)
    server, url = start_server(site_dir=out, prefix="/altibox/")
    yield url
    server.shutdown()
    server.server_close()


def test_built_site_under_a_sub_path_plays(open_app, built_site):
    assert built_site.endswith("/altibox/")
    page = open_app("", base=built_site)
    assert page.locator('[data-game-id="alto"]').is_visible()
    page.goto(built_site + "?game=alto&new=1&seed=99&setup=random")
    page.wait_for_selector("html.ready", state="attached")
    play_alto(page, alto.new_game(seed=99, setup="random"), 3)  # the first legal move each time
    # every request stayed under the sub-path's origin (checked by the guard) and hit no 404
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    wait_ply(page, 3)
