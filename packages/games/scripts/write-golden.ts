/**
 * Writes src/__golden__/rounds.json: one round of every game from a fixed seed
 * (sha256("golden:<id>")), with the default settings and the game's sample bets. The file is
 * both the golden values of games.test.ts and worked examples for outside verifiers.
 * Run only when a rule change is intended: `npx tsx packages/games/scripts/write-golden.ts`.
 */
import { writeFileSync } from 'node:fs';
import { FairStream, GAMES, seedHash, sha256, toHex } from '../src/index';

const rounds = GAMES.map((g) => {
  const seed = toHex(sha256(new TextEncoder().encode(`golden:${g.id}`)));
  const bets = g.sampleBets(g.defaults, new FairStream(seed, g.id));
  const { result, payouts } = g.play(g.defaults, seed, bets);
  return { game: g.id, settings: g.defaults, seedHash: seedHash(seed), seed, bets, result, payouts };
});
writeFileSync(new URL('../src/__golden__/rounds.json', import.meta.url), `${JSON.stringify(rounds, null, 1)}\n`);
console.log(`${rounds.length} rounds`);
