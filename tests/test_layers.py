"""The layering, checked on the code: arrows point down, and the pure parts stay pure.

``service → workers/projections → events → rules``: a package never imports one
above it (read from every module's import statements, function-level imports
included), and no package has an import circle between its own modules. The fold,
every projection module (its subpackages' included) and the offline ``coinche score`` /
``coinche audit`` load neither the database driver, nor Flask, nor marshmallow:
checked in a clean interpreter, importing the modules and running both commands
on a game file.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gamekit import wire_game

ROOT = Path(__file__).resolve().parent.parent
BELOW = {
    "rules": set(),
    "i18n": {"rules"},
    "analysis": {"rules"},
    "events": {"rules"},
    "projections": {"events", "i18n", "rules"},
    "workers": {"projections", "analysis", "events", "i18n", "rules"},
    "service": {"workers", "projections", "analysis", "events", "i18n", "rules"},
}
HEAVY = ("psycopg", "psycopg_pool", "flask", "marshmallow", "celery")
PACKAGES = ("rules", "events", "projections", "service", "workers", "analysis", "i18n")


def imported(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports (absolute imports)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(BELOW))
def test_no_package_imports_one_above_it(package: str) -> None:
    upward = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        wrong = imported(path) & (set(BELOW) - BELOW[package] - {package})
        if wrong:
            upward[str(path.relative_to(ROOT))] = sorted(wrong)
    assert upward == {}


def module_name(path: Path) -> str:
    """``service/api/problems.py`` → ``service.api.problems``; a package's ``__init__`` is
    the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_within(path: Path, package: str, modules: set[str]) -> set[str]:
    """The modules of ``package`` that ``path`` imports, anywhere in it (function-level
    and ``TYPE_CHECKING`` imports included): ``from a.b import c`` counts as ``a.b.c`` when
    that is a module, else as ``a.b``. A package's ``__init__`` importing its own
    submodules is the package itself, not an arrow."""
    here = module_name(path)
    is_init = path.name == "__init__.py"
    base = here if is_init else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base.split(".")[: len(base.split(".")) - node.level + 1]
                source = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in modules:
                    if not (is_init and source == here):
                        targets.append(sub)
                else:
                    targets.append(source)
        for target in targets:
            # the longest module of the package that the name lies in
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target.split(".")[0] == package and target != here:
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph(package: str) -> dict[str, set[str]]:
    paths = {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    return {name: imports_within(path, package, set(paths)) for name, path in paths.items()}


def test_the_circle_finder_sees_a_circle_through_a_function_level_import() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_has_an_import_circle_between_its_modules(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 1 and any(graph.values())  # the scan sees the package's imports
    assert circles(graph) == []


def loaded_after(code: str) -> list[str]:
    """The heavy libraries present in ``sys.modules`` after running ``code`` in a fresh
    interpreter."""
    probe = f"{code}\nimport json, sys\n"
    probe += f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_projections_load_no_driver_no_web_framework_no_marshmallow() -> None:
    """Every module of ``projections``, its subpackages' included."""
    modules = sorted(module_name(p) for p in (ROOT / "projections").rglob("*.py"))
    assert {"projections.fold", "projections.judgement", "projections.snapshots"} <= set(modules)
    assert {"projections.codec.read", "projections.tournament.ranking"} <= set(modules)
    code = "\n".join(f"import {m}" for m in modules)
    assert loaded_after(code) == []


def test_the_offline_commands_load_no_driver_no_web_framework_no_marshmallow(
    tmp_path: Path,
) -> None:
    _g, events = wire_game("ffb", 5, enforcement="record", breaches=0.05)
    game = tmp_path / "game.ndjson"
    game.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    code = (
        "import contextlib, io\n"
        "from service.cli.offline import audit, score\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    score.main([{str(game)!r}], standalone_mode=False)\n"
        f"    audit.main([{str(game)!r}], standalone_mode=False)\n"
        "assert '\"findings\"' in out.getvalue() and '\"deals\"' in out.getvalue()\n"
    )
    assert loaded_after(code) == []


def test_the_rules_core_never_imports_the_simulation() -> None:
    """The generator and its players are clients of the rules, kept in ``rules/simulation``:
    no module of the core (nor any module of events, projections, workers) imports them;
    only the tests, the benchmarks and ``coinche demo`` do."""
    importers = []
    for package in ("rules", "events", "projections", "workers"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(ROOT / "rules" / "simulation"):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                if any(n == "rules.simulation" or n.startswith("rules.simulation.") for n in names):
                    importers.append(str(path.relative_to(ROOT)))
    assert importers == []
