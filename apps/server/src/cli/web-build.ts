/**
 * The web app's build (Vite), made only when what it is built from changed: `npm start`,
 * `npm run build:web` and the browser tests call it. A build is stamped with a hash of its
 * sources (apps/web, packages/*\/src, the lock file) and of the variables the build reads
 * (CONSOLE_OPTIONAL_MODULES, VITE_API_BASE, VITE_MOCK); the same hash next time skips it.
 *
 * Vite writes into `<outDir>.next` and the finished build then takes the place of the old one,
 * so a server serving `outDir` meanwhile (npm start builds while the database opens) keeps
 * answering the old build, or its "being built" page, and never a half-written one.
 *
 * CLI: `tsx apps/server/src/cli/web-build.ts [--force] [--out-dir DIR]`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashTree, packageSources, REPO_ROOT } from '../source-tree';

export { REPO_ROOT };
export const DEFAULT_WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const STAMP = '.build-stamp';
/** The variables vite.config.ts and the web app read at build time. */
const BUILD_ENV = ['CONSOLE_OPTIONAL_MODULES', 'VITE_API_BASE', 'VITE_MOCK'] as const;

/** The hash a build of the current sources, with these variables, is stamped with. */
export function webSourceHash(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(BUILD_ENV.map((name) => [name, env[name] ?? ''])));
  for (const dir of ['apps/web', ...packageSources()]) hashTree(hash, dir);
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    const path = join(REPO_ROOT, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 20);
}

export function webBuildIsCurrent(outDir = DEFAULT_WEB_DIST, env: NodeJS.ProcessEnv = process.env): boolean {
  const stamp = join(outDir, STAMP);
  return existsSync(join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === webSourceHash(env);
}

export interface WebBuild {
  /** False: the build on disk was current and was kept. */
  built: boolean;
  ms: number;
  outDir: string;
}

/**
 * Builds the web app into `outDir` unless the build there is current (or `force`). Vite's own
 * output goes to `onOutput` (default: nothing; a failed build throws with it).
 */
export async function buildWeb(o: { outDir?: string; force?: boolean; env?: NodeJS.ProcessEnv; onOutput?: (text: string) => void } = {}): Promise<WebBuild> {
  const started = performance.now();
  const outDir = resolve(o.outDir ?? DEFAULT_WEB_DIST);
  const env = o.env ?? process.env;
  const hash = webSourceHash(env);
  if (!o.force && webBuildIsCurrent(outDir, env)) return { built: false, ms: performance.now() - started, outDir };
  const next = `${outDir}.next`;
  rmSync(next, { recursive: true, force: true });
  let output = '';
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        join(REPO_ROOT, 'apps/web/vite.config.ts'),
        '--outDir',
        next,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const take = (chunk: Buffer) => {
      const text = String(chunk);
      output += text;
      o.onOutput?.(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', fail);
    child.on('close', done);
  });
  if (code !== 0 || !existsSync(join(next, 'index.html'))) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`the web build failed (vite exited with ${code}):\n${output.trim()}`);
  }
  writeFileSync(join(next, STAMP), hash + '\n');
  // the old build goes aside first: a rename over a non-empty directory is refused
  const old = `${outDir}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(next, outDir);
  rmSync(old, { recursive: true, force: true });
  return { built: true, ms: performance.now() - started, outDir };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out-dir');
  const outDir = at >= 0 ? args[at + 1] : undefined;
  try {
    const r = await buildWeb({ force: args.includes('--force'), outDir, onOutput: (t) => process.stderr.write(t) });
    console.log(
      r.built
        ? `web app built in ${(r.ms / 1000).toFixed(1)} s (${r.outDir})`
        : `web app up to date (${r.outDir}; its sources have not changed; --force rebuilds)`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
