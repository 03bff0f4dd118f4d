/** Strings of the leaderboard screens (keys under 'rank'). */
const en = {
  title: { standings: 'Leaderboards · Standings', settlements: 'Leaderboards · Settlements', boards: 'Leaderboards · Boards' },
  tab: { standings: 'Standings (top 50)', settlements: 'Past settlements' },
  tier: 'Rank {{tier}}',
  state: { paid: 'Paid', skipped: 'Skipped' },
  f: {
    board: 'Board', period: 'Period (YYYY-MM-DD; a week: its Monday)', rank: 'Rank', uid: 'UID', name: 'Name', value: 'Value', reachedAt: 'Reached at',
    tier: 'Tier', reward: 'Reward', at: 'Settled', amount: 'Reward', state: 'State', reason: 'Reason', entryId: 'Ledger entry',
    boards: 'Boards', totalBudget: 'Total budget', dailyBudget: 'Daily budget',
  },
  hint: { standings: 'No board yet, or nobody ranked in this period. Enter a board id and a period to look at another one.' },
  help: {
    boards: 'A JSON list: [{"id": "tongits-daily", "game": "tongits" or "all", "metric": "wins" | "validBet" | "deposits", "period": "day" | "week", '
      + '"rewards": {"1": 100000, "2-3": 50000, "4-10": 20000, "11-50": 5000}, "open": true}]. Rewards in centavos; a deposits board is for all games.',
    budget: 'What the leaderboards may pay, in centavos; 0: no limit',
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
    board: '榜单', period: '周期（YYYY-MM-DD；周榜为周一）', rank: '名次', uid: 'UID', name: '昵称', value: '数值', reachedAt: '达到时间',
    tier: '奖励档位', reward: '奖励', at: '结算时间', amount: '奖励', state: '状态', reason: '原因', entryId: '账本流水',
    boards: '榜单', totalBudget: '总预算', dailyBudget: '每日预算',
  },
  hint: { standings: '尚无榜单，或本周期无人上榜。输入榜单 ID 和周期查看其他榜单。' },
  help: {
    boards: 'JSON 列表：[{"id": "tongits-daily", "game": "tongits" 或 "all", "metric": "wins" | "validBet" | "deposits", "period": "day" | "week", '
      + '"rewards": {"1": 100000, "2-3": 50000, "4-10": 20000, "11-50": 5000}, "open": true}]。奖励单位为分；充值榜须为全部游戏。',
    budget: '排行榜可发放的总量（分）；0 为不限',
  },
  action: { settle: '立即结算' },
  confirm: { settle: '立即结算所有已开启榜单的已结束周期？每位上榜玩家通过账本发放一次奖励，无法撤销。' },
};

export default { en: { rank: en }, zh: { rank: zh } };
