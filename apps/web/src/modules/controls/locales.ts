/** Strings of the controls screens (issue 7); keys under 'controls'. Game names from @console/games. */
import { GAMES } from '@console/games';

const gameNames = (lang: 'en' | 'zh') => Object.fromEntries(GAMES.map((g) => [g.id, g.name[lang]]));
const titles = (en: boolean) => ({
  house: {
    configs: en ? 'Global control' : '全局控制', userconfigs: en ? 'Player control' : '玩家控制', logs: en ? 'Control log' : '控制记录',
    ranking: en ? 'Net-win ranking' : '净赢排行', payRank: en ? 'Top-up/withdrawal difference ranking' : '充提差排行', wgconfigs: en ? 'Third-party game control' : '第三方游戏控制',
  },
  tp: {
    configs: en ? 'Third-party global control' : '三方全局控制', userconfigs: en ? 'Third-party player control' : '三方玩家控制',
    logs: en ? 'Third-party control log' : '三方控制记录', ranking: en ? 'Third-party net-win ranking' : '三方净赢排行',
  },
});

const en = {
  title: titles(true),
  game: gameNames('en'),
  f: {
    uid: 'Player ID', name: 'Name', partner: 'Partner', maxBet: 'Max bet (₱)', dayLossCap: 'Daily loss cap (₱)', blocked: 'Blocked games',
    coolOff: 'Cool-off', coolOffUntil: 'Cooling off until', coolingOff: 'Cooling off now', cashoutReview: 'Cash-out review', reason: 'Reason',
    updatedBy: 'Set by', updatedAt: 'Set at', kind: 'Record', control: 'Control', amount: 'Bet', refusals: 'Refusals', appId: 'Application',
    message: 'Message', actor: 'By', at: 'Time', before: 'Before', after: 'After', side: 'Side', range: 'Period', rank: 'Rank',
    bets: 'Bets', wins: 'Wins', net: 'Net win', betCount: 'Bet count', controlled: 'Controlled', recharge: 'Recharged', cashout: 'Cashed out',
    difference: 'Difference', game: 'Game', closed: 'Closed',
  },
  control: {
    maxBet: 'Max bet', dayLossCap: 'Daily loss cap', blocked: 'Blocked game', coolOff: 'Cool-off', platformMaxBet: 'Platform max bet',
    platformDayLossCap: 'Platform daily loss cap', providerMaxBet: 'Provider max bet', providerClosed: 'Provider closed',
  },
  kind: { set: 'Set', clear: 'Cleared', config: 'Global limits', provider: 'Provider', refusal: 'Bet refused' },
  side: { winners: 'Top winners', losers: 'Top losers', payers: 'Most paid in', takers: 'Most taken out' },
  cool: { on: 'Cooling off', keep: 'Keep as set', h0: 'None', h24: '24 hours', h72: '3 days', h168: '7 days', h720: '30 days' },
  help: {
    zeroNone: '0 = no limit',
    dayLossCap: "A bet is refused when today's game loss plus the bet would pass this (0 = no cap)",
    blockedHouse: 'Bets naming one of these games are refused',
    blockedTp: 'Game codes or provider applications, separated by commas',
    coolOff: 'No bet is taken until the time is over',
    cashoutReview: "Every cash-out order of this player needs a second reviewer's approval",
    appId: "The provider's platform application: its bets are third-party play",
    game: 'Empty: the whole provider; otherwise one of its game codes',
    closed: 'Refuses every bet there',
  },
  action: {
    set: 'Set control', setTitle: "Set a player's controls", edit: 'Edit', editTitle: "Change the player's controls", confirmEdit: 'Save these controls for the player?',
    clear: 'Clear', clearTitle: "Clear the player's controls", confirmClear: 'Clear every control of player {{uid}}?',
    addProvider: 'Add provider or game', editProvider: 'Change provider controls', remove: 'Remove', confirmRemove: 'Remove {{appId}} {{game}}? Its bets become house play again.',
  },
  configs: {
    maxBet: 'Max bet of any player (₱)', maxBetHelp: '0 = no cap; a bet above it is refused for everyone',
    dayLossCap: 'Daily loss cap of any player (₱)', dayLossCapHelp: "0 = no cap; counted over a GMT+08:00 day of game play",
    refusalLogSeconds: 'Refusal log interval (s)', refusalLogSecondsHelp: "A player's refusals by one control are logged once in this many seconds; the record counts the rest",
  },
  empty: { userconfigs: 'No player is under control. Use "Set control" to add one.' },
  detail: 'Control record',
  validation: { pesos: 'Pesos with at most 2 decimals, 0 or more', whole: 'A whole number from {{min}} to {{max}}', code: 'Only letters, digits, _ . : - (up to 64)' },
};

const zh: typeof en = {
  title: titles(false),
  game: gameNames('zh'),
  f: {
    uid: '玩家ID', name: '昵称', partner: '合作方', maxBet: '单注上限 (₱)', dayLossCap: '每日输额上限 (₱)', blocked: '禁玩游戏',
    coolOff: '冷静期', coolOffUntil: '冷静期至', coolingOff: '冷静中', cashoutReview: '提现复核', reason: '原因',
    updatedBy: '设置人', updatedAt: '设置时间', kind: '记录类型', control: '控制项', amount: '下注额', refusals: '拒绝次数', appId: '应用',
    message: '说明', actor: '操作人', at: '时间', before: '修改前', after: '修改后', side: '排行', range: '时间段', rank: '名次',
    bets: '下注', wins: '赢得', net: '净赢', betCount: '下注次数', controlled: '受控', recharge: '充值', cashout: '提现',
    difference: '充提差', game: '游戏', closed: '关闭',
  },
  control: {
    maxBet: '单注上限', dayLossCap: '每日输额上限', blocked: '禁玩游戏', coolOff: '冷静期', platformMaxBet: '平台单注上限',
    platformDayLossCap: '平台每日输额上限', providerMaxBet: '三方单注上限', providerClosed: '三方关闭',
  },
  kind: { set: '设置', clear: '解除', config: '全局限制', provider: '三方厂商', refusal: '拒绝下注' },
  side: { winners: '赢家榜', losers: '输家榜', payers: '净充值最多', takers: '净提现最多' },
  cool: { on: '冷静中', keep: '保持不变', h0: '无', h24: '24 小时', h72: '3 天', h168: '7 天', h720: '30 天' },
  help: {
    zeroNone: '0 = 不限',
    dayLossCap: '当日游戏输额加本注超过此值时拒绝下注（0 = 不限）',
    blockedHouse: '下注原因注明这些游戏时拒绝',
    blockedTp: '游戏代码或三方应用，用逗号分隔',
    coolOff: '在此时间结束前不接受下注',
    cashoutReview: '该玩家的每笔提现都需第二位审核人批准',
    appId: '三方厂商的平台应用：其下注计为三方游戏',
    game: '留空：整个厂商；否则为其某个游戏代码',
    closed: '拒绝该处所有下注',
  },
  action: {
    set: '设置控制', setTitle: '设置玩家控制', edit: '编辑', editTitle: '修改玩家控制', confirmEdit: '确定保存该玩家的控制？',
    clear: '解除', clearTitle: '解除玩家控制', confirmClear: '确定解除玩家 {{uid}} 的全部控制？',
    addProvider: '添加厂商或游戏', editProvider: '修改厂商控制', remove: '删除', confirmRemove: '确定删除 {{appId}} {{game}}？其下注将重新计为自营游戏。',
  },
  configs: {
    maxBet: '所有玩家单注上限 (₱)', maxBetHelp: '0 = 不限；超过即拒绝',
    dayLossCap: '所有玩家每日输额上限 (₱)', dayLossCapHelp: '0 = 不限；按 GMT+08:00 自然日的游戏输额计算',
    refusalLogSeconds: '拒绝记录间隔 (秒)', refusalLogSecondsHelp: '同一玩家同一控制项的拒绝在此时间内只记录一次，其余计入下一条',
  },
  empty: { userconfigs: '暂无受控玩家，点击“设置控制”添加。' },
  detail: '控制记录',
  validation: { pesos: '金额最多两位小数，不小于 0', whole: '{{min}} 到 {{max}} 之间的整数', code: '只能包含字母、数字及 _ . : -（最多 64 个）' },
};

export default { en: { controls: en }, zh: { controls: zh } };
