// case/view.scad - the pictures of `make case`, from the exported STLs (on OPENSCADPATH
// with case-params.scad): the base as printed, the lid top side up, the assembled case
// (with the shield, whose LEDs and actuators show through the lid).
include <case-params.scad>

view = "assembled";
dir = ".";   // where the STLs are (make passes the absolute build/case)

module lid_in_place() translate([0, 0, P_z_lid_top]) rotate([180, 0, 0]) import(str(dir, "/case-lid.stl"));
module keys_in_place() if (P_key_mode == "cap") translate([0, 0, P_z_act]) import(str(dir, "/case-keys.stl"));

if (view == "base") import(str(dir, "/case-base.stl"));
else if (view == "lid") lid_in_place();
else if (view == "keys") import(str(dir, "/case-keys.stl"));
else if (view == "assembled") {
    color("SteelBlue") import(str(dir, "/case-base.stl"));
    color("LightSkyBlue") lid_in_place();
    color("Orange") keys_in_place();
    shield();   // the LEDs and actuators that stand through the lid
}
else if (view == "exploded") {
    lift = 30;
    color("SteelBlue") import(str(dir, "/case-base.stl"));
    uno();
    shield();
    color("Orange") translate([0, 0, 0.8 * lift]) keys_in_place();
    color("LightSkyBlue") translate([0, 0, 2.2 * lift]) lid_in_place();
}
else assert(false, str("unknown view ", view));

// The boards, from the same parameters: the Uno (its outline is the shield's, its holes
// and jacks from case/uno-r3.json) and the shield with its LEDs and its switches'
// actuators (parts.json gives no body sizes, so a switch is drawn as its actuator).
module uno() {
    color("Teal") translate([0, 0, P_z_uno_bottom]) linear_extrude(P_uno_t) difference() {
        polygon(P_outline);
        for (h = P_uno_holes) translate(h) circle(d = P_uno_hole_d, $fn = 16);
    }
    color("Silver") for (c = P_connectors)
        translate([c[1], c[3] - c[4] / 2, P_z_uno_top]) cube([c[2] - c[1], c[4], c[5]]);
}

module shield() {
    color("DarkGreen") translate([0, 0, P_z_shield_bottom])
        linear_extrude(P_z_shield_top - P_z_shield_bottom) difference() {
            polygon(P_outline);
            for (h = P_uno_holes) translate(h) circle(d = P_uno_hole_d, $fn = 16);
        }
    color("Red") for (l = P_leds) translate([l[0], l[1], P_z_shield_top])
        cylinder(d = P_led_d, h = P_led_h, $fn = 24);
    color("DimGray") for (k = P_keys) translate([k[0], k[1], P_z_shield_top])
        cylinder(d = P_actuator_d, h = P_z_act - P_z_shield_top, $fn = 24);
}
