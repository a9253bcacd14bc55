"""Arithmetic over venue names, as written in a venue file: ``西序.x``, ``洗.y - 堂深``, ``侯道 / 3``.

An expression is a number or a string in a small, safe subset of Python expression syntax (CJK
characters are valid identifiers): numbers, ``+ - * /``, parentheses, a parameter by name
(``堂深``, ``dur.揖``) and a landmark's coordinate (``西楹.x``, ``中.y``). Nothing else is
evaluated, so a venue file cannot run code.

Python's parser normalises identifiers to NFKC, so names are compared in that form.
"""

from __future__ import annotations

import ast
import math
import operator
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from stage.errors import Location, StageError, suggest

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_FUNCS = {"sqrt": math.sqrt}
COORDS = ("x", "y")
# choice: a venue is a few hundred 尺 across and a rite lasts hours; a value beyond a million (尺, s,
# degrees) is a slip, and one of 1e308 would make the geometry fail far from the line at fault.
MAX_MAGNITUDE = 1_000_000.0
MAX_LENGTH = 200  # characters of one expression: the longest bundled one is well under 100


def nfkc(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


@dataclass(frozen=True)
class Expr:
    """A parsed expression: ``text`` as written, ``loc`` of its first character in the file."""

    text: str
    loc: Location | None
    tree: ast.expr | None  # None for a plain number
    constant: float | None
    quoted: bool = False  # the YAML scalar was written in quotes (shifts columns by one)

    def names(self) -> list[tuple[str, str | None, int]]:
        """Every name used: (name, attribute or None, column offset in ``text``)."""
        if self.tree is None:
            return []
        out = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                out.append((node.value.id, node.attr, _char_col(self.text, node.col_offset)))
            elif isinstance(node, ast.Name) and not _is_attribute_base(self.tree, node) \
                    and node.id not in _FUNCS:
                out.append((node.id, None, _char_col(self.text, node.col_offset)))
        return out

    def loc_at(self, col: int) -> Location | None:
        """The file position of character ``col`` of the expression text."""
        if self.loc is None:
            return None
        return Location(self.loc.path, self.loc.line, self.loc.col + col + (1 if self.quoted else 0))


def _is_attribute_base(tree: ast.expr, name: ast.Name) -> bool:
    return any(isinstance(n, ast.Attribute) and n.value is name for n in ast.walk(tree))


def _char_col(text: str, byte_offset: int) -> int:
    """ast column offsets count UTF-8 bytes; errors must point at characters."""
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def parse(value: object, loc: Location | None, what: str, *, quoted: bool = False) -> Expr:
    """Parse a number or an expression string; anything else is a StageError at ``loc``."""
    if isinstance(value, bool) or value is None:
        raise StageError(f"bad value for {what}: expected a number or an expression, got {value!r}", loc)
    if isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
            raise StageError(f"bad value for {what}: {value:g} is not a finite number within "
                             f"±{MAX_MAGNITUDE:,.0f}", loc)
        return Expr(str(value), loc, None, float(value), quoted)
    if not isinstance(value, str):
        raise StageError(f"bad value for {what}: expected a number or an expression", loc)
    text = value.strip()
    if len(text) > MAX_LENGTH:
        raise StageError(f"bad value for {what}: an expression of more than {MAX_LENGTH} characters", loc)
    try:
        tree = ast.parse(text, mode="eval").body
    except (RecursionError, MemoryError):
        raise StageError(f"bad value for {what}: '{text[:20]}…' is nested too deeply", loc) from None
    except (SyntaxError, ValueError) as exc:  # ValueError: a null character
        col = _char_col(text, ((getattr(exc, "offset", None) or 1) - 1))
        expr = Expr(text, loc, None, None, quoted)
        raise StageError(f"bad value for {what}: cannot read '{text}' as an expression",
                         expr.loc_at(col)) from None
    expr = Expr(text, loc, tree, None, quoted)
    _check_shape(expr, tree, what)
    return expr


def _check_shape(expr: Expr, node: ast.expr, what: str) -> None:
    """Reject anything beyond arithmetic, names and ``NAME.x`` before it is ever evaluated."""
    ok = (
        (isinstance(node, ast.Constant) and isinstance(node.value, int | float)
         and not isinstance(node.value, bool))
        or isinstance(node, ast.Name)
        or (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name))
        or (isinstance(node, ast.BinOp) and type(node.op) in _BINOPS)
        or (isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY)
        or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCS
            and len(node.args) == 1 and not node.keywords)
    )
    if not ok:
        col = _char_col(expr.text, getattr(node, "col_offset", 0))
        raise StageError(f"bad value for {what}: only numbers, names, NAME.x, NAME.y, + - * / and "
                         f"sqrt() may appear in '{expr.text}'", expr.loc_at(col))
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.expr):
            _check_shape(expr, child, what)


class Scope:
    """What names mean while evaluating: parameters by name, landmark points by ``NAME.x``."""

    def __init__(self, params: Mapping[str, float], points: Mapping[str, tuple[float, float]],
                 known_landmarks: Mapping[str, object] | None = None):
        self.params = {nfkc(k): v for k, v in params.items()}
        self.points = {nfkc(k): v for k, v in points.items()}
        self.known_landmarks = {nfkc(k): k for k in (known_landmarks or points)}
        self.param_names = {nfkc(k): k for k in params}


def references(expr: Expr, scope: Scope, what: str) -> tuple[set[str], set[str]]:
    """The landmarks and the parameters ``expr`` uses (original spelling); unknown names fail here."""
    landmarks: set[str] = set()
    params: set[str] = set()
    for base, attr, col in expr.names():
        dotted = f"{base}.{attr}" if attr else base
        if dotted in scope.param_names:
            params.add(scope.param_names[dotted])
        elif attr is not None:
            if base not in scope.known_landmarks:
                raise StageError(f"unknown landmark '{base}' in {what}", expr.loc_at(col),
                                 suggest(base, scope.known_landmarks.values()))
            if attr not in COORDS:
                raise StageError(f"unknown coordinate '{base}.{attr}' in {what} (use .x or .y)",
                                 expr.loc_at(col), f"{base}.x")
            landmarks.add(scope.known_landmarks[base])
        else:
            candidates = list(scope.param_names.values()) + list(scope.known_landmarks.values())
            if base in scope.known_landmarks:
                raise StageError(f"'{base}' is a landmark: write {base}.x or {base}.y in {what}",
                                 expr.loc_at(col), f"{base}.x")
            raise StageError(f"unknown name '{base}' in {what}", expr.loc_at(col), suggest(base, candidates))
    return landmarks, params


def evaluate(expr: Expr, scope: Scope, what: str) -> float:
    """The value of ``expr``; names must already have been checked with :func:`references`."""
    if expr.tree is None:
        return float(expr.constant)
    try:
        value = _eval(expr.tree, scope)
    except ZeroDivisionError:
        raise StageError(f"bad value for {what}: division by zero in '{expr.text}'", expr.loc) from None
    except ValueError:  # sqrt of a negative number
        raise StageError(f"bad value for {what}: '{expr.text}' takes the square root of a negative number",
                         expr.loc) from None
    except OverflowError:
        value = math.inf
    if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
        raise StageError(f"bad value for {what}: '{expr.text}' is not a finite number within "
                         f"±{MAX_MAGNITUDE:,.0f}", expr.loc)
    return value


def _eval(node: ast.expr, scope: Scope) -> float:
    if isinstance(node, ast.Constant):
        return float(node.value)
    if isinstance(node, ast.BinOp):
        return _BINOPS[type(node.op)](_eval(node.left, scope), _eval(node.right, scope))
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_eval(node.operand, scope))
    if isinstance(node, ast.Call):
        return _FUNCS[node.func.id](_eval(node.args[0], scope))
    if isinstance(node, ast.Attribute):
        dotted = f"{node.value.id}.{node.attr}"
        if dotted in scope.params:
            return scope.params[dotted]
        point = scope.points[node.value.id]
        return point[COORDS.index(node.attr)]
    return scope.params[node.id]
