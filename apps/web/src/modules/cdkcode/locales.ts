/** Strings of /activities/cdkcode (redemption codes); keys under 'cdkcode'. */
const en = {
  title: 'Redemption codes', batches: 'Batches', redemptions: 'Redemptions', codes: 'Codes of batch #{{id}}', back: 'All batches',
  id: 'Batch', name: 'Name', kind: 'Kind', kinds: { unique: 'One-use codes', universal: 'Universal code' },
  quantity: 'Codes / max uses', quantityHelp: 'One-use codes: how many codes (≤ 10,000). Universal code: how many accounts may use it (one use each).',
  currency: 'Currency', currencies: { chip: 'Chips', bean: 'Beans', diamond: 'Diamonds' },
  amount: 'Reward', amountHelp: 'In the currency\'s smallest unit (chips: centavos, 100 = ₱1).',
  startAt: 'Valid from', endAt: 'Valid until', timeHelp: 'YYYY-MM-DD HH:mm, GMT+08:00', badTime: 'Use YYYY-MM-DD HH:mm',
  endBeforeStart: 'Must be after Valid from',
  status: 'Status', statuses: { active: 'Active', disabled: 'Disabled' },
  state: 'Now', states: { active: 'Redeemable', disabled: 'Disabled', notStarted: 'Not started', expired: 'Expired', usedUp: 'Used up' },
  redeemed: 'Redeemed', createdBy: 'Created by', createdAt: 'Created', updatedBy: 'Changed by',
  newBatch: 'New batch', disable: 'Disable', enable: 'Enable', showCodes: 'Codes',
  confirmDisable: 'Disable batch #{{id}} "{{name}}"? Its codes stop redeeming until it is enabled again.',
  confirmEnable: 'Enable batch #{{id}} "{{name}}" again?',
  code: 'Code', uses: 'Uses', maxUses: 'Max uses', lastAt: 'Last redeemed', used: 'Used', usedYes: 'Used', usedNo: 'Never used',
  uid: 'UID', player: 'Player', batchName: 'Batch name', at: 'Redeemed at', device: 'Device', phone: 'Phone', gcash: 'GCash', app: 'App',
  noBatches: 'No batch yet: create one with "New batch".',
};

const zh: typeof en = {
  title: '兑换码', batches: '批次', redemptions: '兑换记录', codes: '批次 #{{id}} 的兑换码', back: '全部批次',
  id: '批次', name: '名称', kind: '类型', kinds: { unique: '一次性兑换码', universal: '通用兑换码' },
  quantity: '码数 / 最多次数', quantityHelp: '一次性兑换码：生成多少个（≤ 10,000）。通用兑换码：最多多少个账号可用（每个账号一次）。',
  currency: '货币', currencies: { chip: '金币', bean: '金豆', diamond: '钻石' },
  amount: '奖励', amountHelp: '以该货币的最小单位计（金币：分，100 = ₱1）。',
  startAt: '生效时间', endAt: '失效时间', timeHelp: 'YYYY-MM-DD HH:mm，GMT+08:00', badTime: '格式为 YYYY-MM-DD HH:mm',
  endBeforeStart: '必须晚于生效时间',
  status: '状态', statuses: { active: '启用', disabled: '停用' },
  state: '当前', states: { active: '可兑换', disabled: '已停用', notStarted: '未开始', expired: '已过期', usedUp: '已用完' },
  redeemed: '已兑换', createdBy: '创建人', createdAt: '创建时间', updatedBy: '修改人',
  newBatch: '新建批次', disable: '停用', enable: '启用', showCodes: '兑换码',
  confirmDisable: '停用批次 #{{id}}「{{name}}」？启用前其兑换码无法兑换。',
  confirmEnable: '重新启用批次 #{{id}}「{{name}}」？',
  code: '兑换码', uses: '已用次数', maxUses: '最多次数', lastAt: '最近兑换', used: '使用情况', usedYes: '已使用', usedNo: '未使用',
  uid: 'UID', player: '玩家', batchName: '批次名称', at: '兑换时间', device: '设备', phone: '手机', gcash: 'GCash', app: '应用',
  noBatches: '还没有批次：点击「新建批次」创建。',
};

export default { en: { cdkcode: en }, zh: { cdkcode: zh } };
