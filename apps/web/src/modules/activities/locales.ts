/**
 * Strings of /activities (issue 10); keys under 'activities'. Activity and screen names come
 * from the route catalogue's titles, settings labels, rules and state names from
 * @console/activities (en and zh): a new activity brings its own strings.
 */
import { listScreens } from '@console/catalog';
import { ACTIVITIES, STATE_LABELS, VIP_LABELS } from '@console/activities';
import { activityScreenEntries } from './common';

type Lang = 'en' | 'zh';
const entries = listScreens();
const titleOf = (path: string) => entries.find((e) => e.fullPath === path)?.title;

/** `<activity> · <screen>` for every built screen (relief's settings are the route itself: its own title). */
const titles = (lang: Lang) => {
  const out: Record<string, Record<string, string>> = {};
  for (const e of activityScreenEntries()) {
    const name = titleOf(`/activities/${e.activity.id}`)?.[lang] ?? e.activity.name[lang];
    const screen = titleOf(e.path)?.[lang];
    (out[e.activity.id] ??= {})[e.screen] = screen && e.path !== `/activities/${e.activity.id}` ? `${name} · ${screen}` : name;
  }
  return out;
};

const settingLabels = (lang: Lang) => Object.fromEntries(ACTIVITIES.map((a) => [a.id, Object.fromEntries(Object.entries(a.labels).map(([k, v]) => [k, v[lang]]))]));
const vipLabels = (lang: Lang) => Object.fromEntries(Object.entries(VIP_LABELS).map(([k, v]) => [k, v[lang]]));
const names = (lang: Lang) => Object.fromEntries(ACTIVITIES.map((a) => [a.id, a.name[lang]]));
const rules = (lang: Lang) => Object.fromEntries(ACTIVITIES.map((a) => [a.id, a.rules[lang]]));
const states = (lang: Lang) => Object.fromEntries(Object.entries(STATE_LABELS).map(([k, v]) => [k, v[lang]]));

const en = {
  title: titles('en'),
  setting: settingLabels('en'),
  name: names('en'),
  rules: rules('en'),
  state: states('en'),
  currency: { chip: 'Chips', bean: 'Beans', diamond: 'Diamonds' },
  f: {
    participants: 'Participants', rewardedPlayers: 'Players rewarded', claims: 'Rewards paid', rewarded: 'Paid (₱)', budgetSpent: 'Budget spent (₱)',
    totalUsed: 'Total budget used', spentToday: 'Paid today (₱)', dailyUsed: 'Daily budget used', day: 'Day', uid: 'UID', name: 'Name',
    partner: 'Partner', period: 'Period', state: 'State', progress: 'Progress', target: 'Target', rewards: 'Rewards', configVersion: 'Settings version',
    firstAt: 'Joined', updatedAt: 'Last change', resetAt: 'Reset by a settings save', at: 'Time', tier: 'Tier', currency: 'Currency', amount: 'Amount',
    device: 'Device', phone: 'Phone', gcash: 'GCash', appId: 'Application', id: 'Version', actor: 'Changed by', action: 'Action', before: 'Before', after: 'After',
    inviterUid: 'Inviter UID', inviterName: 'Inviter', inviteeUid: 'Invitee UID', registeredAt: 'Registered', phoneBound: 'Phone bound', newPhone: 'New phone',
    newDevice: 'New device', rounds: 'Rounds', firstDeposit: 'First recharge (₱)', firstDepositAt: 'First recharge at', validBet: 'Valid bet (₱)', valid: 'Valid', why: 'Why not',
  },
  invite: { valid: 'Valid', invalid: 'Not valid' },
  zone: {
    title: 'Activity zone', items: 'Activities', rules: 'The activities the app shows in its zone',
    help: 'One row per activity: hidden ones are left out, the rest sorted by order, unlisted activities after them; banners ≤ 100 characters',
    activity: 'Activity', visible: 'Shown', order: 'Order', bannerEn: 'Banner (English)', bannerZh: 'Banner (Chinese)',
    confirm: 'Saving starts a new version of the activity zone; the app applies it at once. Save?',
  },
  dashboard: {
    chart: 'Participants, rewards and amount paid by day', rewardedPesos: 'Paid (₱)', days: 'By day', noLimit: 'no limit',
    open: 'Open · settings version {{version}}', openDefaults: 'Open · default settings (never saved)', closed: 'Closed: players see nothing and cannot claim',
    budgets: 'Budgets: total {{total}}, a day {{daily}}, per player {{cap}}',
  },
  players: { participants: 'Participants', rewards: 'Rewards paid' },
  configs: {
    rules: 'Rules', settings: 'Settings', pesos: 'In pesos', json: 'A table as JSON, amounts in centavos (₱1 = 100); the server checks it on save and names a wrong field',
    time: 'An ISO time with its offset, e.g. 2026-11-30T00:00:00+08:00; empty: none', badJson: 'Not valid JSON',
    running: 'Running (period {{period}}, settings version {{version}}): saving resets the unfinished progress of {{n}} participant(s) of this period; rewards already claimed stay',
    notRunning: 'Not running now (settings version {{version}})',
    confirmRunning: 'This activity is running. Saving starts a new settings version and resets the unfinished progress of the current period; rewards already claimed stay. Save?',
  },
  configlogs: { detail: 'Settings change' },
  vip: {
    configTitle: 'New VIP · VIP settings', dashboardTitle: 'New VIP · VIP dashboard', searchTitle: 'VIP search', settings: 'VIP settings', rules: 'Rules',
    confirm: 'Saving starts a new version of the VIP settings; the next daily evaluation applies it to every player (a shorter period applies to the running one). Save?',
    levelsHelp: 'One row per level, from 1, thresholds rising: exp counts a recharged centavo as 1 (a ₱100 recharge is 10,000 exp); the gift in pesos; rebate and bonus in percent',
    setting: vipLabels('en'),
    kind: { up: 'Level up', maintain: 'Maintained', down: 'Level down', restore: 'Restored' },
    chart: 'Level changes and payments by day', changes: 'Level changes', levelsNow: 'VIP players by level (last evaluated day: {{day}})',
    levelsTitle: 'Levels in force (maintain period {{period}} days, restore within {{restore}} days)',
    f: {
      vips: 'VIP players', gift: 'Level-up gifts (₱)', rebate: 'Bet rebates (₱)', deposit: 'Deposit bonuses (₱)', paidPesos: 'Paid (₱)', uid: 'UID', name: 'Name',
      partner: 'Partner', kind: 'Change', at: 'Evaluated', day: 'Day', fromLevel: 'From', toLevel: 'To', reason: 'Reason', exp: 'Exp', periodExp: 'Exp this period',
      configVersion: 'Settings version', level: 'Level', minLevel: 'At least', keep: 'Period exp / to keep', next: 'Exp for the next level', periodStart: 'Period from',
      periodEnd: 'Period to', droppedFrom: 'Lost level', droppedOn: 'Lost on', topLevel: 'Highest level', lastDay: 'Last evaluated', phone: 'Phone',
      upExp: 'Up exp', maintainExp: 'Maintain exp', recoverExp: 'Recover exp', betRebate: 'Bet rebate', depositBonus: 'Deposit bonus',
    },
  },
};

const zh: typeof en = {
  title: titles('zh'),
  setting: settingLabels('zh'),
  name: names('zh'),
  rules: rules('zh'),
  state: states('zh'),
  currency: { chip: '筹码', bean: '豆子', diamond: '钻石' },
  f: {
    participants: '参与人数', rewardedPlayers: '获奖人数', claims: '发奖次数', rewarded: '发放金额(₱)', budgetSpent: '已用预算(₱)',
    totalUsed: '总预算使用率', spentToday: '今日发放(₱)', dailyUsed: '每日预算使用率', day: '日期', uid: 'UID', name: '昵称',
    partner: '合作商', period: '周期', state: '状态', progress: '进度', target: '目标', rewards: '领奖次数', configVersion: '配置版本',
    firstAt: '参与时间', updatedAt: '最后变化', resetAt: '因配置保存重置', at: '时间', tier: '档位', currency: '币种', amount: '数量',
    device: '设备', phone: '手机', gcash: 'GCash', appId: '应用', id: '版本', actor: '修改人', action: '操作', before: '修改前', after: '修改后',
    inviterUid: '邀请人UID', inviterName: '邀请人', inviteeUid: '被邀请人UID', registeredAt: '注册时间', phoneBound: '已绑手机', newPhone: '新手机',
    newDevice: '新设备', rounds: '局数', firstDeposit: '首充(₱)', firstDepositAt: '首充时间', validBet: '有效投注(₱)', valid: '有效', why: '无效原因',
  },
  invite: { valid: '有效', invalid: '无效' },
  zone: {
    title: '活动专区', items: '活动', rules: 'App活动专区展示的活动',
    help: '每个活动一行：隐藏的不展示，其余按顺序排列，未列出的活动排在最后；横幅不超过100个字符',
    activity: '活动', visible: '展示', order: '顺序', bannerEn: '横幅（英文）', bannerZh: '横幅（中文）',
    confirm: '保存将生成新的活动专区版本，App 立即生效。确定保存？',
  },
  dashboard: {
    chart: '每日参与人数、发奖次数与发放金额', rewardedPesos: '发放金额(₱)', days: '按日', noLimit: '不限',
    open: '开启中 · 配置版本 {{version}}', openDefaults: '开启中 · 默认配置（从未保存）', closed: '已关闭：玩家看不到也无法领取',
    budgets: '预算：总计 {{total}}，每日 {{daily}}，单人 {{cap}}',
  },
  players: { participants: '参与玩家', rewards: '发奖记录' },
  configs: {
    rules: '规则', settings: '配置', pesos: '单位：比索', json: 'JSON 表格，金额单位为分（₱1 = 100）；保存时由服务器校验并指出错误字段',
    time: '带时区的 ISO 时间，如 2026-11-30T00:00:00+08:00；留空为不限', badJson: 'JSON 格式不正确',
    running: '进行中（周期 {{period}}，配置版本 {{version}}）：保存将重置本周期 {{n}} 名参与者未完成的进度；已领取的奖励保留',
    notRunning: '当前未进行（配置版本 {{version}}）',
    confirmRunning: '该活动正在进行。保存将生成新的配置版本并重置本周期未完成的进度；已领取的奖励保留。确定保存？',
  },
  configlogs: { detail: '配置变更' },
  vip: {
    configTitle: '新VIP · VIP配置', dashboardTitle: '新VIP · VIP数据看板', searchTitle: 'VIP查询', settings: 'VIP配置', rules: '规则',
    confirm: '保存将生成新的VIP配置版本，下一次每日评估对所有玩家生效（缩短的周期对进行中的周期同样生效）。确定保存？',
    levelsHelp: '每个等级一行，从1开始，门槛递增：充值1分计1经验（充值₱100为10,000经验）；礼金单位为比索；返利与加赠为百分比',
    setting: vipLabels('zh'),
    kind: { up: '升级', maintain: '保级', down: '降级', restore: '恢复' },
    chart: '每日等级变化与发放', changes: '等级变化记录', levelsNow: '各等级VIP人数（最近评估日：{{day}}）',
    levelsTitle: '当前等级（保级周期 {{period}} 天，{{restore}} 天内可恢复）',
    f: {
      vips: 'VIP人数', gift: '升级礼金(₱)', rebate: '投注返利(₱)', deposit: '充值加赠(₱)', paidPesos: '发放(₱)', uid: 'UID', name: '昵称',
      partner: '合作商', kind: '变化', at: '评估时间', day: '日期', fromLevel: '原等级', toLevel: '新等级', reason: '原因', exp: '经验', periodExp: '本周期经验',
      configVersion: '配置版本', level: '等级', minLevel: '至少', keep: '本周期经验 / 保级所需', next: '下一级所需经验', periodStart: '周期开始',
      periodEnd: '周期结束', droppedFrom: '失去的等级', droppedOn: '降级日期', topLevel: '最高等级', lastDay: '最近评估', phone: '手机',
      upExp: '升级经验', maintainExp: '保级经验', recoverExp: '恢复经验', betRebate: '投注返利', depositBonus: '充值加赠',
    },
  },
};

export default { en: { activities: en }, zh: { activities: zh } };
