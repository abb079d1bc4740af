// Trunk post-build hook (Trunk.toml): finishes the build in Trunk's staging directory.
//  1. The Content-Security-Policy: Trunk writes one inline module script to start the wasm; its
//     SHA-256 is the only inline script the policy allows (no 'unsafe-inline', no eval).
//  2. The service worker: the list of every file of the build, and a version that is a hash of
//     all their contents (a new build = a new cache, and the "new version" prompt).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run me from Trunk');

const indexPath = path.join(dir, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');
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
