"""Packaging glue: pyproject.toml holds the metadata; this file only lists the packages.

pyproject's ``[tool.setuptools.packages.find]`` cannot see ``choreo._assets``: that package lives in
the top-level ``assets/`` folder (mapped by ``[tool.setuptools.package-dir]``), so the wheel would
ship without the venues and the font. Namespace discovery keeps subpackages without __init__.py.
"""

from setuptools import find_namespace_packages, setup

PACKAGES = find_namespace_packages(include=["stage", "stage.*", "choreo", "choreo.*"],
                                   exclude=["*.__pycache__"])

setup(packages=[*PACKAGES, "choreo._assets"])
