# nextpnr-ice40 --pre-pack: the clock constraint of the router (one slot per cycle).
# The target is the goal for D=4: 100 MHz. nextpnr reports the achieved Fmax either way.
ctx.addClock("clk_i", 100)
