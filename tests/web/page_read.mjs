// tests/web/page_read.mjs - reading and driving the page (build/web/index.html) from a
// Playwright page, for the browser tests: the decoded picture, the console's lines, waits
// in simulated time, a console command.

export const picture = (page) => page.getAttribute('#board', 'data-picture');
export const logLines = (page) => page.$$eval('#log div', (ds) => ds.map((d) => d.className + ' ' + d.textContent));
export const rxLines = async (page) => (await logLines(page)).filter((l) => l.startsWith('rx ')).map((l) => l.slice(3));

// Waits count simulated time (the page's clock), so a slow machine only makes the test
// slower; a generous wall-clock guard catches a page that stopped altogether.
export const simMs = async (page) => Number(await page.getAttribute('#board', 'data-sim-ms'));
export async function waitFor(page, what, pred, ms) {
  const end = (await simMs(page)) + ms;
  const guard = Date.now() + 60000 + 20 * ms;
  for (;;) {
    const v = await pred();
    if (v) return v;
    if ((await simMs(page)) > end || Date.now() > guard)
      throw new Error(`${what}: not within ${ms} simulated ms (picture ${await picture(page)})`);
    await page.waitForTimeout(50);
  }
}
// let `ms` of simulated time pass
export async function simWait(page, ms) {
  const end = (await simMs(page)) + ms;
  const guard = Date.now() + 60000 + 20 * ms;
  while ((await simMs(page)) < end && Date.now() < guard) await page.waitForTimeout(20);
}
export const waitLine = (page, what, re, from, ms = 5000) =>
  waitFor(page, what, async () => (await rxLines(page)).slice(from).find((l) => re.test(l)), ms);

// a console line, typed in the input line; Escape then leaves it, so keys play again
export async function command(page, text) {
  await page.fill('#line', text);
  await page.press('#line', 'Enter');
  await page.press('#line', 'Escape');
}

