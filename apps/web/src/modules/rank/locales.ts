/** Strings of the leaderboard screens (keys under 'rank'). */
import { GAMES } from '@console/games';

const gameNames = (lang: 'en' | 'zh') => Object.fromEntries(GAMES.map((g) => [g.id, g.name[lang]]));
const en = {
  title: { standings: 'Leaderboards · Standings', settlements: 'Leaderboards · Settlements', boards: 'Leaderboards · Boards' },
  tab: { standings: 'Standings (top 50)', settlements: 'Past settlements' },
  tier: 'Rank {{tier}}',
  state: { paid: 'Paid', skipped: 'Skipped' },
  f: {
    board: 'Board',
    period: 'Period (YYYY-MM-DD; a week: its Monday)',
    rank: 'Rank',
    uid: 'UID',
    name: 'Name',
    value: 'Value',
    reachedAt: 'Reached at',
    tier: 'Tier',
    reward: 'Reward',
    at: 'Settled',
    amount: 'Reward',
    state: 'State',
    reason: 'Reason',
    entryId: 'Ledger entry',
    boards: 'Boards',
    totalBudget: 'Total budget',
    dailyBudget: 'Daily budget',
  },
  hint: { standings: 'No board yet, or nobody ranked in this period. Enter a board id and a period to look at another one.' },
  help: {
    boards:
      'One row a board: its id (1–32 of a-z, 0-9, _ and -), the game (all, or one), what ranks (chips won, valid bet or deposits: a deposits board is for all games), ' +
      'daily or weekly, and what each rank of a tier is paid',
    budget: 'What the leaderboards may pay, in pesos; 0: no limit',
  },
  col: {
    id: 'Board id',
    game: 'Game',
    metric: 'Ranked by',
    period: 'Period',
    r1: 'Rank 1',
    r2_3: 'Ranks 2–3',
    r4_10: 'Ranks 4–10',
    r11_50: 'Ranks 11–50',
    open: 'Open',
  },
  opt: {
    game: { all: 'All games', ...gameNames('en') } as Record<string, string>,
    metric: { wins: 'Chips won', validBet: 'Valid bet', deposits: 'Deposits' },
    period: { day: 'Daily', week: 'Weekly' },
  },
  action: { settle: 'Settle now' },
  confirm: { settle: 'Settle every ended period of the open boards now? Each ranked player is paid once through the ledger; this cannot be undone.' },
};

const zh: typeof en = {
  title: { standings: '排行榜 · 实时排名', settlements: '排行榜 · 结算记录', boards: '排行榜 · 榜单配置' },
  tab: { standings: '实时排名（前50）', settlements: '历史结算' },
  tier: '第 {{tier}} 名',
  state: { paid: '已发放', skipped: '未发放' },
  f: {
    board: '榜单',
    period: '周期（YYYY-MM-DD；周榜为周一）',
    rank: '名次',
    uid: 'UID',
    name: '昵称',
    value: '数值',
    reachedAt: '达到时间',
    tier: '奖励档位',
    reward: '奖励',
    at: '结算时间',
    amount: '奖励',
    state: '状态',
    reason: '原因',
    entryId: '账本流水',
    boards: '榜单',
    totalBudget: '总预算',
    dailyBudget: '每日预算',
  },
  hint: { standings: '尚无榜单，或本周期无人上榜。输入榜单 ID 和周期查看其他榜单。' },
  help: {
    boards:
      '每个榜单一行：榜单 ID（1–32 个 a-z、0-9、_ 和 -）、游戏（全部或某一游戏）、排名依据（赢取筹码、有效投注或充值：充值榜须为全部游戏）、' +
      '日榜或周榜，以及各名次档位每名的奖励',
    budget: '排行榜可发放的总量（比索）；0 为不限',
  },
  col: { id: '榜单 ID', game: '游戏', metric: '排名依据', period: '周期', r1: '第1名', r2_3: '第2–3名', r4_10: '第4–10名', r11_50: '第11–50名', open: '开启' },
  opt: {
    game: { all: '全部游戏', ...gameNames('zh') },
    metric: { wins: '赢取筹码', validBet: '有效投注', deposits: '充值' },
    period: { day: '日榜', week: '周榜' },
  },
  action: { settle: '立即结算' },
  confirm: { settle: '立即结算所有已开启榜单的已结束周期？每位上榜玩家通过账本发放一次奖励，无法撤销。' },
};

export default { en: { rank: en }, zh: { rank: zh } };
