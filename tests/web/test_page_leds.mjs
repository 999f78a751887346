// tests/web/test_page_leds.mjs - the page shows what the LEDs show, measured on its pixels
// in Debian's Chromium: the game with colour-blind mode on (X full, O dim); an image through the real LED driver (tests/web/leds_fw.c: X full
// and dim, O full and dim, one cell unlit) at each brightness level; each LED's centre
// sampled from a screenshot, its relative luminance (sRGB to linear, WCAG's weights)
// compared with the die's duty share (hal/leds_duty.h: the last counts of a row step, per
// level from build/gen/leds.json, the table hal/leds_levels.h) within the model's shade band (2/3 to 4/3); unlit darker than every lit shade; and X full against a dim O (the
// colour-blind mode's cue) at least 3 : 1 apart after a deuteranopia and a protanopia
// simulation (Machado, Oliveira and Fernandes 2009, severity 1.0, on linear RGB).
// Prints the figures. Usage: WEB_PAGE=index.html LEDS_HEX=leds_fw.hex LEDS_JSON=leds.json
// OUT_DIR=DIR node --test ...
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { waitLine, simWait, rxLines, command } from './page_read.mjs';

const [pagePath, ledsHex, ledsJson, outDir] = inputs('WEB_PAGE', 'LEDS_HEX', 'LEDS_JSON', 'OUT_DIR');
fs.mkdirSync(outDir, { recursive: true });
const s = usePage(pathToFileURL(path.resolve(pagePath)).href, { viewport: { width: 1200, height: 900 } });

// the levels, brightest first: each its LEDS_BRIGHT_ value (what leds_fw.c takes), its
// name, and the counts of its row's step a lit die is on, full and dim (hal/leds_duty.h)
const LEDS = JSON.parse(fs.readFileSync(ledsJson, 'utf8'));
const DUTY_STEP = LEDS.step_counts;
const onCounts = (level, dim) => {
  const l = LEDS.levels.find((x) => x.bright === level);
  return dim ? l.dim_counts : l.counts;
};
const LEVELS = LEDS.levels.map((l) => [l.bright, l.name]);
const FULL = LEVELS[0][1]; // the brightest: the reference
// cells of leds_fw.c (0-based)
const SPOTS = { xFull: 0, xDim: 1, oFull: 3, oDim: 4, unlit: 6 };
const MACHADO = {
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
};
const linear = (c8) => { const c = c8 / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const simulate = (m, rgb) => m.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])));

// The mean linear RGB of the middle third of each spot's LED, from a screenshot of the
// board read back through a canvas in the page (data: images are allowed by its CSP).
async function sample(page) {
  const boxes = await page.$$eval('.cell .led', (ls) => ls.map((l) => {
    const r = l.getBoundingClientRect();
    return { x: r.x + r.width / 3, y: r.y + r.height / 3, w: r.width / 3, h: r.height / 3 };
  }));
  const png = (await page.screenshot()).toString('base64');
  const px = await page.evaluate(async ({ png, boxes }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = img.width;
    cv.height = img.height;
    const cx = cv.getContext('2d');
    cx.drawImage(img, 0, 0);
    return boxes.map((b) => Array.from(cx.getImageData(Math.round(b.x), Math.round(b.y),
      Math.round(b.w), Math.round(b.h)).data));
  }, { png, boxes });
  return px.map((d) => {
    const sum = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += linear(d[i + k]);
    return sum.map((v) => v / (d.length / 4));
  });
}

const seen = {}; // level name -> spot -> linear RGB

// The real firmware first: with `colorblind on`, its O drawn dim and X full, apart by
// luminance through both simulations.
test('the game: colorblind on draws O dim, X full, apart through both simulations', async () => {
  const { page } = s;
  await waitLine(page, 'boot banner', /^ttt: ready/, 0, 8000);
  await command(page, 'new x');
  await command(page, 'colorblind on');
  const from = (await rxLines(page)).length;
  await page.click('.cell[data-cell="5"]');
  const ai = await waitLine(page, 'the AI answers', /^ai: [1-9]/, from);
  const o = Number(/^ai: ([1-9])/.exec(ai)[1]) - 1;
  await simWait(page, 1500); // past the AI move's blink
  await page.waitForTimeout(100);
  const on = await page.$$eval('.cell', (cs) => cs.map((c) => c.dataset.on));
  check('X (cell 5) full, O dim', on[4] === '1000' && on[o] === '250', on.join());
  const rgb = await sample(page);
  const lines = [];
  for (const [sim, m] of [['normal', null], ...Object.entries(MACHADO)]) {
    const lum = (v) => luminance(m ? simulate(m, v) : v), ratio = lum(rgb[4]) / lum(rgb[o]);
    lines.push(`game, colorblind on, ${sim}: X / O ${ratio.toFixed(2)} : 1`);
    check(`game ${sim}: X and the dim O at least 3 : 1`, ratio >= 3, ratio.toFixed(2));
  }
  console.log(lines.map((l) => `page_leds: ${l}`).join('\n'));
  await command(page, 'colorblind off'); // the page's EEPROM is the test profile's own
});

test('the LED image loads', async () => {
  const { page } = s;
  await page.setInputFiles('#hexfile', { name: 'leds_fw.hex', mimeType: 'text/plain',
    buffer: fs.readFileSync(ledsHex) });
  await waitLine(page, 'the LED image', /^leds_fw: ready/, 0, 8000);
});

for (const [level, name] of LEVELS)
  test(`${name}: X and O, full and dim, drawn with the luminance of their duty share`, async () => {
    const { page } = s;
    const from = (await rxLines(page)).length;
    await page.fill('#line', String(level));
    await page.press('#line', 'Enter');
    await waitLine(page, `level ${level} taken`, new RegExp(`^${level}$`), from);
    await simWait(page, 300); // a few LED windows: the shades settled
    await page.waitForTimeout(100); // and drawn (30 ms transitions)
    const rgb = await sample(page);
    await page.screenshot({ path: path.join(outDir, `leds-${name}.png`), clip: await page.$eval('#board',
      (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }) });
    seen[name] = Object.fromEntries(Object.entries(SPOTS).map(([k, i]) => [k, rgb[i]]));
  });

// The page draws the board model's shade of a die, and the model takes a share from 3/4 to
// 3/2 of a shade's for that shade (sim/board_model.h, BOARD_SHADE_FULL): drawn luminance
// over duty share from 2/3 to 4/3, with 5 % for the screen's rounding.
const SHADE_BAND = [2 / 3 * 0.95, 4 / 3 * 1.05];

// The figures and the failures of both checks for a set of samples.
function ratioCheck(v) {
  const lines = [], bad = [];
  for (const who of ['x', 'o']) {
    const ref = luminance(v[FULL][`${who}Full`]);
    for (const [level, name] of LEVELS)
      for (const dim of [false, true]) {
        const what = `${who.toUpperCase()} ${name}${dim ? ' dim' : ''}`, lum = luminance(v[name][`${who}${dim ? 'Dim' : 'Full'}`]);
        const want = onCounts(level, dim) / DUTY_STEP, got = lum / ref;
        lines.push(`${what}: ${got.toFixed(4)} of full (duty ${want.toFixed(4)})`);
        if (got / want < SHADE_BAND[0] || got / want > SHADE_BAND[1]) bad.push(`${what}: ${got.toFixed(4)} against ${want.toFixed(4)}`);
        if (lum <= luminance(v[name].unlit)) bad.push(`${what}: not lighter than unlit`);
      }
  }
  lines.push(`unlit ${luminance(v[FULL].unlit).toFixed(5)}, X full ${luminance(v[FULL].xFull).toFixed(4)}, ` +
    `O full ${luminance(v[FULL].oFull).toFixed(4)}`);
  return { lines, bad };
}
function visionCheck(v) {
  const lines = [], bad = [];
  for (const [, name] of LEVELS)
    for (const [sim, m] of [['normal', null], ...Object.entries(MACHADO)]) {
      const lum = (rgb) => luminance(m ? simulate(m, rgb) : rgb);
      const ratio = lum(v[name].xFull) / lum(v[name].oDim), even = lum(v[name].xFull) / lum(v[name].oFull);
      lines.push(`${name} ${sim}: X / dim O ${ratio.toFixed(2)} : 1 (X / full O ${even.toFixed(2)} : 1)`);
      if (Math.max(ratio, 1 / ratio) < 3) bad.push(`${name} ${sim}: ${ratio.toFixed(2)} : 1`);
    }
  return { lines, bad };
}

test('luminance ratios follow hal/leds_duty.h within the model\'s shade band; unlit darker than every lit shade', () => {
  const r = ratioCheck(seen);
  console.log(r.lines.map((l) => `page_leds: ${l}`).join('\n'));
  check('every shade as its duty share', r.bad.length === 0, r.bad.join('; '));
});

test('colour-blind cue: X full against a dim O at least 3 : 1 through deuteranopia and protanopia', () => {
  const r = visionCheck(seen);
  console.log(r.lines.map((l) => `page_leds: ${l}`).join('\n'));
  check('X and a dim O apart by luminance', r.bad.length === 0, r.bad.join('; '));
});

// Planted: the former drawing (saturated #ff2a10 and #3cff2a, a CSS brightness filter at
// the cube root of the share, a #3a2f2f lens) fails both checks.
test('planted: the former drawing fails both checks', () => {
  const px = (hex, share) => [0, 2, 4].map((i) => linear(Math.min(255, parseInt(hex.substr(i, 2), 16) * Math.cbrt(share))));
  const old = Object.fromEntries(LEVELS.map(([level, name]) => [name, {
    xFull: px('ff2a10', onCounts(level, false) / DUTY_STEP), xDim: px('ff2a10', onCounts(level, true) / DUTY_STEP),
    oFull: px('3cff2a', onCounts(level, false) / DUTY_STEP), oDim: px('3cff2a', onCounts(level, true) / DUTY_STEP),
    unlit: px('3a2f2f', 1),
  }]));
  check('the ratio check catches it', ratioCheck(old).bad.length > 0);
  check('the colour-vision check catches it', visionCheck(old).bad.length > 0);
});

noPageErrors(s);
