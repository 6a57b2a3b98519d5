"""Optional native build of shiftdrive's simulation hot path, compiled with mypyc.

`pip install .` is pure Python. With SHIFTDRIVE_COMPILE=1 (see `make fast`), the modules in
`COMPILED` are compiled from the same typed source: the same rules, about twice as fast.
"""

import os

from setuptools import setup

# The per-decision hot path of `simulate`: core, engine, maps and the rulesets' rules and bots.
# Scenario loading (pydantic), the CLI and the simulator's bookkeeping stay interpreted.
COMPILED = [
    "shiftdrive/conflict/absorb.py",
    "shiftdrive/conflict/actions.py",
    "shiftdrive/conflict/advantage.py",
    "shiftdrive/conflict/attack.py",
    "shiftdrive/conflict/concede.py",
    "shiftdrive/conflict/defend.py",
    "shiftdrive/conflict/exchange.py",
    "shiftdrive/conflict/host.py",
    "shiftdrive/conflict/invokes.py",
    "shiftdrive/conflict/overcome.py",
    "shiftdrive/conflict/roll.py",
    "shiftdrive/conflict/style.py",
    "shiftdrive/conflict/teamwork.py",
    "shiftdrive/core/aspects.py",
    "shiftdrive/core/consequences.py",
    "shiftdrive/core/contests.py",
    "shiftdrive/core/dice.py",
    "shiftdrive/core/errors.py",
    "shiftdrive/core/fate_points.py",
    "shiftdrive/core/invokes.py",
    "shiftdrive/core/ladder.py",
    "shiftdrive/core/odds.py",
    "shiftdrive/core/outcomes.py",
    "shiftdrive/core/records.py",
    "shiftdrive/core/stress.py",
    "shiftdrive/engine/actions.py",
    "shiftdrive/engine/choices.py",
    "shiftdrive/engine/encounter.py",
    "shiftdrive/engine/events.py",
    "shiftdrive/engine/gm_words.py",
    "shiftdrive/engine/overrides.py",
    "shiftdrive/engine/ruleset.py",
    "shiftdrive/engine/turns.py",
    "shiftdrive/maps/bands.py",
    "shiftdrive/maps/errors.py",
    "shiftdrive/maps/hexgrid.py",
    "shiftdrive/maps/zones.py",
    "shiftdrive/rulesets/fate_core/bot.py",
    "shiftdrive/rulesets/fate_core/compels.py",
    "shiftdrive/rulesets/fate_core/fighters.py",
    "shiftdrive/rulesets/fate_core/full_defense.py",
    "shiftdrive/rulesets/fate_core/movement.py",
    "shiftdrive/rulesets/fate_core/query.py",
    "shiftdrive/rulesets/fate_core/rules.py",
    "shiftdrive/rulesets/fate_core/state.py",
    "shiftdrive/rulesets/fate_core/turns.py",
    "shiftdrive/rulesets/fully_automated/attacks.py",
    "shiftdrive/rulesets/fully_automated/bot.py",
    "shiftdrive/rulesets/fully_automated/cards.py",
    "shiftdrive/rulesets/fully_automated/geometry.py",
    "shiftdrive/rulesets/fully_automated/gm.py",
    "shiftdrive/rulesets/fully_automated/hits.py",
    "shiftdrive/rulesets/fully_automated/light.py",
    "shiftdrive/rulesets/fully_automated/movement.py",
    "shiftdrive/rulesets/fully_automated/query.py",
    "shiftdrive/rulesets/fully_automated/reach.py",
    "shiftdrive/rulesets/fully_automated/rounds.py",
    "shiftdrive/rulesets/fully_automated/rules.py",
    "shiftdrive/rulesets/fully_automated/starting.py",
    "shiftdrive/rulesets/fully_automated/state.py",
    "shiftdrive/rulesets/fully_automated/table.py",
    "shiftdrive/rulesets/fully_automated/view.py",
    "shiftdrive/rulesets/fully_automated/walks.py",
    "shiftdrive/rulesets/fully_automated/words.py",
    "shiftdrive/rulesets/tachyon/actions.py",
    "shiftdrive/rulesets/tachyon/advantage.py",
    "shiftdrive/rulesets/tachyon/aspects.py",
    "shiftdrive/rulesets/tachyon/bot.py",
    "shiftdrive/rulesets/tachyon/choices.py",
    "shiftdrive/rulesets/tachyon/damage.py",
    "shiftdrive/rulesets/tachyon/detection.py",
    "shiftdrive/rulesets/tachyon/flow.py",
    "shiftdrive/rulesets/tachyon/invokes.py",
    "shiftdrive/rulesets/tachyon/menu.py",
    "shiftdrive/rulesets/tachyon/outcomes.py",
    "shiftdrive/rulesets/tachyon/phases/chatter.py",
    "shiftdrive/rulesets/tachyon/phases/damage_control.py",
    "shiftdrive/rulesets/tachyon/phases/every_phase.py",
    "shiftdrive/rulesets/tachyon/phases/ew.py",
    "shiftdrive/rulesets/tachyon/phases/gunnery.py",
    "shiftdrive/rulesets/tachyon/phases/ordnance.py",
    "shiftdrive/rulesets/tachyon/phases/piloting.py",
    "shiftdrive/rulesets/tachyon/positions.py",
    "shiftdrive/rulesets/tachyon/query.py",
    "shiftdrive/rulesets/tachyon/rolls.py",
    "shiftdrive/rulesets/tachyon/rules.py",
    "shiftdrive/rulesets/tachyon/setup.py",
    "shiftdrive/rulesets/tachyon/sight.py",
    "shiftdrive/rulesets/tachyon/state.py",
    "shiftdrive/rulesets/tachyon/systems.py",
    "shiftdrive/rulesets/tachyon/view.py",
    "shiftdrive/rulesets/tachyon/words.py",
]

ext_modules = []
if os.environ.get("SHIFTDRIVE_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify([f"src/{module}" for module in COMPILED], opt_level="3")

setup(ext_modules=ext_modules)
