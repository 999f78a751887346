// tests/web/web_bench.mjs - `make bench`'s figures for the page: its size, and how fast
// the avr8js board runs in a browser: Debian's headless Chromium (playwright-core) runs
// the model (build/web/shield.mjs, the same code the page bundles) with the firmware,
// unpaced from power-on, SECONDS simulated seconds with a tap on a cell each second. The speed is
// simulated time over wall-clock time, so it varies with the machine: a figure, never a
// failure.
// Usage: node web_bench.mjs INDEX.html SHIELD.mjs FIRMWARE.hex [SECONDS]
import fs from 'node:fs';
import { launchChromium } from './chromium.mjs';

const [pagePath, modelPath, hexPath, secondsArg] = process.argv.slice(2);
if (!hexPath) {
  console.error('usage: node web_bench.mjs INDEX.html SHIELD.mjs FIRMWARE.hex [SECONDS]');
  process.exit(2);
}
const seconds = Number(secondsArg || 30);
const ORIGIN = 'http://bench.invalid';

const { context, close } = await launchChromium();
let result;
try {
  const page = context.pages()[0] || await context.newPage();
  // the model served from memory under a made-up origin (a module cannot be imported
  // from file://, and the page's own policy admits no script from outside it); nothing
  // goes to the network
  await page.route(`${ORIGIN}/**`, (route) => {
    const name = new URL(route.request().url()).pathname;
    if (name === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' });
    if (name === '/shield.mjs') return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(modelPath) });
    return route.abort();
  });
  await page.goto(`${ORIGIN}/`);
  result = await page.evaluate(async ([hex, s]) => {
    const { Shield, PINS, parseHex, PRESS_MS, F_CPU } = await import('/shield.mjs');
    const board = new Shield(parseHex(hex).flash, { pins: PINS });
    const t0 = performance.now();
    for (let i = 0; i < s; i++) { // a tap each simulated second
      board.setKeys(1 << (i % 9));
      board.runMs(PRESS_MS);
      board.setKeys(0);
      board.runMs(1000 - PRESS_MS);
    }
    const wallMs = performance.now() - t0;
    return { wallMs, simMs: board.now() / (F_CPU / 1000), crashed: board.status.crashed };
  }, [fs.readFileSync(hexPath, 'utf8'), seconds]);
} finally {
  await close();
}
if (result.crashed) {
  console.log('web_bench: FAILED: the firmware stopped on the avr8js board');
  process.exit(1);
}
console.log(`web_page_bytes ${fs.statSync(pagePath).size}`);
console.log(`web_speed_x_wallclock ${(result.simMs / result.wallMs).toFixed(1)}`);
