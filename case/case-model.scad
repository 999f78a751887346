// case/case-model.scad - the case's parts where they sit in the assembled case: base, lid
// (with its cell grid), the nine key caps and the assembly jig. Included by case/case.scad
// (one part, turned to its print orientation) and case/view.scad (the pictures).
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

// A square of side s, corners rounded to r, centred.
module rsquare(s, r) { offset(r = r, $fn = 48) square(s - 2 * r, center = true); }

// The band of the wall next to the cavity: the base's locating lip stands in it, the lid's
// rebate takes it.
module lip_band2d(t) { difference() { offset(delta = t) cavity2d(); cavity2d(); } }

// A wall from its bottom profile up to z_top. box [x0, y0, x1, y1]; along "y": the
// profile [[y, z_bottom], ...] runs along y across x0..x1; along "x" the other way.
module profile_wall(box, along, prof, z_top) {
    pts = concat([[prof[0][0], z_top]], prof, [[prof[len(prof) - 1][0], z_top]]);
    if (along == "y")
        translate([box[0], 0, 0]) rotate([90, 0, 90]) linear_extrude(box[2] - box[0]) polygon(pts);
    else
        translate([0, box[3], 0]) rotate([90, 0, 0]) linear_extrude(box[3] - box[1]) polygon(pts);
}

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
        if (f[5] > 0)   // through the Uno's hole, its top chamfered to lead it in
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

// A foot's ring, engraved in the underside: stick a bumper inside it.
module foot_ring() {
    d = P_d_foot_d + 0.4;
    translate([0, 0, -eps]) linear_extrude(P_d_foot_ring_depth + eps) difference() {
        circle(d = d + 2 * P_d_foot_ring_w, $fn = 64);
        circle(d = d, $fn = 64);
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
        for (f = P_fixings) if (f[4] > 0) translate([f[0], f[1], P_d_floor])
            cylinder(d = f[4], h = P_z_uno_bottom, $fn = 16);
        for (p = P_feet) translate([p[0], p[1], 0]) foot_ring();
    }
}

// The cells' corners: fillets of the caps' corner radius + play.
// P_corners: [cx, cy, sx, sy, size, bottom]
module cell_corners() {
    h = P_bore / 2;
    for (c = P_corners) translate([c[0], c[1], c[5]])
        linear_extrude(P_z_lid_under - c[5] + eps) scale([c[2], c[3]]) difference() {
            translate([h - c[4], h - c[4]]) square(c[4] + eps);
            translate([h - c[4], h - c[4]]) circle(r = c[4], $fn = 32);
        }
}

// The key: a rounded square with its (+x, +y) corner cut to x + y <= cut.
module keyed2d(s, r, cut) {
    intersection() {
        rsquare(s, r);
        polygon([[-50, -50], [cut + 50, -50], [-50, cut + 50]]);
    }
}

module lid() {
    post_h = P_z_lid_under - P_z_split;
    pilot = P_lid_screw_len - P_z_split + 1;
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
            for (w = P_tube_walls) profile_wall(w[0], w[1], w[2], P_z_lid_under + eps);
            cell_corners();
        }
        for (p = P_posts) translate([p[0], p[1], P_z_split - 1])
            cylinder(d = P_d_screw_pilot_d, h = pilot + 1, $fn = 16);
        for (c = P_caps) translate([c[0], c[1], P_z_lid_under - 1])
            linear_extrude(P_d_lid_plate + 2)
                keyed2d(P_opening, P_d_cap_r + P_d_cap_play, P_d_key_cut + P_d_cap_play * sqrt(2));
        // the sound opening over the piezo (case/caselib.py sound_holes; none without one)
        for (h = P_sound_holes) translate([h[0], h[1], P_z_lid_under - 1])
            cylinder(d = h[2], h = P_d_lid_plate + 2, $fn = 24);
        jack_cuts(P_z_split - 1);
    }
}

// The caps' number, raised on the top (round digits), and the centre cap's dot.
module cap_number(i) {
    c = P_caps[i];
    translate([c[0], c[1], P_z_cap_top - eps]) {
        linear_extrude(P_d_cap_number_h + eps)
            text(str(i + 1), size = P_d_cap_number_size, font = P_font, halign = "center",
                 valign = "center", $fn = 48);
        if (i == 4) translate([0, P_d_cap_dot_y, 0])
            resize([P_d_cap_dot_d, P_d_cap_dot_d, 2 * (P_d_cap_dot_h + eps)])
                sphere(d = P_d_cap_dot_d, $fn = 32);
    }
}

// The side walls' outline: the body, a rounded square wider than the head (its corners
// hold the cap under the lid).
module body2d() { rsquare(P_d_cap_body, P_d_cap_body_r); }

// Cap i (0-8) where it rests in the case: the head through the lid's opening (a rounded
// square tube closed by the top plate, one corner cut: the key, the opening's matches),
// the two side walls down to their profiles, the actuator beam between them across the
// plunger and the diffuser beside it over the LED (case/README.md, "Light that fills the
// cell"; diffuser = false: a planted mistake).
// turn: the cap turned about its centre (a planted mistake of the checks).
module cap(i, number = true, turn = 0, diffuser = true) {
    c = P_caps[i];
    s = P_d_cap_size;
    inner = s - 2 * P_d_cap_head_wall;
    translate([c[0], c[1], 0]) rotate(turn) translate([-c[0], -c[1], 0]) {
        translate([c[0], c[1], 0]) difference() {
            translate([0, 0, P_z_shoulder]) linear_extrude(P_z_cap_top - P_z_shoulder)
                keyed2d(s, P_d_cap_r, P_d_key_cut);
            translate([0, 0, P_z_shoulder - 1]) linear_extrude(P_z_cap_under - P_z_shoulder + 1)
                keyed2d(inner, P_d_cap_r - P_d_cap_head_wall,
                        P_d_key_cut - P_d_cap_head_wall * sqrt(2));
        }
        intersection() {
            union() for (w = P_cap_walls[i]) profile_wall(w[0], "y", w[1], P_z_shoulder + eps);
            translate([c[0], c[1], 0]) linear_extrude(P_z_shoulder + 1) body2d();
        }
        translate([c[0] - inner / 2 - eps, P_actuators[i] - P_d_cap_act_t / 2, P_z_act])
            cube([inner + 2 * eps, P_d_cap_act_t, P_d_cap_act_h]);
        if (diffuser) diffuser(i);
        if (number) cap_number(i);
    }
}

// Cap i's diffuser: a plate across the cup from its bottom profile up to its flat top
// (P_diffusers: [box, profile along y, top]), eps into the side walls and the beam.
module diffuser(i) {
    b = P_diffusers[i][0];
    p = P_diffusers[i][1];
    n = len(p) - 1;
    prof = P_actuators[i] < b[1] ? concat([[b[1] - eps, p[0][1]]], p)
                                 : concat(p, [[b[3] + eps, p[n][1]]]);
    profile_wall([b[0] - eps, b[1], b[2] + eps, b[3]], "y", prof, P_diffusers[i][2]);
}

module keys() { for (i = [0 : 8]) cap(i); }

// The jig (print sheet, step 3): the lid lies on it top face down, its rim under the lid's
// top face round the openings, a lip round the lid; the caps hang clear of the bench.
module jig() {
    lip = P_d_jig_lip_gap + P_d_jig_lip_t;
    translate([0, 0, P_z_lid_top]) {
        linear_extrude(P_jig_h) difference() {
            offset(delta = lip) outer2d();
            offset(delta = -P_d_jig_rim) outer2d();
        }
        translate([0, 0, -P_d_jig_lip_h]) linear_extrude(P_d_jig_lip_h + eps) difference() {
            offset(delta = lip) outer2d();
            offset(delta = P_d_jig_lip_gap) outer2d();
        }
    }
}
