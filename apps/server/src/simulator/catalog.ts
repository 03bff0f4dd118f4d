/**
 * The simulated platform's fixed lists: names, gifts, emotes, badges, and the short texts
 * players write (English, Tagalog and Chinese mixed, as the market writes them).
 */
import type { Rng } from './rng';

const FIRST = [
  'Juan',
  'Maria',
  'Jose',
  'Ana',
  'Mark',
  'Angel',
  'John',
  'Kristine',
  'Paolo',
  'Jessa',
  'Rico',
  'Liza',
  'Carlo',
  'Joy',
  'Jerome',
  'Mae',
  'Ramon',
  'Grace',
  'Noel',
  'Rowena',
  'Arnel',
  'Princess',
  'Jun',
  'Marites',
  'Dado',
  'Bea',
  'Migs',
  'Camille',
  'Ryan',
  'Lovely',
  'Vince',
  'Aileen',
  'Nestor',
  'Cherry',
  'Edgar',
  'Rhea',
  'Bong',
  'Tess',
];
const LAST = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Garcia',
  'Mendoza',
  'Torres',
  'Ramos',
  'Flores',
  'Villanueva',
  'Dela Cruz',
  'Aquino',
  'Castillo',
  'Navarro',
  'Lim',
  'Tan',
  'Co',
  'Gonzales',
  'Rivera',
  'Pascual',
];
const HANDLES = [
  'TongitsKing',
  'LuckyAce',
  'PusoyPro',
  'KingOfCards',
  'Swerte',
  'BigWinner',
  'Manok',
  'Bossing',
  'Idol',
  'Lodi',
  'Petmalu',
  'AceHigh',
  'ChikaBabe',
  'Kuya',
  'Ate',
  'DragonHand',
  'Sugal',
  'Panalo',
  '发财',
  '小龙',
];

export function playerName(rng: Rng): string {
  const style = rng.next();
  if (style < 0.45) return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  if (style < 0.8) return `${rng.pick(HANDLES)}${rng.int(1, 999)}`;
  if (style < 0.95) return `${rng.pick(FIRST).toLowerCase()}_${rng.pick(LAST).toLowerCase().replace(' ', '')}${rng.int(70, 2005)}`;
  return `Guest${rng.digits(6)}`;
}

/** Gifts: chips paid by the sender, charisma gained by the receiver. */
export const GIFTS = [
  { giftId: 'rose', chips: 100, charisma: 1, weight: 50 },
  { giftId: 'beer', chips: 300, charisma: 3, weight: 20 },
  { giftId: 'lechon', chips: 1_000, charisma: 10, weight: 15 },
  { giftId: 'jeepney', chips: 5_000, charisma: 50, weight: 8 },
  { giftId: 'diamond_ring', chips: 20_000, charisma: 200, weight: 4 },
  { giftId: 'yacht', chips: 100_000, charisma: 1_000, weight: 1 },
] as const;

/** Emotes: most free, some paid. */
export const EMOTES = [
  { emoteId: 'laugh', chips: 0, weight: 30 },
  { emoteId: 'angry', chips: 0, weight: 15 },
  { emoteId: 'cry', chips: 0, weight: 10 },
  { emoteId: 'tomato', chips: 50, weight: 20 },
  { emoteId: 'egg', chips: 50, weight: 10 },
  { emoteId: 'kiss', chips: 100, weight: 8 },
  { emoteId: 'bomb', chips: 200, weight: 5 },
  { emoteId: 'firework', chips: 500, weight: 2 },
] as const;

export const BADGES = {
  newcomer: 'Newcomer',
  firstWin: 'First Win',
  verified: 'Verified Phone',
  highRoller: 'High Roller',
  generous: 'Generous Heart',
  loyal: 'Loyal Player',
  dealer: 'Coin Dealer',
} as const;

export const BANKS = ['BDO', 'BPI', 'Metrobank', 'Landbank', 'PNB', 'UnionBank', 'Security Bank', 'RCBC'];

export const SMS_PROVIDERS = [
  ['Semaphore', 60],
  ['Movider', 30],
  ['Twilio', 10],
] as const;

export const PACKAGES = [
  ['com.demo', 85],
  ['com.demo.lite', 15],
] as const;

const FEEDBACK: Record<string, string[]> = {
  payment: [
    'Nag top-up ako via GCash pero wala pa rin chips ko, 30 mins na',
    'Recharge 100 pesos not received, ref no. attached',
    '充值了没到账，请尽快处理',
    'Bakit ang tagal ng cash out? 2 days na po',
    'Double charge sa GCash ko, paki refund po',
  ],
  bug: [
    'Game freezes after the 3rd round of Tongits',
    'Nag-crash yung app pag nag-send ako ng gift',
    'Cannot login, stuck on loading screen',
    '游戏卡住了，牌发不出来',
    'Hindi gumagana ang safe box, error lagi',
  ],
  account: [
    'Paano magpalit ng naka-bind na number?',
    'I forgot my password, phone number changed na',
    'Na-suspend account ko without reason, pls check',
    '账号被封了，为什么？',
  ],
  suggestion: [
    'Sana may daily bonus ulit tuwing umaga',
    'Please add more Pusoy tables at night, puno lagi',
    'Mas maganda kung may tournament every weekend',
    '希望增加更多礼物',
  ],
  other: ['Salamat sa mabilis na reply last time!', 'Sino admin dito? need help po', 'Ganda ng bagong update, keep it up'],
};

const TIPOFFS: Record<string, string[]> = {
  collusion: ['Magkakampi sila sa table, laging sabay pumapasok', 'These two always play together and pass chips', '两个号一起打牌，明显是同一个人'],
  cheating: ['Impossible na laging panalo, may hack yata', 'Wins every single round, please check this account'],
  abusive: ['Nagmumura sa chat, bastos', 'Keeps insulting other players with emotes'],
  scam: ['Nagbenta daw ng chips pero hindi nag-send, scammer', 'Asked for my GCash OTP, scam po ito', '骗子，收钱不给金币'],
  bot: ['Mukhang bot, same moves every game at 3am', 'Plays 24/7 never chats, bot account'],
};

export function feedback(rng: Rng): { category: string; text: string } {
  const category = rng.weighted([
    ['payment', 35],
    ['bug', 25],
    ['account', 20],
    ['suggestion', 15],
    ['other', 5],
  ] as const);
  return { category, text: rng.pick(FEEDBACK[category]) };
}

export function tipoff(rng: Rng): { reason: string; text: string } {
  const reason = rng.weighted([
    ['collusion', 30],
    ['cheating', 25],
    ['abusive', 20],
    ['scam', 15],
    ['bot', 10],
  ] as const);
  return { reason, text: rng.pick(TIPOFFS[reason]) };
}
