"""The phases of a diaspora turn (D1), one module each."""
