"""Pilot Wave ship combat (seed 000 "Spaceship Combat", RULINGS P4, P7, P10, P12, P14): ships
on the hex map at Far, Orbital or Extreme scale, in exchanges of phases. `pilot_wave.scenes`
picks this or the character conflict by the scenario."""
