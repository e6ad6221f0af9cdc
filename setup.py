"""The one import name hexfront installs is ``hexfront``: the folders engine/, tui/ and content/ stay where
they are in the repository and are installed as hexfront.engine, hexfront.tui and hexfront.content. The
rule systems' content (each folder under content/, a data-only package) ships in the wheel as package
data. Everything else is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

FOLDERS = ("engine", "tui", "content")

packages = [
    f"hexfront.{name}"
    for name in find_namespace_packages(include=[f"{folder}{tail}" for folder in FOLDERS for tail in ("", ".*")])
    if "__pycache__" not in name
]
setup(
    packages=packages,
    package_dir={"hexfront": "."},
    package_data={"": ["*.toml", "*.md", "*.tcss"]},
)
