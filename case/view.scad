// case/view.scad - the pictures of `make case`, from the exported STLs (on OPENSCADPATH
// with case-params.scad): the base as printed, the lid top side up, the assembled case.
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
}
else assert(false, str("unknown view ", view));
