/**
 * Strings of /tinygames; keys under 'tinygames'. Game and screen names come from the
 * route catalogue's titles, settings labels from @console/games (en and zh): a new game brings
 * its own strings.
 */
import { listScreens } from '@console/catalog';
import { GAMES } from '@console/games';
import { HOUSE_SCREENS, MODULE } from './common';

type Lang = 'en' | 'zh';
const entries = listScreens();
const titleOf = (path: string) => entries.find((e) => e.fullPath === path)?.title;

const gameNames = (lang: Lang) => Object.fromEntries(GAMES.map((g) => [g.id, titleOf(`${MODULE}/${g.id}`)?.[lang] ?? g.name[lang]]));

/** `<game> · <screen>` for every screen the catalogue has. */
const titles = (lang: Lang) =>
  Object.fromEntries(
    GAMES.map((g) => [
      g.id,
      Object.fromEntries(
        HOUSE_SCREENS.flatMap((s) => {
          const t = titleOf(`${MODULE}/${g.id}/${s}`);
          return t ? [[s, `${gameNames(lang)[g.id]} · ${t[lang]}`]] : [];
        }),
      ),
    ]),
  );

const COMMON_SETTINGS = {
  open: { en: 'Open to players', zh: '对玩家开放' },
  minBet: { en: 'Smallest bet (₱)', zh: '最小下注（₱）' },
  maxBet: { en: 'Largest bet (₱)', zh: '最大下注（₱）' },
};
const settingLabels = (lang: Lang) =>
  Object.fromEntries(GAMES.map((g) => [g.id, Object.fromEntries(Object.entries({ ...COMMON_SETTINGS, ...g.labels }).map(([k, v]) => [k, v[lang]]))]));

const en = {
  game: gameNames('en'),
  title: titles('en'),
  setting: settingLabels('en'),
  f: {
    day: 'Day',
    rounds: 'Rounds',
    bets: 'Bets',
    players: 'Players',
    turnover: 'Bets (₱)',
    wins: 'Wins (₱)',
    fees: 'Fees (₱)',
    jackpot: 'Jackpot (₱)',
    houseTake: 'House take (₱)',
    rtp: 'Actual RTP',
    configuredRtp: 'Configured RTP',
    flagged: 'Flagged rounds',
    uid: 'UID',
    name: 'Name',
    partner: 'Partner',
    days: 'Days played',
    net: 'Player result (₱)',
    lastDay: 'Last day',
    rank: 'Rank',
    side: 'Side',
    range: 'Dates',
    at: 'Time',
    roundId: 'Round ID',
    seat: 'Seat',
    bot: 'Bot',
    bet: 'Bet (₱)',
    win: 'Win (₱)',
    fee: 'Fee (₱)',
    server: 'Server',
    table: 'Table',
    verified: 'Verified',
    endedAt: 'Ended',
    startedAt: 'Started',
    configVersion: 'Settings version',
    seats: 'Seats',
    seedHash: 'Seed hash',
    seed: 'Seed',
    why: 'Why flagged',
  },
  side: { winners: 'Biggest winners', losers: 'Biggest losers' },
  verifiedYes: 'Verified',
  verifiedNo: 'Flagged',
  botYes: 'Bot',
  botNo: 'Player',
  dashboard: {
    chart: 'By day',
    days: 'Days',
    turnoverPesos: 'Bets (₱)',
    winsPesos: 'Wins (₱)',
    houseTakePesos: 'House take (₱)',
    rtpTitle: 'Actual RTP against the configured RTP',
    band: 'Expected band (±4 standard errors)',
    inBand: 'Within the band',
    outOfBand: 'Outside the band',
    noBand: 'No band (no bets or no RTP figure)',
    version: 'Settings version',
    defaults: 'Defaults (never saved)',
    reference: 'Reference bet',
    tableGame: 'Depends on play (table game)',
  },
  round: {
    title: 'Round',
    verification: 'Verification',
    verified: 'Verified: the revealed seed gives this result and these payouts',
    flagged: 'Flagged: the round does not match its seed or the rules',
    browserOk: 'Checked again in this browser: verified',
    browserFlagged: 'Checked again in this browser: {{n}} difference(s)',
    result: 'Result (reported)',
    expected: 'Result (from the seed)',
    bets: 'Bets',
    settings: 'Settings of its version',
  },
  configs: {
    rules: 'Rules',
    pesos: 'In pesos',
    json: "A table as JSON; the save checks it against the game's rules",
    badJson: 'Not valid JSON',
    settings: 'Game settings',
  },
};

const zh: typeof en = {
  game: gameNames('zh'),
  title: titles('zh'),
  setting: settingLabels('zh'),
  f: {
    day: '日期',
    rounds: '局数',
    bets: '注数',
    players: '玩家数',
    turnover: '下注额（₱）',
    wins: '派彩（₱）',
    fees: '手续费（₱）',
    jackpot: '奖池（₱）',
    houseTake: '平台盈利（₱）',
    rtp: '实际RTP',
    configuredRtp: '配置RTP',
    flagged: '异常局数',
    uid: 'UID',
    name: '昵称',
    partner: '渠道商',
    days: '游戏天数',
    net: '玩家输赢（₱）',
    lastDay: '最后游戏日',
    rank: '排名',
    side: '类别',
    range: '日期',
    at: '时间',
    roundId: '局号',
    seat: '座位',
    bot: '机器人',
    bet: '下注（₱）',
    win: '派彩（₱）',
    fee: '手续费（₱）',
    server: '服务器',
    table: '桌号',
    verified: '校验',
    endedAt: '结束时间',
    startedAt: '开始时间',
    configVersion: '配置版本',
    seats: '座位数',
    seedHash: '种子哈希',
    seed: '种子',
    why: '异常原因',
  },
  side: { winners: '赢得最多', losers: '输得最多' },
  verifiedYes: '已校验',
  verifiedNo: '异常',
  botYes: '机器人',
  botNo: '玩家',
  dashboard: {
    chart: '按日',
    days: '每日数据',
    turnoverPesos: '下注额（₱）',
    winsPesos: '派彩（₱）',
    houseTakePesos: '平台盈利（₱）',
    rtpTitle: '实际RTP与配置RTP对比',
    band: '预期区间（±4个标准误）',
    inBand: '在区间内',
    outOfBand: '超出区间',
    noBand: '无区间（无下注或无RTP值）',
    version: '配置版本',
    defaults: '默认值（从未保存）',
    reference: '参考下注',
    tableGame: '取决于对局（桌游）',
  },
  round: {
    title: '游戏局',
    verification: '校验',
    verified: '已校验：公开的种子得出此结果和派彩',
    flagged: '异常：该局与其种子或规则不符',
    browserOk: '已在浏览器中重新校验：通过',
    browserFlagged: '已在浏览器中重新校验：{{n}} 处差异',
    result: '结果（上报）',
    expected: '结果（由种子得出）',
    bets: '下注',
    settings: '该版本的配置',
  },
  configs: {
    rules: '规则',
    pesos: '单位：比索',
    json: 'JSON格式的表；保存时按游戏规则校验',
    badJson: '不是有效的JSON',
    settings: '游戏配置',
  },
};

export default { en: { tinygames: en }, zh: { tinygames: zh } };
