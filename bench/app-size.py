#!/usr/bin/env python3
"""Where the app's wasm goes (issue 48): the built app, optimized as the release build is but with
its function names kept, grouped by crate and by module, as shares of the code and data.

    python3 bench/app-size.py [path/to/app_bg.wasm]
    python3 bench/app-size.py --worker [path/to/worker_bg.wasm]

With --worker, the engine worker instead (target/wasm-bindgen/release/worker_bg.wasm; shipped at
-O3 as index.html has Trunk optimize it; the relaxed-SIMD build's code is the same but for its
shuffles). Its items are read before wasm-opt: at -O3 wasm-opt inlines whole call trees into
one caller, whose name then stands for code that is not its own.

Reads the wasm-bindgen output of the last `trunk build --release` (target/wasm-bindgen/release/
app_bg.wasm, names still in), runs wasm-opt -Oz over it with --debuginfo (so the names survive the
same optimization the shipped file gets), then `twiggy top` (`cargo install twiggy`: a profiling
tool, not a dependency of the product; this script is not part of CI). Shares are of the file
without its names section; the shipped file's gzipped size is printed for scale."""
import collections, csv, gzip, io, re, subprocess, sys, tempfile
from pathlib import Path

root = Path(__file__).resolve().parent.parent
args = sys.argv[1:]
worker = '--worker' in args
args = [a for a in args if a != '--worker']
level = '-O3' if worker else '-Oz'
source = Path(args[0]) if args else root / f"target/wasm-bindgen/release/{'worker' if worker else 'app'}_bg.wasm"
features = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
            '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', '--enable-simd']
with tempfile.TemporaryDirectory() as tmp:
    named = Path(tmp) / 'named.wasm'
    subprocess.run([str(root / 'node_modules/.bin/wasm-opt'), level, '--debuginfo', *features, str(source), '-o', str(named)], check=True)
    stripped = Path(tmp) / 'stripped.wasm'
    subprocess.run([str(root / 'node_modules/.bin/wasm-opt'), level, '--strip-debug', '--strip-producers', *features, str(source), '-o', str(stripped)], check=True)
    shipped = stripped.read_bytes()
    shipped_gz = len(gzip.compress(shipped, 9))
    table = subprocess.run(['twiggy', 'top', '-n', '1000000', '-f', 'csv', str(source if worker else named)], check=True, capture_output=True, text=True).stdout

CRATES = r'(inkdoku_\w+|tachys|leptos\w*|reactive_graph|serde_json|serde_core|serde|core|alloc|std|wasm_bindgen\w*|js_sys|web_sys|futures\w*|hashbrown|dlmalloc|lz_str|getrandom|rand\w*|console_error_panic_hook)::'
# Modules split one level further, where one module holds several concerns.
SPLIT = {'format', 'variant', 'components', 'controller', 'together', 'lang', 'services', 'techniques', 'solver'}
crates, modules, items, total = collections.Counter(), collections.Counter(), [], 0
for row in csv.DictReader(io.StringIO(table)):
    # The nightly build's symbols are v0-mangled: `crate[hash]::path`; the hashes go.
    name, size = re.sub(r'\[[0-9a-f]+\]', '', row['Name']), int(row['ShallowSize'])
    if 'function names' in name or name.startswith('Σ') or name.startswith('...'):
        continue
    total += size
    items.append((size, name))
    crate = re.search(CRATES, name)
    crates[crate.group(1) if crate else ('data (strings, tables)' if 'data segment' in name else 'other (glue, types, tables)')] += size
    module = re.search(r'inkdoku_(\w+)::(\w+)(?:::(\w+))?', name)
    if module:
        top, sub = module.group(2), module.group(3)
        modules[f'{module.group(1)}::{top}' + (f'::{sub}' if top in SPLIT and sub and sub != '_' else '')] += size

print(f"shipped {'worker' if worker else 'app'} wasm: {len(shipped):,} bytes, {shipped_gz:,} gzipped; shares below are of {total:,} bytes of code and data")
print('\nby crate')
for name, size in crates.most_common(16):
    print(f'{size:9,} {100 * size / total:5.1f} %  {name}')
print('\nby module of ours')
for name, size in modules.most_common(25):
    print(f'{size:9,} {100 * size / total:5.1f} %  {name}')
print('\nthe twenty largest items')
for size, name in sorted(items, reverse=True)[:20]:
    print(f'{size:9,} {100 * size / total:5.1f} %  {name[:110]}')
