// sim/web/src/leds.js - the light the page draws for each LED state, from the shield's part
// table (schematics/parts.json, the LED's dies): each die's colour from the middle of its
// dominant-wavelength range, its brightness from the middle of its luminous-intensity
// range at its design current. Lights add in CIE XYZ (both dies lit: the mix the eye
// sees), then each is brought into sRGB's gamut by mixing in white of the same luminance,
// which keeps its dominant wavelength and its luminance. All three are scaled together so
// the brightest channel of any is 1: the page keeps the dies' luminance ratio.

// CIE 1931 2-degree spectral locus (x, y), 5 nm steps: the CIE's table.
const LOCUS_FROM = 490;
const LOCUS = [
  [0.0454, 0.2950], [0.0235, 0.4127], [0.0082, 0.5384], [0.0039, 0.6548], [0.0139, 0.7502],
  [0.0389, 0.8120], [0.0743, 0.8338], [0.1142, 0.8262], [0.1547, 0.8059], [0.1929, 0.7816],
  [0.2296, 0.7543], [0.2658, 0.7243], [0.3016, 0.6923], [0.3373, 0.6589], [0.3731, 0.6245],
  [0.4087, 0.5896], [0.4441, 0.5547], [0.4788, 0.5202], [0.5125, 0.4866], [0.5448, 0.4544],
  [0.5752, 0.4242], [0.6029, 0.3965], [0.6270, 0.3725], [0.6482, 0.3514], [0.6658, 0.3340],
  [0.6801, 0.3197], [0.6915, 0.3083], [0.7006, 0.2993], [0.7079, 0.2920], [0.7140, 0.2859],
  [0.7190, 0.2809], [0.7230, 0.2770], [0.7260, 0.2740],
];
// XYZ to linear sRGB (IEC 61966-2-1, D65)
const TO_RGB = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]];

/** CIE XYZ of light of dominant wavelength nm (a spectral colour) and luminance Y. */
export function spectralXyz(nm, Y) {
  const at = (nm - LOCUS_FROM) / 5;
  if (!(at >= 0 && at <= LOCUS.length - 1))
    throw new Error(`leds.js: ${nm} nm is outside the table (${LOCUS_FROM}-${LOCUS_FROM + 5 * (LOCUS.length - 1)} nm)`);
  const k = Math.min(Math.floor(at), LOCUS.length - 2), t = at - k, a = LOCUS[k], b = LOCUS[k + 1];
  const x = a[0] + (b[0] - a[0]) * t, y = a[1] + (b[1] - a[1]) * t;
  return [(x / y) * Y, Y, ((1 - x - y) / y) * Y];
}

/** Linear sRGB of XYZ, moved toward white of the same luminance until no channel is negative. */
export function inGamut(xyz) {
  const rgb = TO_RGB.map((row) => row[0] * xyz[0] + row[1] * xyz[1] + row[2] * xyz[2]);
  const Y = xyz[1];
  const t = Math.max(0, ...rgb.map((v) => (v < 0 ? -v / (Y - v) : 0)));
  return rgb.map((v) => Math.max(0, (1 - t) * v + t * Y));
}

const middle = ([lo, hi]) => (lo + hi) / 2;

/** { r, g, y }: linear sRGB of the red die, the green die and both lit, at full share.
 *  dies: parts.json's LED dies ({ R, G }, each with dominant_nm, iv_mcd, test_ma, design_ma). */
export function dieLight(dies) {
  const xyz = {};
  for (const [key, col] of [['r', 'R'], ['g', 'G']]) {
    const d = dies[col];
    xyz[key] = spectralXyz(middle(d.dominant_nm), (middle(d.iv_mcd) * d.design_ma) / d.test_ma);
  }
  xyz.y = xyz.r.map((v, i) => v + xyz.g[i]);
  const light = Object.fromEntries(Object.entries(xyz).map(([k, v]) => [k, inGamut(v)]));
  const top = Math.max(...Object.values(light).flat());
  return Object.fromEntries(Object.entries(light).map(([k, v]) => [k, v.map((c) => c / top)]));
}

/** The LED line of parts.json: the one with dies. */
export function ledDies(parts) {
  const line = parts.parts.find((p) => p.dies);
  if (!line) throw new Error('leds.js: no part with dies in parts.json');
  return line.dies;
}
