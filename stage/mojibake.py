"""Read the garbled spans of the seed copies back: a run of GBK text that was cut one byte out of
step and decoded again shows as unrelated characters (000's 「∷旧渥魃像钊∈浮」 is 「司射作上耦取矢」).

Encoding the span back to GB18030 and decoding it from the next byte on restores the words; the
restoration is checkable (the span is in the seed, the words are in its decoding), never a guess.
"""

from __future__ import annotations


def restore(span: str) -> str:
    """The words a garbled span stands for: its GB18030 bytes read again one byte later."""
    data = span.encode("gb18030", errors="replace")
    return data[1:].decode("gb18030", errors="replace")


def restores_to(span: str, words: str) -> bool:
    """Whether ``span`` decodes to text containing ``words`` (whitespace ignored)."""
    return "".join(words.split()) in "".join(restore(span).split())
