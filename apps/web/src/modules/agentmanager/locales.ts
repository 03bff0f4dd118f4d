/** Strings of this folder's screens (issue 9); keys under 'agentmanager'. */
const en = {
  title: {
    distribution: 'Wholesalers', distributionlogs: 'Distribution log', preview: 'Agent tree', report: 'Agent query', hostreport: 'Agent monthly report',
  },
  f: {
    uid: 'UID', name: 'Name', partner: 'Partner', status: 'Status', range: 'Dates', price: 'Price per 100 chips (centavos)', stock: 'Stock (₱)',
    today: 'Handed out today (₱)', dailyLimit: 'Daily limit (₱)', dailyLimitPesos: 'Daily limit (₱, 0: none)', stocked: 'Bought (₱)', distributed: 'Handed out (₱)',
    returned: 'Returned (₱)', players: 'Players', note: 'Note', reason: 'Reason', agentUid: 'Agent UID', player: 'Player UID', amountPesos: 'Amount (₱)',
    wholesaler: 'Wholesaler', kind: 'Movement', at: 'Time', tier: 'Tier', amount: 'Amount (₱)', paid: 'Paid (₱)', balanceAfter: 'Stock after (₱)', actor: 'By',
    requestId: 'Request ID', week: 'Week (Monday)', t1Invitees: 'T1 invitees', t2Invitees: 'T2 invitees', activeInvitees: 'Active invitees', t1Rake: 'T1 rake (₱)',
    t2Rake: 'T2 rake (₱)', rebate: 'Rebate (₱)', carry: 'Carried (₱)', weekStatus: 'Status', month: 'Month', agent: 'Agent', newInvitees: 'New T1',
    closed: 'State',
  },
  help: {
    agentUid: 'An agent of /agentcooperation; its stock belongs to the agent\'s partner.',
    price: 'What the wholesaler pays its partner for ₱1.00 of chips, in centavos (90 = 10% discount).',
    dailyLimit: 'Chips it may hand out in a day (GMT+8); 0 for no limit.',
  },
  action: {
    create: 'Add wholesaler', edit: 'Edit', stock: 'Buy stock', distribute: 'Hand out', return: 'Return stock', freeze: 'Freeze', unfreeze: 'Unfreeze',
    confirmStock: 'Buy stock for wholesaler {{uid}} from its partner\'s cloud chips?',
    confirmDistribute: 'Hand chips from the stock of wholesaler {{uid}} to the player?',
    confirmReturn: 'Return stock of wholesaler {{uid}} to its partner?',
    confirmEdit: 'Saving overwrites the terms of wholesaler {{uid}}. Continue?',
    confirmFreeze: 'Freeze wholesaler {{uid}}? No chips move until it is unfrozen.',
    confirmUnfreeze: 'Unfreeze wholesaler {{uid}}?',
  },
  kind: { stock: 'Bought', distribute: 'Handed out', return: 'Returned' },
  status: { active: 'Active', frozen: 'Frozen' },
  tier: { 0: 'Other player', 1: 'T1 invitee', 2: 'T2 invitee' },
  weekStatus: { pending: 'Pending', settled: 'Settled', voided: 'Voided' },
  empty: {
    distribution: 'No wholesaler yet: add an agent as a wholesaler.',
    report: 'Enter an agent UID to see its settled weeks.',
  },
  tree: {
    role: 'Role', agent: 'Agent', suspended: 'Suspended agent', wholesaler: 'Wholesaler', player: 'Player', t1: 'T1 invitees', t2: 'T2 invitees',
    subAgents: 'Sub-agents', invitees: 'Invitees', registeredAt: 'Registered', more: 'Load more', noInvitees: 'No invitees',
    t1Of: 'T1 invitees of {{uid}}', t2Of: 'Invitees of {{uid}} (T2 of the agent)', inviteesOf: 'Invitees of {{uid}}',
  },
  month: {
    title: 'Months', open: 'Open', running: 'Running', closed: 'Closed', closedBy: 'Closed by', closedAt: 'Closed at', agents: 'Agents',
    close: 'Close month', closeTitle: 'Close {{month}}',
    closeWarning: 'Closing {{month}} writes every agent\'s figures of the month once. They never change afterwards and the month cannot be reopened.',
  },
  validation: { pesos: 'An amount above 0 with at most 2 decimals', uid: 'Digits only' },
};

const zh: typeof en = {
  title: {
    distribution: '批发商列表', distributionlogs: '分销记录', preview: '代理树', report: '代理查询', hostreport: '代理月报',
  },
  f: {
    uid: 'UID', name: '名称', partner: '合作商', status: '状态', range: '日期', price: '每 100 筹码价格（分）', stock: '库存 (₱)',
    today: '今日已分发 (₱)', dailyLimit: '每日限额 (₱)', dailyLimitPesos: '每日限额（₱，0 为不限）', stocked: '进货 (₱)', distributed: '分发 (₱)',
    returned: '退还 (₱)', players: '玩家数', note: '备注', reason: '原因', agentUid: '代理 UID', player: '玩家 UID', amountPesos: '金额 (₱)',
    wholesaler: '批发商', kind: '类型', at: '时间', tier: '层级', amount: '金额 (₱)', paid: '应付 (₱)', balanceAfter: '变动后库存 (₱)', actor: '操作人',
    requestId: '请求 ID', week: '周（周一）', t1Invitees: '一级邀请', t2Invitees: '二级邀请', activeInvitees: '活跃邀请', t1Rake: '一级抽水 (₱)',
    t2Rake: '二级抽水 (₱)', rebate: '返利 (₱)', carry: '结转 (₱)', weekStatus: '状态', month: '月份', agent: '代理', newInvitees: '新增一级',
    closed: '状态',
  },
  help: {
    agentUid: '须为代理合作中的代理；库存归属该代理的合作商。',
    price: '批发商为 ₱1.00 筹码向合作商支付的价格（分），90 即九折。',
    dailyLimit: '每天（GMT+8）可分发的筹码；0 为不限。',
  },
  action: {
    create: '添加批发商', edit: '编辑', stock: '进货', distribute: '分发', return: '退还库存', freeze: '冻结', unfreeze: '解冻',
    confirmStock: '为批发商 {{uid}} 从其合作商云筹码进货？',
    confirmDistribute: '从批发商 {{uid}} 的库存向该玩家分发筹码？',
    confirmReturn: '将批发商 {{uid}} 的库存退还给合作商？',
    confirmEdit: '保存将覆盖批发商 {{uid}} 的当前设置，是否继续？',
    confirmFreeze: '冻结批发商 {{uid}}？解冻前不能进行任何筹码变动。',
    confirmUnfreeze: '解冻批发商 {{uid}}？',
  },
  kind: { stock: '进货', distribute: '分发', return: '退还' },
  status: { active: '正常', frozen: '已冻结' },
  tier: { 0: '其他玩家', 1: '一级邀请', 2: '二级邀请' },
  weekStatus: { pending: '待结算', settled: '已结算', voided: '已作废' },
  empty: {
    distribution: '暂无批发商：请将代理添加为批发商。',
    report: '请输入代理 UID 查看其已结算的周。',
  },
  tree: {
    role: '身份', agent: '代理', suspended: '已停用代理', wholesaler: '批发商', player: '玩家', t1: '一级邀请', t2: '二级邀请',
    subAgents: '下级代理', invitees: '邀请人数', registeredAt: '注册时间', more: '加载更多', noInvitees: '暂无邀请',
    t1Of: '{{uid}} 的一级邀请', t2Of: '{{uid}} 的邀请（代理的二级）', inviteesOf: '{{uid}} 的邀请',
  },
  month: {
    title: '月份', open: '未结', running: '进行中', closed: '已结账', closedBy: '结账人', closedAt: '结账时间', agents: '代理数',
    close: '结账', closeTitle: '结账 {{month}}',
    closeWarning: '结账 {{month}} 会一次性写入每个代理当月的数据，之后永不更改，且该月不能重新打开。',
  },
  validation: { pesos: '大于 0 的金额，最多两位小数', uid: '只能输入数字' },
};

export default { en: { agentmanager: en }, zh: { agentmanager: zh } };
