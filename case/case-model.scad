// case/case-model.scad - the case's parts where they sit in the assembled case: base, lid
// and the nine key caps. Included by case/case.scad (one part, turned to its print
// orientation) and case/view.scad (the pictures).
//
// Every number comes from case-params.scad, which case/gen_case.py writes from the
// shield's PCB, schematics/parts.json, case/uno-r3.json and the menu table (`make case`
// puts it on OPENSCADPATH). The frame: mm, origin at the board's lower-left corner,
// z = 0 under the base.
include <case-params.scad>

$fn = 40;
eps = 0.01;
W = P_d_wall;

module cavity2d() {
    translate([P_cavity[0], P_cavity[1]])
        square([P_cavity[2] - P_cavity[0], P_cavity[3] - P_cavity[1]]);
}

module outer2d() { offset(r = W) cavity2d(); }

// The band of the wall next to the cavity: the base's locating lip stands in it, the lid's
// rebate takes it.
module lip_band2d(t) { difference() { offset(delta = t) cavity2d(); cavity2d(); } }

// Countersunk M3 from below: the 90-degree seat keeps every overhang at 45 degrees.
module countersunk_hole(h) {
    translate([0, 0, -1]) cylinder(d = P_d_screw_clear_d, h = h + 2, $fn = 24);
    translate([0, 0, -eps])
        cylinder(d1 = P_d_screw_head_d, d2 = P_d_screw_clear_d,
                 h = (P_d_screw_head_d - P_d_screw_clear_d) / 2, $fn = 24);
    translate([0, 0, -1]) cylinder(d = P_d_screw_head_d, h = 1, $fn = 24);
}

// P_fixings: [x, y, kind, standoff_d, pilot_d, peg_d, peg_top, head_d, head_h]
module standoffs() {
    for (f = P_fixings) translate([f[0], f[1], 0]) {
        cylinder(d = f[3], h = P_z_uno_bottom, $fn = 32);
        if (f[2] == "peg")   // through the Uno's hole, its top chamfered to lead it in
            translate([0, 0, P_z_uno_bottom - eps]) {
                cylinder(d = f[5], h = f[6] - P_z_uno_bottom - 0.4 + eps, $fn = 24);
                translate([0, 0, f[6] - P_z_uno_bottom - 0.4])
                    cylinder(d1 = f[5], d2 = f[5] - 0.8, h = 0.4, $fn = 24);
            }
    }
}

// The jacks' openings in the lid's wall, open at its lower edge so the lid goes down over
// the jacks: USB-B round its body, DC round a 12 mm plug's overmould on the plug's axis.
// grow: wider by this much each side (where the lip stops beside an opening).
module jack_cuts(z_from, grow = 0) {
    x0 = P_cavity[0] - W - 1;
    for (c = P_connectors) if (c[0] != omit_opening) {
        m = P_d_jack_margin + grow;
        translate([x0, c[3] - c[4] / 2 - m, z_from])
            cube([P_cavity[0] + 1 - x0, c[4] + 2 * m, P_z_uno_top + c[5] + m - z_from]);
    }
    if (omit_opening != "DC") translate([x0, P_dc[0] - P_dc[2] - grow, z_from])
        cube([P_cavity[0] + 1 - x0, 2 * (P_dc[2] + grow), P_dc[1] + P_dc[2] - z_from]);
}

module base_lip() {
    difference() {
        translate([0, 0, P_z_split - eps]) linear_extrude(P_d_lip_h + eps) lip_band2d(P_d_lip_t);
        // The lip stops square short of the corners' posts (no slivers round them).
        for (p = P_posts) translate([p[0], p[1], 50])
            cube([P_d_post_d + 2 * P_d_lip_gap + 2, P_d_post_d + 2 * P_d_lip_gap + 2, 101],
                 center = true);
        jack_cuts(P_z_split - 1, grow = 2);
    }
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
            standoffs();
            base_lip();
        }
        for (p = P_posts) translate([p[0], p[1], 0]) countersunk_hole(P_z_split);
        for (f = P_fixings) if (f[2] != "peg") translate([f[0], f[1], P_d_floor])
            cylinder(d = f[4], h = P_z_uno_bottom, $fn = 16);
    }
}

module lid() {
    post_h = P_z_lid_under - P_z_split;
    pilot = P_d_lid_screw_len - P_z_split + 1;
    rebate = P_d_lip_h + P_d_lip_gap;
    difference() {
        union() {
            translate([0, 0, P_z_lid_under]) linear_extrude(P_d_lid_plate) outer2d();
            difference() {
                translate([0, 0, P_z_split])
                    linear_extrude(post_h + eps) difference() { outer2d(); cavity2d(); }
                translate([0, 0, P_z_split - 1])
                    linear_extrude(rebate + 1) lip_band2d(P_d_lip_t + P_d_lip_gap);
            }
            for (p = P_posts) translate([p[0], p[1], P_z_split])
                cylinder(d = P_d_post_d, h = post_h + eps, $fn = 32);
        }
        for (p = P_posts) translate([p[0], p[1], P_z_split - 1])
            cylinder(d = P_d_screw_pilot_d, h = pilot + 1, $fn = 16);
        for (c = P_caps) translate([c[0] - P_opening / 2, c[1] - P_opening / 2, P_z_lid_under - 1])
            cube([P_opening, P_opening, P_d_lid_plate + 2]);
        // the sound opening over the piezo (case/caselib.py sound_holes; none without one)
        for (h = P_sound_holes) translate([h[0], h[1], P_z_lid_under - 1])
            cylinder(d = h[2], h = P_d_lid_plate + 2, $fn = 24);
        jack_cuts(P_z_split - 1);
    }
}

// One flange tab on the cap's +x side, along y from gap to gap + len: flat underneath, its
// top sloping 45 degrees from the tip up to the cap's side (so the cap prints top face
// down without support). Turned by 90 degrees for each side, the four tabs make a
// pinwheel: facing sides of two neighbours carry their tabs on opposite halves.
module cap_tab() {
    w = P_d_cap_tab_w;
    f = P_d_cap_tab_foot;
    translate([P_d_cap_size / 2 - eps, P_d_cap_tab_gap, 0]) rotate([90, 0, 0]) mirror([0, 0, 1])
        linear_extrude(P_d_cap_tab_len)
            polygon([[0, 0], [w + eps, 0], [w + eps, f], [0, f + w + eps]]);
}

// A cap centred at the origin in x, y, at its height in z: the post on the plunger, the
// block over post and LED, the tabs, the cell number engraved in the top.
module cap_number(n, depth) {
    translate([0, 0, P_z_cap_top - depth]) linear_extrude(depth + 1)
        text(str(n), size = P_d_cap_number_size, font = P_font, halign = "center",
             valign = "center", $fn = 8);
}

module cap(n, engrave = true) {
    s = P_d_cap_size;
    difference() {
        union() {
            translate([-s / 2, -s / 2, P_z_cap_under]) cube([s, s, P_z_cap_top - P_z_cap_under]);
            for (k = [0 : 3]) rotate([0, 0, 90 * k]) translate([0, 0, P_z_cap_under]) cap_tab();
        }
        if (engrave) cap_number(n, P_d_cap_number_depth);
    }
}

module cap_with_post(n, c, engrave = true) {
    translate([c[0], c[1], 0]) cap(n, engrave);
    translate([P_keys[n - 1][0], P_keys[n - 1][1], P_z_act])
        cylinder(d = P_d_cap_post_d, h = P_z_cap_under - P_z_act + eps, $fn = 32);
}

module keys() { for (i = [0 : 8]) cap_with_post(i + 1, P_caps[i]); }
