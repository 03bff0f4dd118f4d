/** Strings of the tablegames screens (issue 7); keys under 'tablegames'. Titles from the route catalogue. */
import { listScreens } from '@console/catalog';

type Lang = 'en' | 'zh';
const entries = listScreens();
const title = (path: string, lang: Lang) => {
  const parts = path.split('/').filter(Boolean);
  const names = parts.slice(1).map((_, i) => entries.find((e) => e.fullPath === `/${parts.slice(0, i + 2).join('/')}`)?.title[lang] ?? '');
  return names.filter(Boolean).join(' · ');
};
const titles = (lang: Lang) => ({
  dashboard1v1: title('/tinygames/tongits/dashboard1v1', lang), aidashboard: title('/tinygames/tongits/aidashboard', lang),
  aiconfig: title('/tinygames/tongits/aiconfig', lang), cheatconfig: title('/tinygames/tongitscheat/cheatconfig', lang),
  permanentcheat: title('/tinygames/tongitscheat/permanentcheat', lang), reportedlogs: title('/tinygames/tongitscheat/reportedlogs', lang),
});

const CHEAT_EN = {
  sameTableWindowHours: 'Same table: window (hours)', sameTableMinRounds: 'Same table: shared rounds at least', sameTableRateBps: 'Same table: rate (basis points)',
  sameTableIgnoreRoomsOf: 'Same table: ignore rooms of this many players', fixedLossShareBps: 'Fixed results: share of losses to one player (basis points)',
  fixedLastRounds: 'Fixed results: over the last shared rounds', chipFlowHours: 'One-way chip flow: window (hours)', chipFlowMinHands: 'One-way chip flow: hands at least',
  chipFlowWinRateBps: 'One-way chip flow: win rate (basis points)', softPlayFoldBps: 'Soft play: folds to one opponent (basis points)',
  softPlayMinHands: 'Soft play: shared hands at least', winRateBps: 'Abnormal results: win rate (basis points)', winRateMinRounds: 'Abnormal results: rounds at least',
  netWinMultiple: 'Abnormal results: net win ÷ recharge at least', accountsPerIp: 'Multi-accounting: accounts on one IP', accountsPerDevice: 'Multi-accounting: accounts on one device',
  burstRegistrations: 'Registration burst: registrations', burstMinutes: 'Registration burst: within minutes', botRoundsPerDay: 'Bots: rounds a day above',
  botShortSessionMinutes: 'Bots: sessions shorter than (minutes)', escapeRateBps: 'Bots: escape rate (basis points)', reportsToReview: 'Reports in 7 days that put a player under review',
};
const CHEAT_ZH: typeof CHEAT_EN = {
  sameTableWindowHours: '同桌：统计窗口（小时）', sameTableMinRounds: '同桌：共同局数至少', sameTableRateBps: '同桌：同桌率（基点）',
  sameTableIgnoreRoomsOf: '同桌：忽略人数达此值的房间', fixedLossShareBps: '固定输赢：输给同一玩家的比例（基点）',
  fixedLastRounds: '固定输赢：最近共同局数', chipFlowHours: '单向输送：统计窗口（小时）', chipFlowMinHands: '单向输送：手数至少',
  chipFlowWinRateBps: '单向输送：胜率（基点）', softPlayFoldBps: '放水：对同一对手弃牌比例（基点）',
  softPlayMinHands: '放水：共同手数至少', winRateBps: '异常战绩：胜率（基点）', winRateMinRounds: '异常战绩：局数至少',
  netWinMultiple: '异常战绩：净赢÷充值至少', accountsPerIp: '多开：同一IP账号数', accountsPerDevice: '多开：同一设备账号数',
  burstRegistrations: '集中注册：注册数', burstMinutes: '集中注册：时间内（分钟）', botRoundsPerDay: '机器人：每日局数超过',
  botShortSessionMinutes: '机器人：会话短于（分钟）', escapeRateBps: '机器人：逃跑率（基点）', reportsToReview: '7天内被举报次数达此值进入审核',
};

const en = {
  title: titles('en'),
  settingsTitle: { tongits: 'Tongits game settings', pusoy: 'Pusoy game settings' },
  yes: 'Yes', no: 'No', pesos: 'In pesos', bpsHelp: 'Basis points: 100 = 1%',
  days: 'Days', rooms: 'Rooms', jackpots: 'Jackpot wins',
  mode: { table: 'Table (3 players)', '1v1': '1v1 (2 players + AI seat)' },
  reason: { cheating: 'Cheating', collusion: 'Collusion', bot: 'Bot', abuse: 'Abuse', stalling: 'Stalling', other: 'Other' },
  action: { flag: 'Flagged', unflag: 'Flag lifted' },
  style: { cautious: 'Cautious', balanced: 'Balanced', aggressive: 'Aggressive' },
  chart: { title: 'By day', turnover: 'Antes (₱)', rake: 'Rake (₱)', jackpot: 'To the jackpot (₱)', aiBet: 'AI antes (₱)', aiWin: 'AI wins (₱)', aiNet: 'AI net (₱)' },
  f: {
    day: 'Day', rounds: 'Rounds', tables: 'Tables', seats: 'Player seats', turnover: 'Antes (₱)', wins: 'Wins (₱)', rake: 'Rake (₱)',
    jackpot: 'Jackpot contributions (₱)', houseTake: 'House take (₱)', poolBalance: 'Jackpot pool (₱)', aiRounds: 'Rounds with AI',
    aiSeats: 'AI seats', aiWon: 'AI seats that won', aiWinRate: 'AI win rate', aiBet: 'AI antes (₱)', aiWin: 'AI wins (₱)', aiNet: 'AI net (₱)',
    room: 'Room', name: 'Name', mode: 'Mode', ante: 'Ante (₱)', minBalance: 'Balance to sit (₱)', maxBalance: 'Balance at most (₱)', open: 'Open',
    playable: 'Tables open', uid: 'UID', at: 'Time', roundId: 'Round ID', amount: 'Jackpot (₱)', poolBefore: 'Pool before (₱)', partner: 'Partner',
    reason: 'Reason', flaggedBy: 'Flagged by', flaggedAt: 'Flagged at', reports: 'Reports', report: 'From report', actor: 'By', action: 'Action',
    targetUid: 'Reported UID', targetName: 'Reported player', reporter: 'Reporter UID', reporterName: 'Reporter', game: 'Game', table: 'Table',
    text: 'What they wrote', flagged: 'Flagged for good',
  },
  pool: {
    title: 'Jackpot pool', balance: 'Balance', contributed: 'Contributions in', paid: 'Jackpots paid', wins: 'Jackpot wins', nextPayout: 'A hit now pays',
    share: 'Share of the pool a hit pays', cap: 'Cap per hit', noCap: 'No cap', minPool: 'Pays from a pool of', disabled: 'Jackpot disabled',
  },
  room: {
    noLimit: 'No limit',
    catalogue: "The rooms are this game's room templates: game servers open their tables from them, and the fee and turn time are the game's settings above.",
    editThere: 'Add, edit or close rooms in Room templates',
  },
  jackpot: {
    title: 'Jackpot rules', note: 'Player seats put the game\'s jackpot share of each ante into the pool; a hit (the table server\'s rule) pays this share of the pool through the wallet, once a round.',
    enabled: 'Jackpot on', payoutBps: 'Share of the pool a hit pays (basis points)', maxPayout: 'Most one hit pays (₱)', minPool: 'Smallest pool that pays (₱)',
    maxPayoutHelp: 'In pesos; 0 = no cap',
  },
  ai: {
    note: 'AI seats are always shown to players as AI. They play with the house\'s chips: their results are the AI dashboard\'s, never a player\'s.',
    enabled: 'AI seats on', rooms: 'Rooms where AI seats may sit', roomsHelp: 'A 1v1 room needs its AI seat: leave it out and its tables do not open',
    maxSeats: 'AI seats at a table at most', waitSeconds: 'Wait for players before an AI sits (seconds)', style: 'Play style', skill: 'Skill (1–10)',
    skillHelp: '1 plays loose, 10 keeps the best melds and counts the cards seen', fightBps: 'Fights a called draw (basis points)',
    thinkMinSeconds: 'Think time at least (seconds)', thinkMaxSeconds: 'Think time at most (seconds)',
  },
  cheat: { ...CHEAT_EN, note: 'Thresholds of the cheat signals; the signals themselves are computed by /cheatmanager.' },
  flag: {
    flag: 'Flag a player', unflag: 'Lift the flag', flagReported: 'Flag for good', log: 'Flags and lifts',
    confirmFlag: 'Flag this player as a cheater for good?', confirmUnflag: 'Lift the permanent flag of {{uid}}?', confirmFlagReported: 'Flag {{targetUid}} as a cheater for good?',
    reasonHelp: 'Why (at most 200 characters); kept with the flag and in the operation log', empty: 'No player is flagged',
  },
};

const zh: typeof en = {
  title: titles('zh'),
  settingsTitle: { tongits: 'Tongits游戏配置', pusoy: 'Pusoy游戏配置' },
  yes: '是', no: '否', pesos: '单位：比索', bpsHelp: '基点：100 = 1%',
  days: '每日数据', rooms: '房间', jackpots: '奖池中奖记录',
  mode: { table: '普通桌（3人）', '1v1': '1v1（2名玩家+AI座位）' },
  reason: { cheating: '作弊', collusion: '串通', bot: '机器人', abuse: '辱骂', stalling: '拖延', other: '其他' },
  action: { flag: '标记', unflag: '解除标记' },
  style: { cautious: '谨慎', balanced: '均衡', aggressive: '激进' },
  chart: { title: '按日', turnover: '底注（₱）', rake: '台费（₱）', jackpot: '入奖池（₱）', aiBet: 'AI底注（₱）', aiWin: 'AI赢得（₱）', aiNet: 'AI净输赢（₱）' },
  f: {
    day: '日期', rounds: '局数', tables: '桌数', seats: '玩家座位', turnover: '底注（₱）', wins: '派彩（₱）', rake: '台费（₱）',
    jackpot: '奖池贡献（₱）', houseTake: '平台盈利（₱）', poolBalance: '奖池余额（₱）', aiRounds: '有AI的局数',
    aiSeats: 'AI座位数', aiWon: 'AI获胜座位数', aiWinRate: 'AI胜率', aiBet: 'AI底注（₱）', aiWin: 'AI赢得（₱）', aiNet: 'AI净输赢（₱）',
    room: '房间', name: '名称', mode: '模式', ante: '底注（₱）', minBalance: '入座余额（₱）', maxBalance: '余额上限（₱）', open: '开放',
    playable: '可开桌', uid: 'UID', at: '时间', roundId: '局号', amount: '奖金（₱）', poolBefore: '中奖前奖池（₱）', partner: '渠道商',
    reason: '原因', flaggedBy: '标记人', flaggedAt: '标记时间', reports: '被举报次数', report: '来自举报', actor: '操作人', action: '操作',
    targetUid: '被举报UID', targetName: '被举报玩家', reporter: '举报人UID', reporterName: '举报人', game: '游戏', table: '桌号',
    text: '举报内容', flagged: '已永久标记',
  },
  pool: {
    title: '奖池', balance: '余额', contributed: '累计注入', paid: '累计派奖', wins: '中奖次数', nextPayout: '此刻中奖可得',
    share: '每次中奖占奖池比例', cap: '单次上限', noCap: '无上限', minPool: '奖池达到才派奖', disabled: '奖池已关闭',
  },
  room: {
    noLimit: '无上限',
    catalogue: '房间即此游戏的房间模板：游戏服务器据此开桌，台费与出牌时间为上方的游戏配置。',
    editThere: '在“房间模板”中新增、编辑或关闭房间',
  },
  jackpot: {
    title: '奖池规则', note: '玩家座位按游戏的奖池比例从每份底注注入奖池；中奖（由牌桌服务器判定）按此比例从奖池经钱包派奖，每局至多一次。',
    enabled: '开启奖池', payoutBps: '每次中奖占奖池比例（基点）', maxPayout: '单次最多派奖（₱）', minPool: '奖池最低派奖额（₱）',
    maxPayoutHelp: '单位：比索；0 = 无上限',
  },
  ai: {
    note: 'AI座位对玩家始终显示为AI。AI使用平台筹码：其输赢只计入AI看板，不计入任何玩家。',
    enabled: '开启AI座位', rooms: '允许AI入座的房间', roomsHelp: '1v1房间需要AI座位：不勾选则该房间无法开桌',
    maxSeats: '每桌AI座位上限', waitSeconds: 'AI入座前等待玩家（秒）', style: '打法', skill: '水平（1–10）',
    skillHelp: '1 打法随意，10 保留最佳组合并记牌', fightBps: '对叫牌应战比例（基点）',
    thinkMinSeconds: '思考时间至少（秒）', thinkMaxSeconds: '思考时间至多（秒）',
  },
  cheat: { ...CHEAT_ZH, note: '作弊信号的阈值；信号本身由 /cheatmanager 计算。' },
  flag: {
    flag: '标记玩家', unflag: '解除标记', flagReported: '永久标记', log: '标记与解除记录',
    confirmFlag: '确定将此玩家永久标记为作弊？', confirmUnflag: '确定解除 {{uid}} 的永久标记？', confirmFlagReported: '确定将 {{targetUid}} 永久标记为作弊？',
    reasonHelp: '原因（最多200字），随标记保存并写入操作日志', empty: '没有被标记的玩家',
  },
};

export default { en: { tablegames: en }, zh: { tablegames: zh } };
