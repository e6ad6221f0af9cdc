"""The front end: the ``hexfront`` command line (cli.py; launch.py is the script and ``python -m hexfront.tui``)
and the Textual terminal game it starts with ``hexfront play``. The engine never imports this package."""
