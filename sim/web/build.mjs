// sim/web/build.mjs - `make web`: bundles the avr8js shield with esbuild into
//   OUT/ttt-sim-js   one Node script (ttt-sim's twin), executable
//   OUT/ttt-flash-js the page's flasher (stk500.js) on a serial port, executable
//   OUT/shield.mjs   the model as an ES module, for the tests
//   OUT/index.html   the page: one self-contained file, script, style and the firmware
//                    (Intel HEX) inline; no network access, opens from file://
// The board model (MODEL.wasm, sim/board_wasm.c) goes into all three as base64.
// `import X from 'board-NAME'` reads GEN_DIR/NAME.json, a table the firmware's C exports
// (build/gen: pins from print_pins, menu and legend from print_menu, sounds from
// print_sounds, serial, leds and timings from print_facts, piezo from tests/sim/piezo.py); the LEDs' colours come from
// schematics/parts.json. PAGE.html is src/page.html with its facts filled in
// (tests/docs/facts.py fill).
// Usage: node build.mjs GEN_DIR FIRMWARE.hex OUT_DIR MODEL.wasm PAGE.html
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const [genDir, hexPath, outDir, wasmPath, pagePath] = process.argv.slice(2);
if (!pagePath) {
  console.error('usage: node build.mjs GEN_DIR FIRMWARE.hex OUT_DIR MODEL.wasm PAGE.html');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
// `import MODEL_WASM from 'board-model-wasm'` gives the model's bytes (a Uint8Array)
const modelPlugin = {
  name: 'board-model-wasm',
  setup(b) {
    b.onResolve({ filter: /^board-model-wasm$/ }, () => ({ path: path.resolve(wasmPath) }));
  },
};
// `import MENU from 'board-menu'` and the like: the tables generated from the firmware's
const tablesPlugin = {
  name: 'board-tables',
  setup(b) {
    b.onResolve({ filter: /^board-[a-z]+$/ }, (args) => {
      const file = path.resolve(genDir, `${args.path.slice('board-'.length)}.json`);
      if (!fs.existsSync(file)) return { errors: [{ text: `${file}: no such table (make all builds it)` }] };
      return { path: file };
    });
  },
};
// `import PARTS from 'shield-parts'` reads the shield's part table (the LED's dies: the
// page's LED colours)
const partsPlugin = {
  name: 'shield-parts',
  setup(b) {
    b.onResolve({ filter: /^shield-parts$/ }, () => ({ path: path.join(here, '../../schematics/parts.json') }));
  },
};
const common = {
  bundle: true, plugins: [modelPlugin, tablesPlugin, partsPlugin], loader: { '.wasm': 'binary' },
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
let html = fs.readFileSync(pagePath, 'utf8');
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
