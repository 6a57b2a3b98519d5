"""star_wars: a Star Wars Fate hack, popcorn initiative and Fate Core conflicts."""

from shiftdrive.rulesets.star_wars.rules import StarWars

__all__ = ["StarWars"]
