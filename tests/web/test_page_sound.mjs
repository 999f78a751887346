// tests/web/test_page_sound.mjs - the page's sound in Debian's Chromium (headless, from
// file://): no AudioContext before the person's first gesture, a running one after it;
// the firmware's sessions (presses, the menu, a two-player win, a loss to the AI, presses
// under `sound off`) give the sounds of SOUNDS_JSON in order (silence with BOARD_SOUND=0: no sounder fitted),
// rendered as the pin's square; rendered through the sounder's filters (sound.js, piezo.json) each
// tone is as loud, against the others, as the model says (SOUND_LEVELS: tests/sim/piezo.py levels,
// within 1 dB), and a planted flat rendering (no sounder: every tone alike) is caught;
// the sounder pin's edges recorded while the probe image (tests/web/sound_fw.c) plays its
// known Timer2 notes, rendered through the page's own sound graph (sound.js) in an
// OfflineAudioContext, give those tones (frequency within 1 %, length and onset within
// 3 ms: tones.mjs); a planted mistake (the edges 2 % slow, a tone dropped) is caught; a tap
// (an AnalyserNode) on the live graph hears a probe note; the mute button (and `m`, Enter,
// Space) silences the graph, live and rendered, kept over a reload; the note mark shows a tone.
// Saves OUT_DIR/sound-1200.png, sound-390.png and sound-reading-390.png.
// Usage: WEB_PAGE=build/web/index.html SOUND_HEX=sound_fw.hex SOUNDS_JSON=build/gen/sounds.json
//   SOUND_LEVELS=build/web/sound_levels.json BOARD_SOUND=1 OUT_DIR=DIR node --test test_page_sound.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { usePage, noPageErrors, check } from './chromium.mjs';
import { inputs } from './inputs.mjs';
import { waitLine, rxLines, simWait, command, waitFor } from './page_read.mjs';
import {
  findTones, expectTones, compareTones, checkSounds, toneLevels, checkLevels, modelLevels,
} from './tones.mjs';

const [pagePath, soundHex, soundsJson, levelsJson, boardSound, outDir] = inputs('WEB_PAGE', 'SOUND_HEX',
  'SOUNDS_JSON', 'SOUND_LEVELS', 'BOARD_SOUND', 'OUT_DIR');
const sounds = JSON.parse(fs.readFileSync(soundsJson, 'utf8'));
const levels = JSON.parse(fs.readFileSync(levelsJson, 'utf8'));
const FITTED = boardSound !== '0'; // a board without a sounder: every check hears silence
fs.mkdirSync(outDir, { recursive: true });
const s = usePage(pathToFileURL(path.resolve(pagePath)).href, { viewport: { width: 1200, height: 900 } });
const RATE = 44100;
// sound_fw.c's `play`: its notes as sounds.json writes notes (hz exact, ms)
const PROBE_NOTES = [
  { hz: 16e6 / (2 * 32 * 62), ms: 100 }, { hz: 0, ms: 50 }, { hz: 1000, ms: 200 }, { hz: 0, ms: 30 },
  { hz: 2000, ms: 40 }, { hz: 0, ms: 100 }, { hz: 16e6 / (2 * 128 * 119), ms: 150 },
];

const soundState = (page) => page.evaluate(() => window.tttSound.state());

// the edges while `line` runs in the console until `done` answers, rendered offline
async function recordRendered(page, line, done, muted = false) {
  const from = await page.evaluate(() => window.tttSound.record());
  const n = (await rxLines(page)).length;
  await command(page, line);
  await waitLine(page, `${line} answered`, done, n, 3000);
  await simWait(page, 50);
  const rec = await page.evaluate(() => window.tttSound.recorded());
  const x = await page.evaluate(([e, a, b, m]) => window.tttSound.render(e, a, b, m, true), [rec.edges, from, rec.end, muted]);
  return { rec, x };
}

test('no sound before a gesture; a running AudioContext after the first', async () => {
  const { page } = s;
  await waitFor(page, 'the page runs', async () => (await rxLines(page)).length > 0, 5000);
  const list = await page.textContent('#sound-list');
  check('"Reading the board" says when each sound plays', sounds.sounds.every((x) => list.includes(x.when)), list);
  check('no AudioContext before any gesture', (await soundState(page)).context === 'none');
  await page.click('header h1');
  await waitFor(page, 'the context runs', async () => (await soundState(page)).context === 'running', 2000);
});

// The firmware's sounds (sounds.json) from sessions of presses and console lines, as
// tests/sim/test_sound.py plays them on simavr; the result of a game sounds alone.
const tap = (cell) => async (page) => { await page.keyboard.press(String(cell)); await simWait(page, 1000); };
const hold = (cell, ms) => async (page) => {
  await page.keyboard.down(String(cell));
  await simWait(page, ms);
  await page.keyboard.up(String(cell));
  await simWait(page, 1500);
};
const line = (text) => async (page) => { await command(page, text); await simWait(page, 500); };
const FW_SESSIONS = [
  ['press', [tap(1), tap(1)], ['x1', 'o5', 'ignored']],
  ['menu', [hold(5, 2500), hold(5, 2500)], ['menu_open', 'menu_close']],
  ['win', [line('new 2p'), ...[1, 4, 2, 5, 3].map(tap)], ['x1', 'o4', 'x2', 'o5', 'win']],
  ['loss', [line('new x'), ...[1, 2, 4].map(tap)], ['x1', 'o5', 'x2', 'o3', 'x4', 'loss']],
  ['by ear', [line('new 2p'), tap(1), tap(5), hold(3, 2500), hold(9, 1000)], ['x1', 'o5', 'click', 'x1', 'o5', 'e9']],
  ['sound off', [line('sound off'), line('new x'), tap(1), tap(1), line('sound on')], []],
];
// the edges rendered as the pin's square (pin: true) or through the sounder's filters
const render = (page, rec, from, pin) => page.evaluate(([e, a, b, p]) => window.tttSound.render(e, a, b, false, p),
  [rec.edges, from, rec.end, pin]);
for (const [name, steps, names] of FW_SESSIONS) {
  test(`the firmware's ${name} session: ${names.join(' ')} as sounds.json has them, as loud as the model`, async () => {
    const { page } = s;
    await simWait(page, 300);
    const from = await page.evaluate(() => window.tttSound.record());
    for (const step of steps) await step(page);
    const rec = await page.evaluate(() => window.tttSound.recorded());
    const found = findTones(await render(page, rec, from, true), RATE), want = FITTED ? names : [];
    console.log(`page_sound ${name}: ${found.map((t) => `${t.hz.toFixed(1)} Hz ${t.lengthMs.toFixed(1)} ms`).join(', ')}`);
    const errs = checkSounds(found, want, sounds);
    check(`${name}: the sounds`, errs.length === 0, errs.join('; '));
    if (!want.length) return;
    const heard = toneLevels(await render(page, rec, from, false), RATE, found), model = modelLevels(want, levels);
    console.log(`page_sound ${name} levels: ${heard.map((v, i) => `${(v - model[i]).toFixed(2)}`).join(' ')} dB against the model`);
    const lerrs = checkLevels(heard, model);
    check(`${name}: each tone as loud as the model says`, lerrs.length === 0, lerrs.join('; '));
    if (new Set(model.map(Math.round)).size > 1) {
      const flat = toneLevels(await render(page, rec, from, true), RATE, found);
      check(`${name}: planted, the pin's square (no sounder) is caught`, checkLevels(flat, model).length > 0);
    }
  });
}

test('the probe\'s notes, rendered through the page\'s sound graph', async () => {
  const { page } = s;
  await page.setInputFiles('#hexfile', { name: 'sound_fw.hex', mimeType: 'text/plain', buffer: fs.readFileSync(soundHex) });
  await waitLine(page, 'the probe boots', /^sound_fw: ready/, 0, 5000);
  const { rec, x } = await recordRendered(page, 'play', /^sound_fw: played/);
  if (!FITTED) return check('no sounder: no edges', rec.edges.length === 0);
  check('edges recorded', rec.edges.length > 1000, String(rec.edges.length));
  const found = findTones(x, RATE), want = expectTones(PROBE_NOTES);
  const errs = compareTones(found, want);
  check('tones as played', errs.length === 0, errs.join('; '));
  const detail = found.map((t) => `${t.hz.toFixed(2)} Hz ${t.lengthMs.toFixed(1)} ms at ${t.onsetMs.toFixed(1)}`);
  console.log(`page_sound: ${detail.join(', ')}`);
  // a test of the test: the edges 2 % slow, and a tone dropped, must not pass
  const a = rec.edges[0][0] - 1, slowEdges = rec.edges.map(([c, h]) => [a + (c - a) * 1.02, h]);
  const slow = await page.evaluate(([e, from, to]) => window.tttSound.render(e, from, to, false, true),
    [slowEdges, a, a + (rec.end - a) * 1.03]);
  check('planted: 2 % slow is caught', compareTones(findTones(slow, RATE), want).length > 0);
  check('planted: a missing tone is caught', compareTones(found.slice(1), want).length > 0);
});

test('a tone pin left high still ends: one 2000 Hz tone of 200 ms', async () => {
  const { page } = s;
  const { x } = await recordRendered(page, 'high', /^sound_fw: high done/);
  const found = findTones(x, RATE);
  const errs = compareTones(found, FITTED ? [{ onsetMs: 0, lengthMs: 200, hz: 2000 }] : []);
  check('one tone', errs.length === 0, errs.join('; '));
});

test('the note mark shows the tone playing', async () => {
  const { page } = s;
  await command(page, 'play');
  if (!FITTED) {
    await simWait(page, 700);
    return check('no sounder: no note mark', (await page.textContent('#tone')) === '');
  }
  // the mark, its text and the live graph read in one go: between two reads the page may
  // run on past the note's end (a slow machine runs up to 100 ms a frame)
  const seen = await waitFor(page, 'a note mark', () => page.evaluate(() => {
    const tone = document.getElementById('tone');
    const hz = Number(tone.dataset.hz);
    return hz ? { hz, text: tone.textContent, anchored: window.tttSound.state().anchored } : null;
  }), 500);
  check('the mark names a probe note', PROBE_NOTES.some((n) => n.hz && Math.abs(n.hz - seen.hz) < 0.01 * n.hz), String(seen.hz));
  check('the mark shows Hz', /\u266a \d+ Hz/.test(seen.text), seen.text);
  check('the live graph has a tone scheduled', seen.anchored);
  await page.screenshot({ path: path.join(outDir, 'sound-1200.png') });
  await waitLine(page, 'played', /^sound_fw: played/, 0, 3000);
});

// a tap on the live graph while the probe's notes play: the loudest moment's pitch
const tapWhilePlaying = async (page) => {
  const n = (await rxLines(page)).length;
  const tap = page.evaluate(() => window.tttSound.tap(1500));
  await command(page, 'play');
  const got = await tap;
  await waitLine(page, 'played', /^sound_fw: played/, n, 3000);
  return got;
};

test('live: a tap on the page\'s own graph hears a probe note', async () => {
  const { page } = s;
  const got = await tapWhilePlaying(page);
  console.log(`page_sound live tap: loudest RMS ${got.rms.toFixed(3)} at ${got.hz.toFixed(1)} Hz`);
  if (!FITTED) return check('no sounder: silent', got.rms === 0);
  check('loud', got.rms > 0.05, JSON.stringify(got));
  // the analyser's bins are 1.5 Hz wide; through the sounder's resonance near 4 kHz a
  // square's loudest line may be an odd harmonic (1000 Hz's third), and which notes the
  // live window catches depends on real time
  const heard = (x) => [1, 3, 5].some((k) => Math.abs(k * x.hz - got.hz) < 0.01 * k * x.hz);
  check('a probe note', PROBE_NOTES.some((x) => x.hz && heard(x)), JSON.stringify(got));
});

test('mute: the button and `m` silence the graph, kept over a reload', async () => {
  const { page } = s;
  await page.click('#mute');
  const live = await tapWhilePlaying(page);
  check('muted: the live tap hears nothing', live.rms === 0, JSON.stringify(live));
  let st = await soundState(page);
  check('muted: the graph\'s gain is 0', st.muted && st.gain === 0, JSON.stringify(st));
  check('the button says so', (await page.textContent('#mute')) === 'Sound muted');
  const { x } = await recordRendered(page, 'play', /^sound_fw: played/, true);
  check('muted: the rendering is silent', x.every((v) => v === 0));
  await page.reload();
  await waitFor(page, 'the page runs again', async () => (await rxLines(page)).length > 0, 5000);
  check('kept over a reload', (await page.textContent('#mute')) === 'Sound muted');
  await page.keyboard.press('m');
  st = await soundState(page);
  check('`m` unmutes (and its keydown started the sound)', !st.muted && st.gain === 1 && st.context !== 'none', JSON.stringify(st));
  await page.focus('#mute');
  await page.keyboard.press('Enter');
  check('Enter on the focused button mutes', (await soundState(page)).muted);
  await page.keyboard.press('Space');
  check('Space unmutes', !(await soundState(page)).muted);
});

test('a phone: the mute button can be tapped', async () => {
  const { page } = s;
  await page.setViewportSize({ width: 390, height: 844 });
  await simWait(page, 100);
  const box = await page.locator('#mute').boundingBox();
  check('the button is in the first screen, at least 44 px high', box && box.y + box.height <= 844 && box.height >= 44, JSON.stringify(box));
  await page.screenshot({ path: path.join(outDir, 'sound-390.png') });
  await page.$eval('#sound-list', (l) => l.scrollIntoView());
  await page.screenshot({ path: path.join(outDir, 'sound-reading-390.png') });
});

noPageErrors(s);
