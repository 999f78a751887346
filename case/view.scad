// case/view.scad - the pictures of `make case`, drawn from case/case-model.scad with the
// boards from the same parameters (OpenSCAD's preview renderer, each part in its colour):
//   assembled   the closed case, caps lit red, green and yellow as in a game
//   exploded    base, screws and pegs, Uno, shield, caps and lid pulled apart
//   cutaway     the case cut through cell 5 (x = its LED and switch): cap, LED, switch,
//               the cell's walls; the preview paints every cut face in its one section colour
//   step1-step4 the print sheet's assembly steps (the fifth is `assembled`)
view = "assembled";
dir = ".";   // where the STLs are (make passes the absolute build/case)
omit_opening = "";
include <case-model.scad>

CASE_C = "#3B3F45";
LID_C = "#4A4F57";
JIG_C = "#D9822B";
lit = ["red", "natural", "green", "natural", "red", "natural", "green", "natural", "yellow"];
function cap_colour(s) = s == "red" ? [1, 0.16, 0.1] : s == "green" ? [0.15, 1, 0.3]
    : s == "yellow" ? [1, 0.85, 0.1] : [0.9, 0.9, 0.86];

// Base, lid and jig as `make case` rendered them (the preview draws imported meshes cleanly).
module base_stl() color(CASE_C) import(str(dir, "/case-base.stl"), convexity = 12);
module lid_stl() color(LID_C) translate([0, 0, P_z_lid_top]) rotate([180, 0, 0])
    import(str(dir, "/case-lid.stl"), convexity = 12);
module jig_stl() color(JIG_C) translate([0, 0, P_z_lid_top + P_jig_h]) rotate([180, 0, 0])
    import(str(dir, "/case-jig.stl"), convexity = 12);

module uno() {
    color("#0E7C86") translate([0, 0, P_z_uno_bottom]) linear_extrude(P_uno_t) difference() {
        polygon(P_outline);
        for (h = P_uno_holes) translate(h) circle(d = P_uno_hole_d, $fn = 16);
    }
    for (b = P_uno_boxes)
        color(len(search("jack", b[6])) > 0 && b[6][0] == "U" ? "#C8C8C8" : "#1C1C1C")
            translate([b[0], b[1], b[4]]) cube([b[2] - b[0], b[3] - b[1], b[5] - b[4]]);
}

module led(lit_as, at) {
    color(lit_as == "natural" ? [0.95, 0.95, 0.95, 0.9] : cap_colour(lit_as)) translate(at) {
        cylinder(d = P_led_d + 0.9, h = 1.0, $fn = 24);
        cylinder(d = P_led_d, h = P_led_h - P_led_d / 2, $fn = 24);
        translate([0, 0, P_led_h - P_led_d / 2]) sphere(d = P_led_d, $fn = 24);
    }
}

module shield() {
    color("#1E5A32") translate([0, 0, P_z_shield_bottom])
        linear_extrude(P_z_shield_top - P_z_shield_bottom) difference() {
            polygon(P_outline);
            for (h = P_uno_holes) translate(h) circle(d = P_uno_hole_d, $fn = 16);
        }
    color("#2A2A2A") for (b = P_shield_boxes)
        translate([b[0] + 0.3, b[1] + 0.3, P_z_shield_top])
            cube([b[2] - b[0] - 0.6, b[3] - b[1] - 0.6, b[4]]);
    if (len(P_sounder) > 0) color("#151515")
        translate([P_sounder[0], P_sounder[1], P_z_shield_top])
            cylinder(d = P_sounder[2], h = P_sounder[3], $fn = 48);
    for (i = [0 : 8]) led(lit[i], [P_leds[i][0], P_leds[i][1], P_z_shield_top]);
    for (k = P_keys) {
        color("#202020") translate([k[0] - 3, k[1] - 3, P_z_shield_top]) cube([6, 6, P_sw_body_h]);
        color("#111111") translate([k[0], k[1], P_z_shield_top])
            cylinder(d = P_actuator_d, h = P_z_act - P_z_shield_top, $fn = 24);
    }
}

// The caps in their light; their raised numbers (and the centre's dot) dark so they read.
module lit_keys(only = [0 : 8]) {
    for (i = only) {
        color(cap_colour(lit[i])) cap(i, number = false);
        color([0.25, 0.25, 0.25]) cap_number(i);
    }
}

// Screws and pegs: each hole's fixing drawn as bought (the pegs are part of the base).
module uno_screws(lift = 0) {
    for (f = P_fixings) if (f[7] > 0)
        translate([f[0], f[1], P_z_uno_top + lift]) color("#B0B4B8") {
            cylinder(d = f[7], h = f[8], $fn = 24);
            translate([0, 0, -6 + eps]) cylinder(d = 3, h = 6, $fn = 16);
        }
}

module lid_screws(drop = 0) {
    for (p = P_posts) translate([p[0], p[1], -drop]) color("#B0B4B8") {
        cylinder(d1 = P_d_screw_head_d - 0.6, d2 = 3, h = 1.8, $fn = 24);
        cylinder(d = 3, h = P_lid_screw_len, $fn = 16);
    }
}

module labels(size = 3.2) {
    for (f = P_fixings)
        translate([f[0] + (f[0] > 40 ? -22 : 3), f[1] + (f[1] > 30 ? -8 : 4), P_z_uno_top + 9])
            color("white") linear_extrude(0.4)
                text(f[7] > 0 ? "M3 x 6" : f[6] > P_z_uno_top ? "peg" : "flush peg",
                     size = size, font = P_font);
}

module assembled() {
    base_stl();
    lid_stl();
    lit_keys();
    uno();
    shield();
}

// Step 3 and 4 seen as the maker does them: the lid top face down on the jig.
module upside_down() translate([0, 0, P_z_lid_top + P_jig_h]) rotate([180, 0, 0]) children();

if (view == "assembled") assembled();
else if (view == "exploded") {
    base_stl();
    uno_screws(24);
    translate([0, 0, 12]) uno();
    translate([0, 0, 28]) shield();
    translate([0, 0, 40]) lit_keys();
    translate([0, 0, 112]) lid_stl();
    lid_screws(22);
}
else if (view == "cutaway") difference() {
    assembled();
    translate([-50, -50, -1]) cube([50 + P_keys[4][0], 200, 120]);
}
else if (view == "step1") { base_stl(); uno(); uno_screws(); labels(); }
else if (view == "step2") { base_stl(); uno(); uno_screws(); translate([0, 0, 12]) shield(); }
// The caps hang on their shoulders while the lid lies on the jig; two still to go in.
else if (view == "step3") upside_down() {
    jig_stl();
    lid_stl();
    translate([0, 0, P_d_cap_lift]) lit_keys([0, 1, 2, 3, 5, 6, 7]);
    translate([0, 0, -24]) lit_keys([4, 8]);
}
else if (view == "step4") upside_down() {
    jig_stl();
    lid_stl();
    translate([0, 0, P_d_cap_lift]) lit_keys();
    translate([0, 0, -24]) { base_stl(); uno(); uno_screws(); shield(); lid_screws(12); }
}
else assert(false, str("unknown view ", view));
