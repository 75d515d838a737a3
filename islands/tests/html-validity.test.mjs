// Every generated page passes the W3C Nu Html Checker with no error. SITE_OUT names the
// folder a build wrote (scripts/test sets it); the checker runs on Java from vnu-jar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const out = process.env.SITE_OUT;
// The jar itself, run by the system's Java: the package's own launcher may download a JRE.
const vnu = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });
}

// Outside CI a developer may run the islands' tests alone; in CI a missing build is a failure.
const skip = !out && process.env.CI !== 'true' && 'SITE_OUT is not set (scripts/test sets it)';

/** What the checker says of `files`: its errors, one line each (`--format gnu`). */
function check(files) {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-Xss4m', '-jar', vnu, '--errors-only', '--format', 'gnu', ...files],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        // Errors in the pages make it exit 1 and are in its report; a checker that did not
        // run (no Java, killed) is a failure of its own, not a clean report.
        if (err && typeof err.code !== 'number') reject(err);
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}

test('every generated page is valid HTML', { skip }, async () => {
  assert.ok(out, 'SITE_OUT must name a generated site folder');
  const files = htmlFiles(out);
  assert.ok(files.length > 1000, `expected the whole demo build, found ${files.length} pages`);
  const list = join(out, '..', 'html-files.txt');
  writeFileSync(list, files.join('\n'));
  // One checker a core: it reads its files one after the other (106 s for the demo's 4,300
  // pages on one core of a CI machine).
  const parts = Math.max(1, Math.min(availableParallelism(), 4));
  const slices = Array.from({ length: parts }, (_, i) => files.filter((_, j) => j % parts === i));
  const report = (await Promise.all(slices.map(check))).join('\n');
  const errors = report.split('\n').filter((line) => line.includes('error:'));
  assert.equal(errors.length, 0, `${errors.length} HTML errors in ${files.length} pages, first ones:\n${errors.slice(0, 20).join('\n')}`);
});
