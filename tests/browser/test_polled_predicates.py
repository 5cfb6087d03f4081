"""Every predicate the tests and benches poll in a page is written as a function.

``wait_for_function`` evaluates a predicate that is not a function again at each poll, by
``eval``. The site's policy allows no ``eval``, and a page lets Playwright's first evaluation
through but refuses the later ones: such a wait passes when its condition already holds and
fails with an ``EvalError`` when it has to wait, which is a race. A function is evaluated
once and then called at each poll. (A predicate that returns a promise is not polled at all:
the wait ends with what the promise resolves to, true or not.) No browser is needed to check
this.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUNCTION = re.compile(r"^\s*(async\s+)?(\([^()]*\)|\w+)\s*=>|^\s*(async\s+)?function\b")


def _text(node: ast.AST, constants: dict[str, str]) -> str | None:
    """The predicate's source as far as it is known: a literal, the literal start of an
    f-string, or a module constant; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        first = node.values[0] if node.values else None
        return first.value if isinstance(first, ast.Constant) else None
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


def string_constants(path: Path) -> dict[str, str]:
    """The module-level string constants of ``path``, by name."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return {target.id: stmt.value.value for stmt in tree.body
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
            for target in stmt.targets if isinstance(target, ast.Name)}


def polled_predicates(path: Path, imported: dict[str, str] | None = None,
                      ) -> list[tuple[int, str | None]]:
    """Each ``wait_for_function`` call in ``path``: its line and its predicate's source, a
    constant named in it read from ``path`` or else from ``imported``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    constants = {**(imported or {}), **string_constants(path)}
    return [(node.lineno, _text(node.args[0], constants) if node.args else None)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"]


def test_every_polled_predicate_is_a_function():
    files = sorted([*ROOT.joinpath("tests").rglob("*.py"), *ROOT.joinpath("bench").rglob("*.py")])
    # A browser test's constants may come from the browser tests' conftest.
    shared = string_constants(ROOT / "tests" / "browser" / "conftest.py")
    calls = [(path, line, text) for path in files for line, text in polled_predicates(path, shared)]
    assert len(calls) > 20, "the search found too few waits to be looking in the right place"
    wrong = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path, line, text in calls
             if text is None or not FUNCTION.match(text)]
    assert wrong == [], "write these predicates as functions ('() => ...'):\n" + "\n".join(wrong)


def test_the_check_tells_an_expression_from_a_function(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('READY = "() => navigator.serviceWorker.controller !== null"\n'
                      'page.wait_for_function(READY)\n'
                      'page.wait_for_function("card => window.seen.has(card)", arg=1)\n'
                      'page.wait_for_function("navigator.serviceWorker.controller !== null")\n'
                      'page.wait_for_function(f"({top})() < 0")\n')
    verdicts = [bool(text and FUNCTION.match(text)) for _, text in polled_predicates(sample)]
    assert verdicts == [True, True, False, False]
