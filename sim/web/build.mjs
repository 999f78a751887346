// sim/web/build.mjs - `make web`: bundles the avr8js shield with esbuild into
//   OUT/ttt-sim-js   one Node script (ttt-sim's twin), executable
//   OUT/ttt-flash-js the page's flasher (stk500.js) on a serial port, executable
//   OUT/shield.mjs   the model as an ES module, for the tests
//   OUT/index.html   the page: one self-contained file, script, style and the firmware
//                    (Intel HEX) inline; no network access, opens from file://
// The board model (MODEL.wasm, sim/board_wasm.c) goes into all three as base64.
// The menu's labels come from MENU.json (firmware/game/print_menu.c), the sounds' from
// SOUNDS.json (firmware/app/print_sounds.c), the sounder's response from PIEZO.json
// (tests/sim/piezo.py json: schematics/parts.json's figures).
// Usage: node build.mjs PINS.json FIRMWARE.hex OUT_DIR MODEL.wasm MENU.json SOUNDS.json PIEZO.json
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const [pinsPath, hexPath, outDir, wasmPath, menuPath, soundsPath, piezoPath] = process.argv.slice(2);
if (!piezoPath) {
  console.error('usage: node build.mjs PINS.json FIRMWARE.hex OUT_DIR MODEL.wasm MENU.json SOUNDS.json PIEZO.json');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
// `import PINS from 'board-pins'` reads the pin map generated from the board header
const pinsPlugin = {
  name: 'board-pins',
  setup(b) {
    b.onResolve({ filter: /^board-pins$/ }, () => ({ path: path.resolve(pinsPath) }));
  },
};
// `import MENU from 'board-menu'` reads the menu table generated from the firmware's
const menuPlugin = {
  name: 'board-menu',
  setup(b) {
    b.onResolve({ filter: /^board-menu$/ }, () => ({ path: path.resolve(menuPath) }));
  },
};
// `import SOUNDS from 'board-sounds'` reads the sound table generated from the firmware's
const soundsPlugin = {
  name: 'board-sounds',
  setup(b) {
    b.onResolve({ filter: /^board-sounds$/ }, () => ({ path: path.resolve(soundsPath) }));
  },
};
// `import PIEZO from 'board-piezo'` reads the sounder's figures, generated from parts.json
const piezoPlugin = {
  name: 'board-piezo',
  setup(b) {
    b.onResolve({ filter: /^board-piezo$/ }, () => ({ path: path.resolve(piezoPath) }));
  },
};
// `import MODEL_WASM from 'board-model-wasm'` gives the model's bytes (a Uint8Array)
const modelPlugin = {
  name: 'board-model-wasm',
  setup(b) {
    b.onResolve({ filter: /^board-model-wasm$/ }, () => ({ path: path.resolve(wasmPath) }));
  },
};
const common = {
  bundle: true, plugins: [pinsPlugin, menuPlugin, soundsPlugin, piezoPlugin, modelPlugin], loader: { '.wasm': 'binary' },
  logLevel: 'warning', legalComments: 'none',
};

await esbuild.build({
  ...common, entryPoints: [path.join(here, 'src/cli.js')], platform: 'node', format: 'cjs',
  target: 'node18', outfile: path.join(outDir, 'ttt-sim-js'),
  banner: { js: '#!/usr/bin/env node' },
});
fs.chmodSync(path.join(outDir, 'ttt-sim-js'), 0o755);

await esbuild.build({
  ...common, entryPoints: [path.join(here, 'src/flash-cli.js')], platform: 'node', format: 'cjs',
  target: 'node18', outfile: path.join(outDir, 'ttt-flash-js'),
  banner: { js: '#!/usr/bin/env node' },
});
fs.chmodSync(path.join(outDir, 'ttt-flash-js'), 0o755);

await esbuild.build({
  ...common, entryPoints: [path.join(here, 'src/model.js')], platform: 'neutral', format: 'esm',
  target: 'es2020', outfile: path.join(outDir, 'shield.mjs'), mainFields: ['module', 'main'],
});

const page = await esbuild.build({
  ...common, entryPoints: [path.join(here, 'src/page.js')], platform: 'browser', format: 'iife',
  target: 'es2020', minify: true, write: false,
});
const js = page.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
const css = fs.readFileSync(path.join(here, 'src/page.css'), 'utf8');
const hex = fs.readFileSync(hexPath, 'utf8').trim();
if (!/^(:[0-9A-Fa-f]+\r?\n?)+$/.test(hex)) throw new Error(`${hexPath}: not Intel HEX`);
let html = fs.readFileSync(path.join(here, 'src/page.html'), 'utf8');
const put = (marker, text) => {
  if (!html.includes(marker)) throw new Error(`page.html has no ${marker}`);
  html = html.split(marker).join(text);
};
put('/*@STYLE@*/', css);
put('@FIRMWARE@', hex);
put('@FIRMWARE_NAME@', path.basename(hexPath));
put('/*@SCRIPT@*/', js);
fs.writeFileSync(path.join(outDir, 'index.html'), html);
console.log(`web: ${path.join(outDir, 'index.html')} ${html.length} bytes, ${path.join(outDir, 'ttt-sim-js')}`);
