"""The phases of a Tachyon round, one module each."""
