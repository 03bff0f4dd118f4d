/**
 * Hashes of the repository's source trees, for the caches that are good only while the sources
 * they were made from are unchanged: the web build's stamp (cli/web-build.ts), the unit tests'
 * demo snapshot (test/demo-snapshot.ts) and the browser tests' shared seeds (e2e/harness.ts).
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Adds every file under `dir` (a path from the repository's root) whose name `keep` accepts to
 * `hash`: its path and its bytes, in name order. Tests, node_modules, builds (dist, dist.*) and
 * dot-files are left out: none of them changes what is made from the tree.
 */
export function hashTree(hash: Hash, dir: string, keep: (name: string) => boolean = () => true): void {
  const walk = (relative: string) => {
    const path = join(REPO_ROOT, relative);
    if (!existsSync(path)) return;
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('dist.') || entry.name.startsWith('.')) continue;
      const child = join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (!/\.test\.tsx?$/.test(entry.name) && keep(entry.name))
        hash
          .update(child)
          .update('\0')
          .update(readFileSync(join(REPO_ROOT, child)))
          .update('\0');
    }
  };
  walk(dir);
}

/** `packages/<name>/src` of every package, in name order. */
export const packageSources = (): string[] =>
  readdirSync(join(REPO_ROOT, 'packages'))
    .sort()
    .map((name) => join('packages', name, 'src'));

let server: string | undefined;
/** The server's and the packages' code, migrations and data files: what a demo seed is made by. */
export function serverSourcesHash(): string {
  if (server) return server;
  const hash = createHash('sha256');
  for (const dir of ['apps/server/src', ...packageSources()]) hashTree(hash, dir, (name) => /\.(ts|sql|json)$/.test(name));
  return (server = hash.digest('hex').slice(0, 16));
}
