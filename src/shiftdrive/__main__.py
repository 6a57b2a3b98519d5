"""`python -m shiftdrive`: the same command line as the installed `shiftdrive` command."""

from shiftdrive.cli.main import app

if __name__ == "__main__":  # (not when a tool imports every module)
    app(prog_name="shiftdrive")
