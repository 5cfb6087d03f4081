"""The shell stays small: what a first visit to any screen downloads before it draws (its JS,
the stylesheet and the worker) fits in 60 KB gzip (no browser needed)."""

import pytest

from frontend.tools.shell_size import BUDGET, first_visit_sizes


@pytest.mark.parametrize("screen", sorted(first_visit_sizes()))
def test_a_first_visit_to_each_screen_fits_in_60_kb_gzip(screen):
    packed = first_visit_sizes()[screen]
    assert packed <= BUDGET, f"a first visit to {screen} is {packed} bytes gzip, over {BUDGET}"
