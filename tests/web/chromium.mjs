// tests/web/chromium.mjs - Debian's Chromium (/usr/bin/chromium, or $CHROMIUM), headless,
// driven by playwright-core, which never downloads a browser: one launch for the browser
// tests and the bench, each in a fresh profile that close() removes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)),
  '../../sim/web/package.json'));
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// requireChromium(tag): a test's failure line and exit when Debian's Chromium is missing.
export function requireChromium(tag) {
  if (fs.existsSync(CHROMIUM)) return;
  console.log(`${tag}: FAILED: no ${CHROMIUM} (sh .ci/install-deps.sh installs Debian's chromium)`);
  process.exit(1);
}

// launchChromium(options): { context, close }; options go to launchPersistentContext
// (viewport, hasTouch, acceptDownloads, ...).
export async function launchChromium(options = {}) {
  const { chromium } = require('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ttt-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
      '--disable-default-apps', '--disable-extensions'],
    ...options,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

// A test's checks: check(name, ok, detail) counts one and keeps its failure; the test
// prints `problems` (or `count` checks passed) at the end.
export function checker() {
  const c = { problems: [], count: 0 };
  c.check = (name, ok, detail = '') => {
    c.count++;
    if (!ok) c.problems.push(`${name}${detail ? `: ${detail}` : ''}`);
    return ok;
  };
  return c;
}
