"""The subcommands of ``choreo``: one module each, with ``configure(parser)`` and ``run(args) -> int``."""
