// case/case.scad - a two-part case for an Arduino Uno R3 with the tic-tac-toe shield.
//
// Every number about the board comes from case-params.scad, which case/gen_case.py writes
// from the shield's PCB, schematics/parts.json and case/uno-r3.json (`make case` puts it on
// OPENSCADPATH). The frame: mm, origin at the board's lower-left corner, z = 0 under the
// base. Parts are modelled where they sit in the assembled case; `part` picks one and
// turns it into its print orientation:
//   base        the tray: the Uno on four standoffs, the lid's screws come up through it
//   lid         the shell: walls down to the tray, LED and key holes, engraved numbers and
//               the menu legend; printed top face down, so nothing overhangs
//   keys        the nine captive key caps where they stand (only when the switches' actuators
//               do not reach through the lid), printed standing on their flanges
//   assembled   all of them in place (for the picture)
// omit_opening names a connector whose opening is left out (the checks' planted mistake).
include <case-params.scad>

part = "base";
omit_opening = "";
engrave = true;     // false: no lettering (the planted mistake's lid renders faster)

$fn = 40;
eps = 0.01;
W = P_d_wall;

module cavity2d() {
    translate([P_cavity[0], P_cavity[1]])
        square([P_cavity[2] - P_cavity[0], P_cavity[3] - P_cavity[1]]);
}

module outer2d() { offset(r = W) cavity2d(); }

// Countersunk M3 from below: the 90-degree seat keeps every overhang at 45 degrees.
module countersunk_hole(h) {
    translate([0, 0, -1]) cylinder(d = P_d_screw_clear_d, h = h + 2, $fn = 24);
    translate([0, 0, -eps])
        cylinder(d1 = P_d_screw_head_d, d2 = P_d_screw_clear_d,
                 h = (P_d_screw_head_d - P_d_screw_clear_d) / 2, $fn = 24);
    translate([0, 0, -1]) cylinder(d = P_d_screw_head_d, h = 1, $fn = 24);
}

module base() {
    difference() {
        union() {
            difference() {
                linear_extrude(P_z_split) outer2d();
                translate([0, 0, P_d_floor]) linear_extrude(P_z_split) cavity2d();
            }
            for (p = P_posts) translate([p[0], p[1], 0])
                cylinder(d = P_d_post_d, h = P_z_split, $fn = 32);
            for (h = P_uno_holes) translate([h[0], h[1], 0])
                cylinder(d = P_d_standoff_d, h = P_z_uno_bottom, $fn = 32);
        }
        for (p = P_posts) translate([p[0], p[1], 0]) countersunk_hole(P_z_split);
        for (h = P_uno_holes) translate([h[0], h[1], P_d_floor])
            cylinder(d = P_d_screw_pilot_d, h = P_z_uno_bottom, $fn = 16);
    }
}

// An opening for a connector body (USB-B, DC) in the lid's wall: open at the wall's
// lower edge, so the lid goes down over the jacks.
module jack_opening(c) {
    m = P_d_jack_margin;
    x0 = P_cavity[0] - W - 1;
    translate([x0, c[3] - c[4] / 2 - m, P_z_split - 1])
        cube([P_cavity[0] + 1 - x0, c[4] + 2 * m, P_z_uno_top + c[5] + m - P_z_split + 1]);
}

module engraving() {
    for (n = P_numbers) translate([n[0], n[1]])
        text(n[2], size = P_number_size, font = P_font, halign = "center",
             valign = "center", $fn = 8);
    for (l = P_legend) translate([l[0], l[1]])
        text(l[2], size = P_legend_size, font = P_font, halign = "left",
             valign = "center", $fn = 8);
}

module lid() {
    post_h = P_z_lid_under - P_z_split;
    pilot = P_d_lid_screw_len - P_z_split + 1;
    difference() {
        union() {
            translate([0, 0, P_z_lid_under]) linear_extrude(P_d_lid_plate) outer2d();
            translate([0, 0, P_z_split])
                linear_extrude(post_h + eps) difference() { outer2d(); cavity2d(); }
            for (p = P_posts) translate([p[0], p[1], P_z_split])
                cylinder(d = P_d_post_d, h = post_h + eps, $fn = 32);
        }
        for (p = P_posts) translate([p[0], p[1], P_z_split - 1])
            cylinder(d = P_d_screw_pilot_d, h = pilot + 1, $fn = 16);
        for (l = P_leds) translate([l[0], l[1], P_z_lid_under - 1])
            cylinder(d = P_led_hole_d, h = P_d_lid_plate + 2);
        for (k = P_keys) translate([k[0], k[1], P_z_lid_under - 1])
            cylinder(d = P_key_hole_d, h = P_d_lid_plate + 2);
        for (c = P_connectors) if (c[0] != omit_opening) jack_opening(c);
        if (engrave)
            translate([0, 0, P_z_lid_top - P_d_engrave]) linear_extrude(P_d_engrave + 1) engraving();
    }
}

// The cap rests on the actuator; the cone under its flange is 40 degrees from vertical.
// One solid of revolution, so the printer sees no ledge anywhere.
module key_cap() {
    rs = P_key_stem_d / 2;
    rf = P_key_flange_d / 2;
    cone_h = (rf - rs) / tan(40);
    z1 = P_key_z_flange_top - P_key_flange_t;
    translate([0, 0, P_key_z_bottom]) rotate_extrude($fn = 32)
        polygon([[0, 0], [rs, 0], [rs, z1 - cone_h - P_key_z_bottom], [rf, z1 - P_key_z_bottom],
                 [rf, P_key_z_flange_top - P_key_z_bottom], [rs, P_key_z_flange_top - P_key_z_bottom],
                 [rs, P_key_z_top - P_key_z_bottom], [0, P_key_z_top - P_key_z_bottom]]);
}

module keys() { if (P_key_mode == "cap") for (k = P_keys) translate([k[0], k[1], 0]) key_cap(); }

if (part == "base") base();
else if (part == "lid") translate([0, 0, P_z_lid_top]) rotate([180, 0, 0]) lid();
else if (part == "keys") translate([0, 0, -P_key_z_bottom]) keys();
else if (part == "assembled") { base(); lid(); keys(); }
else assert(false, str("unknown part ", part));
