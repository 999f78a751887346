// tests/web/inputs.mjs - a test's inputs: `node --test` hands a test file no arguments,
// so tests/web/web.mk passes them in the environment (NAME=path); a missing one fails
// with its name.
export function inputs(...names) {
  const missing = names.filter((n) => !process.env[n]);
  if (missing.length) throw new Error(`set ${missing.join(', ')} (tests/web/web.mk does)`);
  return names.map((n) => process.env[n]);
}
