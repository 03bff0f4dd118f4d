/** Strings of the Facebook share activity's screens (keys under 'fbactivity'). */
const en = {
  title: { settings: 'Facebook activity · Settings', logs: 'Facebook activity log', share: 'Share' },
  setting: {
    open: 'Open', currency: 'Reward currency', amount: 'Reward amount', dailyLimit: 'Shares a day per player', totalBudget: 'Total budget',
    dailyBudget: 'Daily budget', hosts: 'Post link hosts', startAt: 'Starts at', endAt: 'Ends at',
  },
  help: {
    units: 'In the currency\'s smallest unit: chips in centavos (₱1 = 100), beans and diamonds whole',
    dailyLimit: 'A GMT+08:00 day; 1: once a day (a rejected share counts)',
    budget: 'What the activity may pay, in the reward\'s unit; 0: no limit',
    hosts: 'One host a line, exactly as in the link (list www. and m. forms too): facebook.com, m.facebook.com, fb.com…',
    time: 'An ISO time with its offset, e.g. 2026-11-30T00:00:00+08:00; empty: none',
  },
  currency: { chip: 'Chips', bean: 'Beans', diamond: 'Diamonds' },
  state: { not_reviewed: 'Not reviewed', approved: 'Approved', success: 'Rewarded', reject: 'Rejected' },
  f: {
    id: 'ID', submittedAt: 'Submitted', uid: 'UID', name: 'Name', day: 'Day', state: 'State', postUrl: 'Post link', screenshotUrl: 'Screenshot',
    amount: 'Reward', currency: 'Currency', reason: 'Reason', reviewedBy: 'Reviewed by', reviewedAt: 'Reviewed', paidBy: 'Paid by', paidAt: 'Paid',
    configVersion: 'Settings version', appId: 'Application', entryId: 'Ledger entry',
  },
  action: { approve: 'Approve', reject: 'Reject', pay: 'Pay' },
  confirm: {
    approve: 'Approve share {{id}} of player {{uid}}? It then waits to be paid.',
    pay: 'Pay the reward of share {{id}} to player {{uid}}? It is credited once and cannot be undone.',
  },
};

const zh: typeof en = {
  title: { settings: 'Facebook活动 · 配置', logs: 'Facebook活动记录', share: '分享' },
  setting: {
    open: '开启', currency: '奖励币种', amount: '奖励数量', dailyLimit: '每人每日分享次数', totalBudget: '总预算',
    dailyBudget: '每日预算', hosts: '帖子链接域名', startAt: '开始时间', endAt: '结束时间',
  },
  help: {
    units: '币种的最小单位：筹码为分（₱1 = 100），豆子和钻石为整数',
    dailyLimit: '按 GMT+08:00 自然日；1 为每日一次（被拒绝的分享也计入）',
    budget: '活动可发放的总量，单位同奖励；0 为不限',
    hosts: '每行一个域名，须与链接完全一致（www. 与 m. 需分别列出）：facebook.com、m.facebook.com、fb.com…',
    time: '带时区的 ISO 时间，如 2026-11-30T00:00:00+08:00；留空为不限',
  },
  currency: { chip: '筹码', bean: '豆子', diamond: '钻石' },
  state: { not_reviewed: '未审核', approved: '已通过', success: '已发奖', reject: '已拒绝' },
  f: {
    id: 'ID', submittedAt: '提交时间', uid: 'UID', name: '昵称', day: '日期', state: '状态', postUrl: '帖子链接', screenshotUrl: '截图',
    amount: '奖励', currency: '币种', reason: '原因', reviewedBy: '审核人', reviewedAt: '审核时间', paidBy: '发放人', paidAt: '发放时间',
    configVersion: '配置版本', appId: '应用', entryId: '账本流水',
  },
  action: { approve: '通过', reject: '拒绝', pay: '发奖' },
  confirm: {
    approve: '通过玩家 {{uid}} 的分享 {{id}}？通过后等待发奖。',
    pay: '向玩家 {{uid}} 发放分享 {{id}} 的奖励？奖励只发放一次且无法撤销。',
  },
};

export default { en: { fbactivity: en }, zh: { fbactivity: zh } };
