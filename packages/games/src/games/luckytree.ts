/** Lucky Tree: a money-tree slot with three lines (the rows); the tree is wild. */
import type { SlotMachine } from '../slots';
import { defineSlot } from '../slot-game';

export const luckyTreeMachine: SlotMachine = {
  wild: 'tree',
  pays: {
    tree: { 2: 10, 3: 250 },
    ingot: { 3: 88 },
    coin: { 3: 38 },
    lantern: { 3: 18 },
    knot: { 3: 12 },
    peach: { 2: 2, 3: 8 },
  },
  reels: [
    ['peach', 'knot', 'lantern', 'peach', 'coin', 'knot', 'peach', 'ingot', 'lantern', 'knot', 'tree', 'peach', 'coin', 'lantern', 'knot', 'peach', 'lantern'],
    ['knot', 'peach', 'coin', 'lantern', 'peach', 'knot', 'ingot', 'peach', 'lantern', 'tree', 'knot', 'coin', 'peach', 'lantern', 'knot', 'peach', 'lantern'],
    ['lantern', 'peach', 'knot', 'coin', 'lantern', 'peach', 'knot', 'ingot', 'peach', 'lantern', 'tree', 'knot', 'peach', 'coin', 'lantern', 'knot', 'peach'],
  ],
  lines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
  ],
  // Blanks per reel found by a search over 0…40 for the exact RTP nearest each profile (README).
  profiles: { 94: [1, 3, 9], 95: [3, 8, 0], 96: [0, 0, 17], 97: [0, 1, 14] },
  defaultProfile: '96',
};

export const luckytree = defineSlot(
  'luckytree',
  { en: 'Lucky Tree', zh: '幸运树' },
  luckyTreeMachine,
  'Three reels, three rows, three lines (the rows) paying left to right; the tree is wild. RTP profiles 94–97%.',
);
