// tests/web/test_leds_colour.mjs - the page's LED light follows the shield's part
// (sim/web/src/leds.js on schematics/parts.json): each die drawn at its dominant
// wavelength (read back from the drawn linear sRGB through the CIE chromaticity of the
// spectral locus, within 1 nm), the dies' drawn luminance in the ratio of their luminous
// intensities at their design currents (within 1 %), both lit drawn as their sum
// (luminance within 1 %), no channel over 1. Planted: r3's hand-set colours (a red with
// green in it, a darker green) fail the wavelength check. Usage: PARTS_JSON=... node --test
import fs from 'node:fs';
import test from 'node:test';
import { check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { dieLight, ledDies, spectralXyz } from '../../sim/web/src/leds.js';

const [partsPath] = inputs('PARTS_JSON');
const dies = ledDies(JSON.parse(fs.readFileSync(partsPath, 'utf8')));
const TO_XYZ = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]];
const xyOf = (rgb) => {
  const [X, Y, Z] = TO_XYZ.map((r) => r[0] * rgb[0] + r[1] * rgb[1] + r[2] * rgb[2]);
  return [X / (X + Y + Z), Y / (X + Y + Z)];
};
const WHITE = [0.3127, 0.329];
const angle = ([x, y]) => Math.atan2(y - WHITE[1], x - WHITE[0]);
// the dominant wavelength of a colour: the locus point in its direction from white
function dominant(rgb) {
  const want = angle(xyOf(rgb));
  let best = null;
  for (let nm = 490; nm <= 650; nm += 0.25) {
    const [X, Y, Z] = spectralXyz(nm, 1), a = angle([X / (X + Y + Z), Y / (X + Y + Z)]);
    if (!best || Math.abs(a - want) < best.err) best = { nm, err: Math.abs(a - want) };
  }
  return best.nm;
}
const lum = (rgb) => rgb[0] * 0.2126 + rgb[1] * 0.7152 + rgb[2] * 0.0722;
const middle = ([lo, hi]) => (lo + hi) / 2;

function wavelengthBad(light) {
  const bad = [];
  for (const [key, col] of [['r', 'R'], ['g', 'G']]) {
    const got = dominant(light[key]), want = middle(dies[col].dominant_nm);
    console.log(`leds_colour: ${dies[col].name} drawn at ${got} nm, the part's ${want} nm`);
    if (Math.abs(got - want) > 1) bad.push(`${dies[col].name} ${got} nm, not ${want} nm`);
  }
  return bad;
}

test('each die drawn at its dominant wavelength, in the ratio of its intensity', () => {
  const light = dieLight(dies);
  const bad = wavelengthBad(light);
  const iv = (d) => (middle(d.iv_mcd) * d.design_ma) / d.test_ma;
  const want = iv(dies.R) / iv(dies.G), got = lum(light.r) / lum(light.g);
  console.log(`leds_colour: red / green luminance ${got.toFixed(3)}, the part's ${want.toFixed(3)}`);
  if (Math.abs(got / want - 1) > 0.01) bad.push(`luminance ratio ${got} against ${want}`);
  if (Math.abs(lum(light.y) / (lum(light.r) + lum(light.g)) - 1) > 0.01) bad.push('yellow is not the sum');
  if (Math.max(...Object.values(light).flat()) > 1 + 1e-9) bad.push('a channel over 1');
  check('the page draws the part', bad.length === 0, bad.join('; '));
});

test('planted: r3\'s hand-set colours are not the part\'s', () => {
  const old = { r: [1, 0.12, 0.04], g: [0.04, 0.3, 0.03], y: [1, 0.65, 0.06] };
  check('the wavelength check catches them', wavelengthBad(old).length > 0);
});
