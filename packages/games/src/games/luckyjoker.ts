/** Lucky Joker: a classic three-reel fruit machine, five lines, the joker is wild. */
import type { SlotMachine } from '../slots';
import { defineSlot } from '../slot-game';

export const luckyJokerMachine: SlotMachine = {
  wild: 'joker',
  pays: {
    joker: { 2: 10, 3: 200 }, seven: { 3: 80 }, bar: { 3: 40 }, bell: { 3: 25 }, plum: { 3: 15 }, lemon: { 3: 12 }, cherry: { 2: 3, 3: 10 },
  },
  reels: [
    ['cherry', 'lemon', 'bar', 'plum', 'bell', 'cherry', 'seven', 'lemon', 'plum', 'joker', 'bell', 'cherry', 'bar', 'lemon', 'plum', 'cherry', 'bell', 'seven', 'plum', 'lemon', 'bar'],
    ['lemon', 'bell', 'cherry', 'bar', 'plum', 'seven', 'lemon', 'cherry', 'bell', 'plum', 'joker', 'lemon', 'bar', 'cherry', 'plum', 'bell', 'lemon', 'seven', 'cherry', 'plum', 'bar'],
    ['plum', 'cherry', 'bell', 'lemon', 'bar', 'seven', 'plum', 'cherry', 'lemon', 'bell', 'joker', 'plum', 'bar', 'lemon', 'cherry', 'bell', 'plum', 'seven', 'lemon', 'cherry', 'bar'],
  ],
  lines: [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]],
  // Blanks per reel found by a search over 0…40 for the exact RTP nearest each profile (README).
  profiles: { 94: [2, 2, 4], 95: [0, 4, 4], 96: [3, 4, 0], 97: [1, 4, 2] },
  defaultProfile: '96',
};

export const luckyjoker = defineSlot('luckyjoker', { en: 'Lucky Joker', zh: '幸运小丑' }, luckyJokerMachine,
  'Three reels, three rows, five lines paying left to right; the joker is wild and pays on its own for two or three. The operator picks an RTP profile of 94–97%.');
