// case/case.scad - one part of the case, turned to its print orientation, for `make case`:
//   base        the tray: the Uno on its standoffs and pegs, the locating lip, the feet's
//               rings underneath; the lid's screws come up through it; printed as it stands
//   lid         the shell: walls down to the tray, the cell grid round the caps, one
//               opening per cell, the jacks' openings; printed top face down
//   keys        the nine caps, a plate of nine printed standing on their side walls, top
//               up (each its raised number)
//   jig         the frame the lid lies on, top face down, while the caps go in (step 3)
//   cap         one cap where it rests in the case (cap_index 0-8, turned by cap_turn
//               degrees, without its diffuser if cap_diffuser is false): the checks'
//               planted turned cap and cap with no diffuser
// omit_opening names a connector whose opening is left out (the checks' planted mistake).
part = "base";
omit_opening = "";
cap_index = 4;
cap_turn = 0;
cap_diffuser = true;
include <case-model.scad>

// The caps on a 3 x 3 grid at a wider pitch than in the case, standing on their walls.
module keys_plate() {
    p = P_plate_pitch;
    for (i = [0 : 8]) translate([(i % 3) * p, -floor(i / 3) * p, -P_z_tube_base])
        translate([-P_caps[i][0], -P_caps[i][1], 0]) cap(i);
}

if (part == "base") base();
else if (part == "lid") translate([0, 0, P_z_lid_top]) rotate([180, 0, 0]) lid();
else if (part == "keys") keys_plate();
else if (part == "jig") translate([0, 0, P_z_lid_top + P_jig_h]) rotate([180, 0, 0]) jig();
else if (part == "cap") cap(cap_index, turn = cap_turn, diffuser = cap_diffuser);
else assert(false, str("unknown part ", part));
