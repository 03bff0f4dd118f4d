/** Fruit Fever: three reels of fruit, eight lines (rows, diagonals and V shapes), the fever symbol is wild. */
import type { SlotMachine } from '../slots';
import { defineSlot } from '../slot-game';

export const fruitFeverMachine: SlotMachine = {
  wild: 'fever',
  pays: {
    fever: { 2: 8, 3: 150 }, watermelon: { 3: 60 }, grape: { 3: 30 }, orange: { 3: 18 }, plum: { 3: 12 }, cherry: { 2: 2, 3: 8 },
  },
  reels: [
    ['cherry', 'orange', 'plum', 'grape', 'cherry', 'watermelon', 'plum', 'orange', 'cherry', 'fever', 'grape', 'plum', 'orange', 'cherry', 'plum', 'grape', 'orange', 'cherry'],
    ['plum', 'cherry', 'orange', 'grape', 'plum', 'cherry', 'watermelon', 'orange', 'plum', 'grape', 'fever', 'cherry', 'orange', 'plum', 'grape', 'cherry', 'orange', 'plum'],
    ['orange', 'plum', 'cherry', 'grape', 'orange', 'plum', 'cherry', 'watermelon', 'grape', 'orange', 'fever', 'plum', 'cherry', 'orange', 'grape', 'plum', 'cherry', 'orange'],
  ],
  lines: [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0], [0, 1, 0], [2, 1, 2], [1, 0, 1]],
  // Blanks per reel found by a search over 0…40 for the exact RTP nearest each profile (README).
  profiles: { 94: [2, 5, 3], 95: [1, 5, 4], 96: [0, 7, 3], 97: [0, 0, 13] },
  defaultProfile: '96',
};

export const fruitfever = defineSlot('fruitfever', { en: 'Fruit Fever', zh: '水果狂热' }, fruitFeverMachine,
  'Three reels, three rows, eight lines (rows, diagonals, V shapes) paying left to right; fever is wild. RTP profiles 94–97%.');
