/** Strings of this folder's screens (issue 9); keys under 'rooms'. Titles from the route catalogue. */
import { listScreens } from '@console/catalog';

type Lang = 'en' | 'zh';
const entries = listScreens();
const title = (path: string, lang: Lang) => entries.find((e) => e.fullPath === path)?.title[lang] ?? path;
const SCREENS = {
  template: '/platmanager/template', table: '/platmanager/table', quicktemplate: '/platmanager/quicktemplate', quicktable: '/platmanager/quicktable',
  tinygamequicktemplate: '/platmanager/tinygamequicktemplate', partnergamesum: '/platmanager/partnergamesum', partnergamelogs: '/platmanager/partnergamelogs',
  gamestoreV1: '/partnermanager/gamestoreV1',
};
const titles = (lang: Lang) => Object.fromEntries(Object.entries(SCREENS).map(([k, p]) => [k, title(p, lang)]));

const GAMES_EN = {
  luckyjoker: 'Lucky Joker', tasty: 'Tasty', colorgame: 'Color Game', rocket: 'Rocket', fruitfever: 'Fruit Fever', bingo: 'Bingo', scratch: 'Scratch card',
  horse: 'Horse racing', mines: 'Mines', mines1v1: 'Mines 1v1', lucky9: 'Lucky 9', hilo: 'Hi-Lo', tongits: 'Tongits', pusoy: 'Pusoy', luckytree: 'Lucky Tree',
  hightexas: "High-stakes Hold'em",
};
const GAMES_ZH: typeof GAMES_EN = {
  luckyjoker: '幸运小丑', tasty: '美味', colorgame: '颜色游戏', rocket: '火箭', fruitfever: '水果狂热', bingo: '宾果', scratch: '刮刮乐',
  horse: '赛马', mines: '扫雷', mines1v1: '扫雷对战', lucky9: '幸运9', hilo: '猜大小', tongits: 'Tongits纸牌', pusoy: 'Pusoy十三张', luckytree: '幸运树',
  hightexas: '高额德州扑克',
};

const en = {
  title: titles('en'),
  game: GAMES_EN,
  yes: 'Yes', no: 'No', noLimit: 'No limit', current: 'Current version', older: 'Older version',
  badId: '1 to 32 lowercase letters, digits, _ or -, starting with a letter or digit',
  create: 'Add', edit: 'Edit', delete: 'Remove',
  confirmCreate: 'Add this item? It takes effect at once.',
  confirmEdit: 'Saving overwrites the current settings of this item (a new version; the history keeps the old one). Continue?',
  confirmDelete: 'Remove this item? Its history stays and a restore brings it back.',
  idHelp: 'Fixed once created; game servers use it.',
  seatsHelp: 'Seats: Tongits 3, Pusoy 2–4, Hold\'em 2–9, Mines 1v1 2, Lucky 9 1–9.',
  pesos: 'In pesos', minBalanceHelp: 'In pesos; at least the ante.', maxHelp: 'In pesos; 0 = no upper limit.',
  bpsHelp: "Basis points: 100 = 1% (rake is about 500 = 5%). Tongits and Pusoy rooms take their game's fee (its settings screen) and cannot differ.",
  capHelp: 'In pesos per hand; 0 = no cap. Tongits and Pusoy: 0 (their fee has no cap).',
  turnHelp: "Seconds per turn. Tongits rooms take the game's turn time (its settings screen).",
  modeHelp: '1v1: Tongits only, two players head to head and an AI seat as the third (AI seats 1). Every other room: table.',
  mode: { table: 'Table', '1v1': '1v1' },
  aiHelp: 'Seats AI players may fill: always fewer than the seats.', openHelp: 'A closed template makes no new tables; its tables keep playing until closed.',
  tierHelp: 'In pesos. A player whose balance lies in this range is seated in this tier; tiers of a game must not overlap.',
  templateHelp: 'The template whose tables this tier seats players at (same game; the tier lies within its balance range).',
  betHelp: "In pesos, within the game's own bet limits (shown in the list).", chipsHelp: 'Chip values in pesos, rising, separated by commas (1 to 8).',
  chipsBad: 'Chip values in pesos separated by commas, at most 8',
  orderHelp: 'Place in the lobby: lower first.', tiersHelp: 'Quick-match tier ids of this game, separated by commas.',
  shareReadOnly: 'Set by the platform.',
  status: { open: 'Open', closed: 'Closed' },
  openTables: 'Open tables', confirmOpen: 'Open these tables now? Each takes the template as it is now.',
  openTemplateHelp: 'Template id: the new tables copy its current version.', openTierHelp: 'Tier id: the new tables copy its template\'s current version.',
  close: 'Close', confirmClose: 'Close table {{code}}? Game servers stop seating players there.',
  reopen: 'Reopen', confirmReopen: 'Open table {{code}} again? It keeps the template version it was made from.',
  tableDetail: 'Table', roundDetail: 'Round',
  match: {
    title: 'Quick match: which tier and table a player gets now', balance: 'Balance (₱)', uid: 'or player UID', ask: 'Check',
    tier: 'A balance of ₱{{balance}} is seated in tier {{tier}} (template {{template}}).', none: 'No open tier holds a balance of ₱{{balance}}: the player picks a room.',
    table: 'Table {{code}}: {{players}} of {{seats}} seats taken at its last round (template version {{version}}).', noTable: 'The tier has no open table with a free seat: open quick tables for it.',
  },
  f: {
    id: 'Template', game: 'Game', name: 'Name', ante: 'Ante (₱)', minBalance: 'Balance to sit (₱)', maxBalance: 'Balance at most (₱)', rakePct: 'Rake',
    mode: 'Mode', rakeBps: 'Rake (basis points)', rakeCap: 'Rake cap (₱)', seats: 'Seats', aiSeats: 'AI seats', turnSeconds: 'Turn (s)', open: 'Open', version: 'Version',
    tables: 'Open tables', olderTables: 'Of them on an older version', tier: 'Tier', tierMin: 'Balance from (₱)', tierMax: 'Balance to (₱)',
    template: 'Template', templateName: 'Template name', quickTables: 'Open quick tables', gameName: 'Game name', minBet: 'Minimum bet (₱)',
    maxBet: 'Maximum bet (₱)', settingsMinBet: "Game's minimum (₱)", settingsMaxBet: "Game's maximum (₱)", countdownSeconds: 'Countdown (s)', chips: 'Chips (₱)',
    partner: 'Partner', partnerName: 'Partner name', enabled: 'Offered', order: 'Order', tiers: 'Quick-match tiers', revenueShare: 'Revenue share',
    revenueShareBps: 'Revenue share (basis points)', status: 'Status', current: 'Template version', code: 'Table', templateVersion: 'Made from version',
    players: 'Players (last round)', lastRoundAt: 'Last round', rounds: 'Rounds', openedAt: 'Opened', openedBy: 'Opened by', count: 'How many',
    closedAt: 'Closed', closedBy: 'Closed by', range: 'Days', bets: 'Bets', turnover: 'Turnover (₱)', wins: 'Wins (₱)', rake: 'Rake (₱)',
    houseTake: 'House take (₱)', partnerShare: "Partner's share (₱)", playerCount: 'Players', revenue: 'Shared revenue (₱)', endedAt: 'Ended', startedAt: 'Started', table: 'Table', roundId: 'Round ID',
    server: 'Server', bet: 'Bet (₱)', win: 'Win (₱)', jackpot: 'Jackpot (₱)', verified: 'Verified',
  },
};

const zh: typeof en = {
  title: titles('zh'),
  game: GAMES_ZH,
  yes: '是', no: '否', noLimit: '不限', current: '当前版本', older: '旧版本',
  badId: '1 到 32 个小写字母、数字、_ 或 -，以字母或数字开头',
  create: '新增', edit: '编辑', delete: '删除',
  confirmCreate: '确定新增？保存后立即生效。',
  confirmEdit: '保存将覆盖该项的当前配置（生成新版本，历史中保留旧版本）。继续吗？',
  confirmDelete: '确定删除？历史记录保留，可通过恢复找回。',
  idHelp: '创建后不可修改；游戏服务器使用此标识。',
  seatsHelp: '座位数：Tongits 3，Pusoy 2–4，德州 2–9，扫雷对战 2，幸运9 1–9。',
  pesos: '单位：比索', minBalanceHelp: '单位：比索；不低于底注。', maxHelp: '单位：比索；0 表示不限上限。',
  bpsHelp: '基点：100 = 1%（抽水约 500 = 5%）。Tongits 与 Pusoy 房间使用游戏自身的台费（在其配置页设置），不能另设。',
  capHelp: '每手上限，单位：比索；0 表示不封顶。Tongits 与 Pusoy：0（其台费不封顶）。',
  turnHelp: '每回合秒数。Tongits 房间使用游戏自身的出牌时间（在其配置页设置）。',
  modeHelp: '1v1：仅限 Tongits，两名玩家对局，第三个座位为 AI（AI 座位为 1）。其他房间均为“牌桌”。',
  mode: { table: '牌桌', '1v1': '1v1' },
  aiHelp: '可由 AI 坐的座位数：必须少于座位数。', openHelp: '关闭的模板不再开新桌；已开的牌桌继续，直到关闭。',
  tierHelp: '单位：比索。余额在此区间的玩家进入该档位；同一游戏的档位不能重叠。',
  templateHelp: '该档位玩家入座的牌桌模板（同一游戏；档位区间需在模板余额范围内）。',
  betHelp: '单位：比索，需在游戏自身的下注限额内（见列表）。', chipsHelp: '筹码面值（比索），递增，逗号分隔（1 到 8 个）。',
  chipsBad: '筹码面值（比索）用逗号分隔，最多 8 个',
  orderHelp: '大厅中的位置：数字小的在前。', tiersHelp: '该游戏的快速场档位标识，逗号分隔。',
  shareReadOnly: '由平台设定。',
  status: { open: '开启', closed: '已关闭' },
  openTables: '开桌', confirmOpen: '现在开这些牌桌吗？每张桌按模板当前版本生成。',
  openTemplateHelp: '模板标识：新牌桌复制其当前版本。', openTierHelp: '档位标识：新牌桌复制其模板的当前版本。',
  close: '关闭', confirmClose: '关闭牌桌 {{code}}？游戏服务器将不再在此入座玩家。',
  reopen: '重新开启', confirmReopen: '重新开启牌桌 {{code}}？它保留创建时的模板版本。',
  tableDetail: '牌桌', roundDetail: '牌局',
  match: {
    title: '快速匹配：玩家现在会进入的档位和牌桌', balance: '余额（₱）', uid: '或玩家 UID', ask: '查询',
    tier: '余额 ₱{{balance}} 进入档位 {{tier}}（模板 {{template}}）。', none: '没有开启的档位包含余额 ₱{{balance}}：玩家自行选择房间。',
    table: '牌桌 {{code}}：最近一局 {{seats}} 个座位中坐了 {{players}} 个（模板版本 {{version}}）。', noTable: '该档位没有有空位的开启牌桌：请为它开快速场牌桌。',
  },
  f: {
    id: '模板', game: '游戏', name: '名称', ante: '底注（₱）', minBalance: '入座余额（₱）', maxBalance: '余额上限（₱）', rakePct: '抽水',
    mode: '模式', rakeBps: '抽水（基点）', rakeCap: '抽水上限（₱）', seats: '座位数', aiSeats: 'AI 座位', turnSeconds: '每手时长（秒）', open: '开启', version: '版本',
    tables: '开启的牌桌', olderTables: '其中旧版本', tier: '档位', tierMin: '余额从（₱）', tierMax: '余额到（₱）',
    template: '模板', templateName: '模板名称', quickTables: '开启的快速场牌桌', gameName: '游戏名称', minBet: '最小下注（₱）',
    maxBet: '最大下注（₱）', settingsMinBet: '游戏最小下注（₱）', settingsMaxBet: '游戏最大下注（₱）', countdownSeconds: '倒计时（秒）', chips: '筹码（₱）',
    partner: '合作方', partnerName: '合作方名称', enabled: '上架', order: '排序', tiers: '快速场档位', revenueShare: '分成比例',
    revenueShareBps: '分成比例（基点）', status: '状态', current: '模板版本', code: '牌桌', templateVersion: '创建时版本',
    players: '玩家数（最近一局）', lastRoundAt: '最近一局', rounds: '局数', openedAt: '开桌时间', openedBy: '开桌人', count: '数量',
    closedAt: '关闭时间', closedBy: '关闭人', range: '日期', bets: '下注次数', turnover: '流水（₱）', wins: '派奖（₱）', rake: '抽水（₱）',
    houseTake: '平台盈利（₱）', partnerShare: '合作方分成（₱）', playerCount: '玩家数', revenue: '分成基数（₱）', endedAt: '结束时间', startedAt: '开始时间', table: '牌桌', roundId: '牌局ID',
    server: '服务器', bet: '下注（₱）', win: '赢得（₱）', jackpot: '奖池（₱）', verified: '已验证',
  },
};

export default { en: { rooms: en }, zh: { rooms: zh } };
