"""`python -m shiftdrive`: the same command line as the installed `shiftdrive` command."""

from shiftdrive.cli.main import app

app(prog_name="shiftdrive")
