// tests/web/chromium.mjs - Debian's Chromium (/usr/bin/chromium, or $CHROMIUM), headless,
// driven by playwright-core, which never downloads a browser: one launch for the browser
// tests and the bench, each in a fresh profile that close() removes; and for the node:test
// browser tests, the page their tests share (usePage) and their last test (noPageErrors).
import fs from 'node:fs';
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)),
  '../../sim/web/package.json'));
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// requireChromium(): throws, saying how to install it, when Debian's Chromium is missing.
export function requireChromium() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no ${CHROMIUM} (sh .ci/install-deps.sh installs Debian's chromium)`);
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

// check(name, ok, detail): one named condition of a test, with what was seen if it fails.
export const check = (name, ok, detail = '') => assert.ok(ok, `${name}${detail !== '' ? `: ${detail}` : ''}`);

// usePage(url, options, setup, local): the page a test file's tests share, in order.
// Before them: Chromium launched (options to launchChromium), page errors, console errors
// and every request whose URL `local` does not match kept, `await setup(page, context)`,
// then the page opened; after them, closed. Returns { page, context, errors, requests }.
export function usePage(url, options = {}, setup = async () => {}, local = /^(file|data):/) {
  const s = { page: null, context: null, errors: [], requests: [] };
  let close = null;
  before(async () => {
    requireChromium();
    ({ context: s.context, close } = await launchChromium(options));
    s.context.on('request', (r) => { if (!local.test(r.url())) s.requests.push(r.url()); });
    s.page = s.context.pages()[0] || await s.context.newPage();
    watchErrors(s, s.page, '');
    await setup(s.page, s.context);
    await s.page.goto(url);
  });
  after(async () => { if (close) await close(); });
  return s;
}

// watchErrors(s, page, tag): the page's errors into s.errors (tagged, for a second page).
export function watchErrors(s, page, tag) {
  page.on('pageerror', (e) => s.errors.push(`page error${tag}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') s.errors.push(`console error${tag}: ${m.text()}`); });
}

// The last test of a file using usePage: no page error and no network request in any.
export function noPageErrors(s) {
  test('no page error, no console error, no network request', () => {
    assert.deepEqual(s.errors, []);
    assert.deepEqual(s.requests, []);
  });
}
