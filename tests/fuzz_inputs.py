"""Mutated bundled scripts and venue files, and a harness that runs the CLI on one of them.

Shared by the fuzz test (tests/test_fuzz.py, a few hundred cases) and the long run (bench/fuzz.py).
A case is the CLI's ``main`` called in a forked child (no interpreter start-up, but a hang, a memory
bomb or a crash cannot take the caller with it), with a time limit and an address-space limit.
What a user must never see: an exit status other than 0, 1 or 2, a traceback on stderr, an error
line not of the form ``FILE:LINE:COL: error:`` (or ``FILE: error:`` / ``error:`` without a place).
"""

from __future__ import annotations

import os
import random
import re
import resource
import select
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "assets" / "scripts" / "xiangshe"
VENUES = ROOT / "assets" / "venues"
# Small passages, so that a case plans in a fraction of a second.
SCRIPT_FILES = ("e01-youshe.yaml", "e03-qushi.yaml", "e04-bi-zhongou.yaml", "e07-qushi.yaml",
                "e08-shuhuo.yaml", "e11-xian-shihuozhe.yaml", "e13-third-round.yaml")
VENUE_FILES = ("xie.yaml", "xiang.yaml", "_common.yaml")

# Values a fuzzer found trouble with (issue 11), and their kin.
NASTY = (
    ".inf", "-.inf", ".nan", "-1", "0", "1e308", "-1e308", "1000000000", "9" * 400, "[]", "{}", "null", "~",
    "abc", "大", "true", "false", "soon", "'1.5'", "1.5", "[2, 3]", "[9223372036854775808, 1e400]",
    "!!int 北面", "!!bool xie", "!!timestamp 2001-13-99", "!!float abc", "!custom x", "!!set {a: null}",
    "!!binary aGk=", "!!python/tuple [1, 2]", "!!python/object:os.system ls", "!!omap [a: 1]", "*nowhere",
    '"\\ud800"', '"\\x07"', "sqrt(-1)", "-" * 5000 + "1", "1" + "*1" * 3000, "(" * 300 + "1" + ")" * 300,
    "西楹.z", "堂深 / 0", "[" * 600 + "]" * 600, "{a: " * 300 + "1" + "}" * 300, "/etc/passwd", ".", "..",
    "e01-youshe.yaml", "[null]", "[false]", "{進: 1.5}", "{射: many}", "{適: 堂西, 徐: 快}",
)
CONTROL = ("\x00", "\x07", "\x1b", "\x7f", "\ufeff", "\u2028", "\ud800")
BOMB = ('a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},"
                  f"*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n" for i in range(8)))
SCALAR = re.compile(r"(?<=: )[^\s#{}\[\],][^#\n{}\[\],]*|(?<=- )[^\s#{}\[\],][^#\n{}\[\],]*")


def _text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def mutate(text: str, rng: random.Random) -> str | bytes:
    """One to three random edits of a YAML text: values, lines, characters, structure."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        out = _mutate_once(text, rng)
        if isinstance(out, bytes):
            return out
        text = out
    return text


def _mutate_once(text: str, rng: random.Random) -> str | bytes:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    op = rng.randrange(12)
    if op <= 3:  # replace a scalar value with a nasty one
        spots = list(SCALAR.finditer(text))
        if spots:
            m = rng.choice(spots)
            return text[:m.start()] + rng.choice(NASTY) + text[m.end():]
    if op == 4:  # delete a line
        del lines[i]
    elif op == 5:  # duplicate a line
        lines.insert(i, lines[i])
    elif op == 6:  # swap two lines
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 7:  # re-indent a line
        lines[i] = " " * rng.choice((0, 1, 2, 3, 4, 6, 8)) + lines[i].lstrip()
    elif op == 8:  # a character: control, a swapped CJK one, a deleted one
        if lines[i]:
            k = rng.randrange(len(lines[i]))
            cjk = [c for c in text if "\u4e00" <= c <= "\u9fff"]
            new = rng.choice([rng.choice(CONTROL), rng.choice(cjk) if cjk else "", ""])
            lines[i] = lines[i][:k] + new + lines[i][k + 1:]
    elif op == 9:  # bytes that are not UTF-8
        raw = "\n".join(lines).encode("utf-8", "surrogatepass")
        k = rng.randrange(len(raw))
        return raw[:k] + rng.choice((b"\xff", b"\xc3\x28", b"\xe4\xb8", b"\x80")) + raw[k:]
    elif op == 10:  # truncate
        return text[: rng.randrange(len(text))]
    else:  # structure: anchors and aliases, a bomb, deep nesting, a merge key
        kind = rng.randrange(4)
        if kind == 0:
            return BOMB + text
        if kind == 1:
            depth = rng.choice((200, 600, 1200))
            lines.insert(i, "deep: " + "[" * depth + "]" * depth)
        elif kind == 2:
            spots = list(SCALAR.finditer(text))
            if len(spots) >= 2:
                a, b = sorted(rng.sample(spots, 2), key=lambda m: m.start())
                return (text[:a.start()] + "&x " + text[a.start():b.start()] + "*x" + text[b.end():])
        else:
            lines.insert(i, lines[i][: len(lines[i]) - len(lines[i].lstrip())] + "<<: *nowhere")
    return "\n".join(lines)


@dataclass(frozen=True)
class Outcome:
    status: int | None  # None: killed (time limit)
    stderr: str
    seconds: float

    @property
    def hang(self) -> bool:
        """Killed at the wall-clock limit, or by the CPU-time limit (SIGXCPU)."""
        return self.status is None or self.status in (128 + signal.SIGXCPU, 128 + signal.SIGKILL)

    def problems(self) -> list[str]:
        """What a user must not see; empty when the run behaved."""
        out = []
        if self.hang:
            return ["hang"]
        if self.status not in (0, 1, 2):
            out.append(f"exit status {self.status}")
        if "Traceback (most recent call last)" in self.stderr:
            out.append("traceback")
        if self.status == 2 and "traceback" not in out:
            first = self.stderr.strip().splitlines()[:1]
            if not first or not ERROR_LINE.match(first[0]):
                out.append(f"error line not FILE:LINE:COL: error: {first[:1]!r}")
            elif WRAPPED.search(first[0]):
                out.append("wrapped exception")
        return out

    def site(self) -> str:
        """Where it went wrong, for grouping: the traceback's last frame and exception, or the verb and
        the exception a PlanError wraps."""
        wrapped = WRAPPED.search(self.stderr)
        if "Traceback" not in self.stderr and wrapped:
            return f"in {wrapped.group(1)}: {wrapped.group(2)}"
        frames = re.findall(r'File "([^"]+)", line (\d+)', self.stderr)
        kinds = re.findall(r"^(\w+(?:\.\w+)*(?:Error|Exception|Exit))\b", self.stderr, re.M)
        where = f"{Path(frames[-1][0]).name}:{frames[-1][1]}" if frames else "?"
        return f"{where} {kinds[-1] if kinds else '?'}"


# A PlanError that carries an unexpected exception out of a verb (no traceback, but a bug to fix).
WRAPPED = re.compile(r"cannot (\S+): ([A-Z]\w*(?:Error|Exception)): ")
ERROR_LINE = re.compile(r"^(?:[^\n:]+:\d+:\d+: |[^\n:]+: )?error: \S")


def run_case(argv: list[str], *, timeout: float = 20.0, memory_mb: int = 3000) -> Outcome:
    """``choreo.cli.main(argv)`` in a forked child with a time and memory limit.

    ``timeout`` is CPU seconds (a shared, loaded machine must not turn a slow case into a "hang");
    the wall clock allows four times as much."""
    from choreo.cli import main

    err_r, err_w = os.pipe()
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.dup2(err_w, 2)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
            cpu = max(1, int(timeout))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            try:
                status = main(argv)
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
            except BaseException:
                import traceback
                traceback.print_exc()
                status = 99
            sys.stderr.flush()
            sys.stdout.flush()
            os._exit(int(status or 0) & 0xFF)
        except BaseException:
            os._exit(98)
    os.close(err_w)
    chunks: list[bytes] = []
    deadline = start + 4 * timeout
    status: int | None = None
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        ready, _, _ = select.select([err_r], [], [], min(left, 0.5))
        if ready:
            chunk = os.read(err_r, 65536)
            if chunk:
                chunks.append(chunk)
                continue
        done, wait_status = os.waitpid(pid, os.WNOHANG)
        if done:
            while chunk := os.read(err_r, 65536):
                chunks.append(chunk)
            status = os.waitstatus_to_exitcode(wait_status)
            if status < 0:
                status = 128 - status
            break
    os.close(err_r)
    return Outcome(status, b"".join(chunks).decode("utf-8", "replace"), time.perf_counter() - start)


def script_case(rng: random.Random, folder: Path) -> tuple[list[str], str]:
    """A mutated bundled passage written into ``folder``, and the command line that checks it."""
    name = rng.choice(SCRIPT_FILES)
    mutated = mutate(_text_of(SCRIPTS / name), rng)
    path = folder / name
    path.write_bytes(mutated if isinstance(mutated, bytes) else mutated.encode("utf-8", "surrogatepass"))
    command = rng.choice((["check"], ["check"], ["tracks", "-o", str(folder / "out.json")]))
    return [*command, str(path)], name


def venue_case(rng: random.Random, folder: Path) -> tuple[list[str], str]:
    """A mutated bundled venue (with its base beside it), and a command that loads and plans in it."""
    name = rng.choice(VENUE_FILES)
    for base in VENUE_FILES:
        (folder / base).write_text(_text_of(VENUES / base), encoding="utf-8")
    mutated = mutate(_text_of(VENUES / name), rng)
    (folder / name).write_bytes(mutated if isinstance(mutated, bytes) else mutated.encode("utf-8", "surrogatepass"))
    venue = folder / ("xiang.yaml" if name == "xiang.yaml" else "xie.yaml")
    script = rng.choice(("e11-xian-shihuozhe", "e03-qushi", "e01-youshe"))
    command = rng.choice((["check", script, "--venue"], ["tracks", script, "-o", str(folder / "out.json"),
                                                        "--venue"]))
    return [*command, str(venue)], name


def fresh_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="choreo-fuzz-"))
