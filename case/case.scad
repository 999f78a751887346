// case/case.scad - one part of the case, turned to its print orientation, for `make case`:
//   base        the tray: the Uno on its standoffs and peg, the locating lip, the lid's
//               screws come up through it; printed as it stands
//   lid         the shell: walls down to the tray, one opening per cell for its cap, the
//               jacks' openings; printed top face down, so nothing overhangs
//   keys        the nine caps, a plate of nine printed top face down (each its number)
// omit_opening names a connector whose opening is left out (the checks' planted mistake).
part = "base";
omit_opening = "";
include <case-model.scad>

// The caps printed top face down on a 3 x 3 grid at a wider pitch than in the case.
module keys_plate() {
    p = P_plate_pitch;
    for (i = [0 : 8]) translate([(i % 3) * p, -floor(i / 3) * p, P_z_cap_top])
        rotate([180, 0, 0]) translate([-P_caps[i][0], -P_caps[i][1], 0])
            cap_with_post(i + 1, P_caps[i]);
}

if (part == "base") base();
else if (part == "lid") translate([0, 0, P_z_lid_top]) rotate([180, 0, 0]) lid();
else if (part == "keys") keys_plate();
else assert(false, str("unknown part ", part));
