// Trunk post-build hook (Trunk.toml): finishes the build in Trunk's staging directory.
//  0. A release build's scripts that load before the first puzzle, minified by terser (Trunk
//     minifies the page, the style and the worker's script, not wasm-bindgen's app.js nor copied
//     files): app.js 11.7 -> 9.2 KB gzipped, compat.js 2.0 -> 1.2, crash.js 1.0 -> 0.6 (issue
//     48, stop 63). app.js's Subresource Integrity hash in index.html is made again to match.
//  1. The Content-Security-Policy: Trunk writes one inline module script to start the wasm; its
//     SHA-256 is the only inline script the policy allows (no 'unsafe-inline', no eval).
//  2. The service worker: the list of every file of the build, and a version that is a hash of
//     all their contents (a new build = a new cache, and the "new version" prompt).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { minify } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run me from Trunk');

const indexPath = path.join(dir, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');

if (process.env.TRUNK_PROFILE === 'release') {
  const loadedFirst = fs.readdirSync(dir).filter((f) => /^app-[0-9a-f]+\.js$/.test(f) || f === 'compat.js' || f === 'crash.js');
  if (!loadedFirst.some((f) => f.startsWith('app-'))) throw new Error('no app-*.js to minify');
  for (const name of loadedFirst) {
    const file = path.join(dir, name);
    const module = name.startsWith('app-');
    const { code } = await minify(fs.readFileSync(file, 'utf8'), { module, compress: true, mangle: true });
    fs.writeFileSync(file, code);
    // Trunk's integrity attribute for the file (the module preload's), for its new content.
    const sri = `sha384-${crypto.createHash('sha384').update(code, 'utf8').digest('base64')}`;
    const at = new RegExp(`(href="?\\.?/?${name.replace('.', '\\.')}"?[^>]*integrity="?)sha384-[A-Za-z0-9+/=]+`, 'g');
    html = html.replace(at, `$1${sri}`);
  }
}
const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const hashes = scripts.map((s) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`);
if (!html.includes('__SCRIPT_HASHES__')) throw new Error('index.html lost its CSP placeholder');
html = html.replace('__SCRIPT_HASHES__', hashes.join(' '));
fs.writeFileSync(indexPath, html);

const files = [];
(function walk(d) {
  for (const f of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, f.name);
    if (f.isDirectory()) walk(p);
    else if (f.name !== 'sw.js') files.push(path.relative(dir, p).split(path.sep).join('/'));
  }
})(dir);
files.sort();
const hash = crypto.createHash('sha256');
for (const f of files) hash.update(f).update(fs.readFileSync(path.join(dir, f)));
const version = hash.digest('hex').slice(0, 16);
const swPath = path.join(dir, 'sw.js');
const sw = fs.readFileSync(swPath, 'utf8')
  .replace('__VERSION__', version)
  .replace('__FILES__', JSON.stringify(['./', ...files.map((f) => `./${f}`)]));
fs.writeFileSync(swPath, sw);
console.log(`post-build: ${scripts.length} inline script(s) hashed into the CSP; sw.js caches ${files.length} files as ${version}`);
