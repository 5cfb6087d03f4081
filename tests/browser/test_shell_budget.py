"""The shell stays small: all of its JS and CSS within 60 KB gzip (no browser needed)."""

from frontend.tools.shell_size import BUDGET, shell_sizes


def test_shell_js_and_css_fit_in_60_kb_gzip():
    total = sum(packed for _, packed in shell_sizes().values())
    assert total <= BUDGET, f"shell is {total} bytes gzip, over the {BUDGET} budget"
