"""The Fate Core conflict, as a library that rulesets build on (fate_core now; star_wars and
pilot_wave later; tachyon and diaspora use its parts).

It holds the rules of a roll in a conflict, each in one module: the four actions
(`attack`, `advantage` for create an advantage and discover, `overcome`; a host adds its own
moves), the defense (`defend`), the invoke window after the dice where the sides take turns to
invoke or pass until all pass (`invokes`, with `teamwork`), succeeding with style
(`style`), absorbing a hit with stress and consequences or being taken out (`absorb`),
conceding (`concede`); the roll itself, its totals and odds (`roll`), the stages of a roll as
turns (`exchange`) and the words of its events and prompts (`words`). It is built on
`shiftdrive.core` (aspects, invokes, stress, consequences, fate points, odds).

How a host ruleset uses it:

1. Its state subclasses `host.ConflictState` (sides, fighters, aspects, the roll in
   hand as a `roll.Roll`, `boosts_born`, `turn_count`, `side_of`, `active`) and its fighters
   `host.Combatant` (name, side, zone, skills, fate points, stress tracks, consequence slots,
   status, full defense, points owed): base classes, so that the compiled build reads them
   directly; a dataclass subclass marks the base's fields `field()`.
2. It subclasses `host.Host`: how a turn ends, who may see an aspect,
   the distance between zones, which skills attack (and how far they reach), defend, create
   advantages, discover and overcome, the difficulty of passive rolls, what a hit does
   (weapons, armor, tracks), a consequence's suggested name, and `resolve` (the roll's
   action's `resolve`, for actions of its own that roll, such as a sprint).
3. Its `actions` are `actions.conflict_actions(host)` plus its own specs (a host's own
   rolling action subclasses `exchange.RollAction` and starts its roll with
   `invokes.roll_and_open`). While a roll is in hand, its `turns` give `exchange.stage_turn(state,
   roll)` and its `menu` `exchange.STAGE_MENUS[roll.stage]`; on a fighter's turn its menu
   names the four actions (and `concede`).
4. Its `describe` words the library's events with `words.describe_conflict` and its prompts
   for a roll with `words.stage_prompt`.
"""
