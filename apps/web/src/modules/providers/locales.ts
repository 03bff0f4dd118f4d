/**
 * Strings of the third-party game screens; keys under 'providers'. Group and screen
 * names come from the route catalogue's titles (en and zh).
 */
import { listScreens } from '@console/catalog';
import { PROVIDER_GROUPS, PROVIDER_SCREENS } from '@console/schemas';
import { MODULE } from './common';

type Lang = 'en' | 'zh';
const entries = listScreens();
const titleOf = (path: string) => entries.find((e) => e.fullPath === path)?.title;

/** `<group> · <screen>` for every screen the catalogue has. */
const titles = (lang: Lang) =>
  Object.fromEntries(
    PROVIDER_GROUPS.map((g) => [
      g,
      Object.fromEntries(
        PROVIDER_SCREENS.flatMap((s) => {
          const group = titleOf(`${MODULE}/${g}`);
          const screen = titleOf(`${MODULE}/${g}/${s}`);
          return group && screen ? [[s, `${group[lang]} · ${screen[lang]}`]] : [];
        }),
      ),
    ]),
  );

const en = {
  title: titles('en'),
  f: {
    day: 'Day',
    provider: 'Provider',
    allProviders: 'All providers',
    game: 'Game',
    gameCode: 'Game code',
    gameName: 'Game',
    rounds: 'Rounds',
    players: 'Players',
    turnover: 'Bets (₱)',
    wins: 'Wins (₱)',
    houseTake: 'House take (₱)',
    rtp: 'RTP',
    bigWins: 'Big wins',
    uid: 'UID',
    name: 'Name',
    partner: 'Partner',
    days: 'Days played',
    games: 'Games played',
    net: 'Player result (₱)',
    lastDay: 'Last day',
    range: 'Dates',
    at: 'Time',
    startedAt: 'Started',
    roundId: 'Round ID',
    bet: 'Bet (₱)',
    win: 'Win (₱)',
    bigWin: 'Big win',
    wallet: 'Wallet',
    debited: 'Debited (₱)',
    credited: 'Credited (₱)',
    txIds: 'Wallet txIds',
    appId: 'Application',
  },
  bigWinYes: 'Big wins only',
  bigWinNo: 'Other rounds',
  wallet: { matched: 'Matched', differs: 'Differs', unreported: 'No txIds' },
  round: 'Provider round',
  dashboard: {
    chart: 'By day',
    days: 'Days',
    turnoverPesos: 'Bets (₱)',
    winsPesos: 'Wins (₱)',
    houseTakePesos: 'House take (₱)',
    topGames: 'Top games by bets',
  },
};

const zh: typeof en = {
  title: titles('zh'),
  f: {
    day: '日期',
    provider: '供应商',
    allProviders: '全部供应商',
    game: '游戏',
    gameCode: '游戏代码',
    gameName: '游戏',
    rounds: '局数',
    players: '玩家数',
    turnover: '下注额（₱）',
    wins: '派彩（₱）',
    houseTake: '平台盈利（₱）',
    rtp: 'RTP',
    bigWins: '大奖次数',
    uid: 'UID',
    name: '昵称',
    partner: '渠道商',
    days: '游戏天数',
    games: '游戏数',
    net: '玩家输赢（₱）',
    lastDay: '最后游戏日',
    range: '日期',
    at: '时间',
    startedAt: '开始时间',
    roundId: '局号',
    bet: '下注（₱）',
    win: '派彩（₱）',
    bigWin: '大奖',
    wallet: '钱包',
    debited: '扣款（₱）',
    credited: '入账（₱）',
    txIds: '钱包交易号',
    appId: '应用',
  },
  bigWinYes: '仅大奖',
  bigWinNo: '其他局',
  wallet: { matched: '一致', differs: '不一致', unreported: '无交易号' },
  round: '供应商游戏局',
  dashboard: {
    chart: '按日',
    days: '每日数据',
    turnoverPesos: '下注额（₱）',
    winsPesos: '派彩（₱）',
    houseTakePesos: '平台盈利（₱）',
    topGames: '下注额最高的游戏',
  },
};

export default { en: { providers: en }, zh: { providers: zh } };
