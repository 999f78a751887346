"""case/bench.py - the case's figures for `make bench` (`name value` lines), from what
`make case` measured: the keys (case/keys.py through case-params.json's findings), the
light (light.json), the assembly's replay (assembly.json).

  python3 -m case.bench DIR
"""
import json
import os
import sys


def figures(d):
    with open(os.path.join(d, "case-params.json")) as f:
        P = json.load(f)
    with open(os.path.join(d, "light.json")) as f:
        L = json.load(f)
    with open(os.path.join(d, "assembly.json")) as f:
        A = json.load(f)
    value = {f["check"]: f["value"] for f in P["findings"]}
    return [("cap_tilt_max_deg", "%.2f" % value["key tilt"]),
            ("cap_force_ratio_max", "%.2f" % value["key force"]),
            ("cap_travel_margin_mm", "%.2f" % value["key travel"]),
            ("cap_jams_at_friction_0_3", "%d" % value["key jam"]),
            ("cap_lit_share_percent", "%.0f" % L["share"]),
            ("cap_bleed_percent", "%.1f" % L["bleed"]),
            ("cap_top_light_percent", "%.1f" % L["top"]),
            # cell 5 as the argument for the diffuser has it: left out, printed twice as clear
            ("cap_lit_share_no_diffuser_percent", "%.0f" % L["no_diffuser"]["share"]),
            ("cap_top_light_no_diffuser_percent", "%.1f" % L["no_diffuser"]["top"]),
            ("cap_lit_share_clear_print_percent", "%.0f" % L["clear_print"]["share"]),
            ("case_assembly_failures", "%d" % (len(A["checks"]["fails"]) + sum(
                len(v["fails"]) for v in A["variants"].values())))]


def main(argv):
    if len(argv) != 1:
        raise SystemExit(__doc__)
    for name, value in figures(argv[0]):
        print(name, value)


if __name__ == "__main__":
    main(sys.argv[1:])
