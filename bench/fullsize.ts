/**
 * The full-size checks that `npm test` runs smaller (CI within its budget). Each is
 * a test file of the unit suite run again here with its size variables at full size; the file
 * itself says what `npm test` runs and points here. `tsx bench/fullsize.ts` runs them alone;
 * `npm run bench` runs them after the newcomer's figures. BENCH_FULLSIZE=0 skips them.
 */
import { spawn } from 'node:child_process';

export interface FullSizeCheck {
  file: string;
  what: string;
  env: Record<string, string>;
}

export const FULL_SIZE_CHECKS: FullSizeCheck[] = [
  {
    file: 'packages/games/src/rtp.test.ts',
    what: 'simulated RTP of every house game over 1,000,000 rounds, 20,000 through the provably-fair path',
    env: { RTP_ROUNDS: '1000000', RTP_FAIR_ROUNDS: '20000' },
  },
];

export interface FullSizeResult {
  file: string;
  what: string;
  passed: boolean;
  tests: string;
  seconds: number;
}

function runCheck(check: FullSizeCheck): Promise<FullSizeResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', '--project', 'unit-isolated', check.file], {
      env: { ...process.env, ...check.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      // eslint-disable-next-line no-control-regex -- the terminal colours of vitest's output
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const tests = /Tests\s+(.+)/.exec(plain)?.[1]?.trim() ?? '?';
      if (code !== 0) console.log(plain);
      resolve({ file: check.file, what: check.what, passed: code === 0, tests, seconds: Math.round((performance.now() - started) / 100) / 10 });
    });
  });
}

export async function fullSizeBench(): Promise<FullSizeResult[]> {
  const results: FullSizeResult[] = [];
  for (const check of FULL_SIZE_CHECKS) results.push(await runCheck(check));
  return results;
}

export function fullSizeSummary(results: FullSizeResult[]): string[] {
  return [
    'full-size checks (run smaller in npm test; bench/fullsize.ts):',
    ...results.map((r) => `  ${r.passed ? 'passed' : 'FAILED'}  ${r.file}: ${r.what}; ${r.tests}, ${r.seconds} s`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await fullSizeBench();
  console.log(fullSizeSummary(results).join('\n'));
  if (results.some((r) => !r.passed)) process.exitCode = 1;
}
