// tests/web/bundle.mjs - a module of the page's sources (sim/web/src, CommonJS to Node by
// their package.json) bundled as the page bundles them (esbuild) into one ES module, for
// the tests of their pure parts in Node: bundle("export * from './wav.js';").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sim/web');

export async function bundle(contents) {
  const esbuild = createRequire(path.join(WEB, 'package.json'))('esbuild');
  const out = await esbuild.build({
    stdin: { contents, resolveDir: path.join(WEB, 'src') },
    bundle: true, format: 'esm', write: false, logLevel: 'silent',
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-')), 'module.mjs');
  fs.writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}
