/** Tasty: a restaurant-themed three-reel slot, nine lines, the chef is wild. */
import type { SlotMachine } from '../slots';
import { defineSlot } from '../slot-game';

export const tastyMachine: SlotMachine = {
  wild: 'chef',
  pays: {
    chef: { 2: 10, 3: 200 }, lobster: { 3: 100 }, steak: { 3: 50 }, pizza: { 3: 30 }, burger: { 3: 18 }, noodles: { 3: 15 }, donut: { 2: 3, 3: 10 },
  },
  reels: [
    ['donut', 'burger', 'noodles', 'pizza', 'donut', 'steak', 'burger', 'noodles', 'donut', 'lobster', 'pizza', 'burger', 'chef', 'noodles', 'donut', 'steak', 'burger', 'pizza', 'noodles', 'donut'],
    ['burger', 'donut', 'pizza', 'noodles', 'steak', 'donut', 'burger', 'lobster', 'noodles', 'pizza', 'donut', 'chef', 'burger', 'noodles', 'steak', 'donut', 'pizza', 'burger', 'noodles', 'donut'],
    ['noodles', 'pizza', 'donut', 'burger', 'steak', 'noodles', 'donut', 'pizza', 'lobster', 'burger', 'noodles', 'donut', 'chef', 'pizza', 'burger', 'steak', 'noodles', 'donut', 'burger', 'pizza'],
  ],
  lines: [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0], [0, 1, 0], [2, 1, 2], [1, 0, 1], [1, 2, 1]],
  // Blanks per reel found by a search over 0…40 for the exact RTP nearest each profile (README).
  profiles: { 94: [0, 12, 0], 95: [1, 1, 12], 96: [1, 5, 5], 97: [0, 11, 0] },
  defaultProfile: '95',
};

export const tasty = defineSlot('tasty', { en: 'Tasty', zh: '美味餐厅' }, tastyMachine,
  'Three reels, three rows, nine lines paying left to right; the chef is wild. RTP profiles 94–97%.');
