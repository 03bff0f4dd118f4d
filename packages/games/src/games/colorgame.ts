/**
 * Color Game (perya): three dice with six colours. A single-colour bet pays 1:1, 2:1 or 3:1
 * when its colour shows on 1, 2 or 3 dice (RTP 199/216 = 92.13%); a two-colour combo pays
 * 5:1 when both colours show (RTP 30·6/216 = 83.33%).
 * Stream: die 1, 2, 3 = COLOURS[int(6)] each, in that order.
 */
import { z } from 'zod';
import { defineGame, GameRuleError } from '../define';
import { mulDiv } from '../money';
import { amount, baseSettings, checkBetLimits, seat, whole } from '../settings';

export const COLOURS = ['yellow', 'white', 'pink', 'blue', 'red', 'green'] as const;
const colour = z.enum(COLOURS, { message: `Must be one of ${COLOURS.join(', ')}` });

const settings = z
  .strictObject({
    ...baseSettings,
    /** Odds paid (x:1) when the colour shows on 1, 2, 3 dice. */
    singlePays: z.tuple([whole(0, 20), whole(0, 20), whole(0, 20)]).default([1, 2, 3]),
    /** Odds (x:1) of a two-colour combo when both show. */
    comboPays: whole(0, 20).default(5),
  })
  .superRefine((s, ctx) => {
    checkBetLimits(s, ctx);
    const r = rtps(s);
    if (r.single < 0.8 || r.single > 0.99)
      ctx.addIssue({ code: 'custom', path: ['singlePays'], message: `RTP ${(r.single * 100).toFixed(2)}% is outside 80%–99%` });
    if (r.combo < 0.75 || r.combo > 0.99)
      ctx.addIssue({ code: 'custom', path: ['comboPays'], message: `RTP ${(r.combo * 100).toFixed(2)}% is outside 75%–99%` });
  });
type Settings = z.infer<typeof settings>;

/** Of the 216 equally likely rolls: 125, 75, 15, 1 show a given colour 0, 1, 2, 3 times; 30 show two given colours. */
const SINGLE_WAYS = [125, 75, 15, 1];
const COMBO_WAYS = 30;

function rtps(s: { singlePays: number[]; comboPays: number }) {
  const single = SINGLE_WAYS.reduce((sum, w, k) => sum + (k === 0 ? 0 : w * (1 + s.singlePays[k - 1])), 0) / 216;
  const combo = (COMBO_WAYS * (1 + s.comboPays)) / 216;
  return { single, combo };
}

const bets = z
  .array(
    z.strictObject({
      seat,
      amount,
      /** One colour (single bet) or two different colours (combo). */
      colours: z.array(colour).min(1, { message: 'One or two colours' }).max(2, { message: 'One or two colours' }),
    }),
    { message: 'Expected array' },
  )
  .min(1, { message: 'At least one bet' })
  .max(500, { message: 'At most 500 bets' });

export const colorgame = defineGame({
  id: 'colorgame',
  name: { en: 'Color Game', zh: '颜色游戏' },
  kind: 'house',
  rules: 'Three dice of six colours. A colour pays 1:1, 2:1, 3:1 for one, two, three dice (92.13%); a two-colour combo pays 5:1 when both show (83.33%).',
  settings,
  bets,
  labels: {
    singlePays: { en: 'Odds for 1, 2, 3 dice (x:1)', zh: '1、2、3个骰子的赔率（x:1）' },
    comboPays: { en: 'Two-colour combo odds (x:1)', zh: '双色组合赔率（x:1）' },
  },
  resolve(s: Settings, rng, list) {
    const dice = [0, 1, 2].map(() => COLOURS[rng.int(6)]);
    return {
      result: { dice },
      payouts: list.map((b) => {
        if (b.colours.length === 2 && b.colours[0] === b.colours[1]) throw new GameRuleError('colours: A combo is two different colours');
        const shown = b.colours.map((c) => dice.filter((d) => d === c).length);
        let odds = -1;
        if (b.colours.length === 1 && shown[0] > 0) odds = s.singlePays[shown[0] - 1];
        if (b.colours.length === 2 && shown[0] > 0 && shown[1] > 0) odds = s.comboPays;
        return { seat: b.seat, bet: b.amount, win: odds < 0 ? 0 : mulDiv(b.amount, 1 + odds, 1), fee: 0, jackpot: 0 };
      }),
    };
  },
  rtp(s) {
    const r = rtps(s);
    const second = SINGLE_WAYS.reduce((sum, w, k) => sum + (k === 0 ? 0 : w * (1 + s.singlePays[k - 1]) ** 2), 0) / 216;
    return { rtp: r.single, sd: Math.sqrt(second - r.single ** 2), reference: 'a single-colour bet', byBet: { single: r.single, combo: r.combo }, exact: true };
  },
  sampleBets: (s) => [{ seat: 'p1', amount: Math.max(s.minBet, 100), colours: ['red' as const] }],
});
