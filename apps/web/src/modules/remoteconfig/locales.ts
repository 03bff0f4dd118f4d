/**
 * Strings of /remoteconfig: payment and cash-out channels, packages, platform applications
 * (issue 6; sms and the rest come with issue 8); keys under 'remoteconfig'.
 */

const en = {
  confirmOverwrite: 'Saving overwrites the current settings of this item. Continue?',
  status: { open: 'Open', maintenance: 'Maintenance', close: 'Closed' },
  validation: {
    whole: 'A whole number from {{min}} to {{max}}',
    pesos: 'An amount in pesos, at least 0.01, at most 2 decimals',
    code: 'Letters, digits, _ - . only, at most {{max}} characters',
  },
  payControl: {
    channelsTitle: 'Recharge channels', productsTitle: 'Products',
    channel: 'Channel', name: 'Name', icon: 'Icon', iconHelp: 'An icon URL or the name the client app knows',
    sortOrder: 'Order', status: 'Status', paidOnly: 'Paid players only', paidOnlyHelp: 'Shown only to players who have paid before',
    products: 'Products', packages: 'Packages', updatedAt: 'Updated',
    productId: 'Product id', price: 'Price (₱)', chips: 'Chips', firstBonus: 'First-recharge bonus (chips)',
    firstBonusHelp: "Extra chips on a player's first paid recharge", enabled: 'On sale',
    createChannel: 'Add channel', createProduct: 'Add product', edit: 'Edit', editChannel: 'Edit channel', editProduct: 'Edit product',
    remove: 'Remove',
    confirmRemoveChannel: 'Remove channel {{channel}}? Its history stays and can restore it.',
    confirmRemoveProduct: 'Remove product {{productId}}? Channels stop selling it; its history stays and can restore it.',
  },
  packageControl: {
    title: 'Packages', package: 'Package', name: 'Name', partner: 'Partner', platform: 'Platform (0)',
    channels: 'Recharge channels shown', channelsHelp: 'Only open channels reach the app', createdAt: 'Added',
    create: 'Add package', edit: 'Edit', editTitle: 'Edit package', remove: 'Remove',
    confirmRemove: 'Remove package {{package}}? Its history stays and can restore it.',
  },
  cashOutEdter: {
    title: 'Cash-out channels', channel: 'Channel', name: 'Name', icon: 'Icon', sortOrder: 'Order', status: 'Status',
    min: 'Minimum (₱)', max: 'Maximum (₱)', rangeHelp: 'Both bounds included', feePercent: 'Fee (%)',
    dailyMax: 'Max withdrawals a day', dailyMaxEnabled: 'Daily maximum on',
    maxConsecutiveFailures: 'Max consecutive failures', failuresHelp: 'Reached: the channel closes itself (0: never)',
    consecutiveFailures: 'Current failures', updatedAt: 'Updated',
    create: 'Add channel', edit: 'Edit', editTitle: 'Edit cash-out channel', remove: 'Remove',
    resetFailures: 'Reset failures', confirmResetFailures: 'Set the failures of {{channel}} back to 0? Its status stays as it is.',
    confirmRemove: 'Remove cash-out channel {{channel}}? Its history stays and can restore it.',
  },
  withdrawalconfigs: {
    title: 'Withdrawal settings',
    fourEyesAmount: 'Four-eyes amount (₱)', fourEyesHelp: 'An order above this amount needs a second reviewer',
    dailyCount: 'Cash-outs a player may request a day', dailyCountHelp: 'Over every channel, GMT+08:00 days; 0: no limit',
    reviewFromHour: 'Review from (hour)', reviewToHour: 'Review until (hour)', reviewHoursHelp: 'GMT+08:00 hours reviewers work; shown to players',
  },
  application: {
    title: 'Applications', appId: 'App id', name: 'Name', enabled: 'Enabled', fingerprint: 'Secret fingerprint',
    createdAt: 'Created', rotatedAt: 'Secret rotated', previousUntil2: 'Previous secret', previousUntil: 'The previous secret still signs until {{at}}.',
    overlapUntil: 'signs until {{at}}', overlapEnded: 'ended {{at}}',
    create: 'Add application', createTitle: 'Add application', rotate: 'Rotate secret', rotateTitle: 'Rotate the secret of {{appId}}',
    overlapHours: 'Overlap (hours)', overlapHelp: 'The current secret keeps signing this long (0 to 168; 0: refused at once)',
    confirmRotate: 'Rotate the secret of {{appId}}? The current one stops signing after {{hours}} hours.',
    secretTitle: 'Secret of {{appId}}', secretOnce: 'Copy it now: it is shown this once and never again.', secretStored: 'I have stored it',
    rename: 'Rename', disable: 'Disable', enable: 'Enable',
    confirmDisable: 'Disable {{appId}}? Every call it signs is refused.', confirmEnable: 'Enable {{appId}}?',
    version: 'Version',
  },
};

const zh: typeof en = {
  confirmOverwrite: '保存将覆盖此项的当前设置，是否继续？',
  status: { open: '开启', maintenance: '维护', close: '关闭' },
  validation: {
    whole: '请输入 {{min}} 到 {{max}} 之间的整数',
    pesos: '金额（比索）至少 0.01，最多两位小数',
    code: '只能包含字母、数字、_ - .，最多 {{max}} 个字符',
  },
  payControl: {
    channelsTitle: '充值渠道', productsTitle: '商品',
    channel: '渠道', name: '名称', icon: '图标', iconHelp: '图标地址或客户端识别的名称',
    sortOrder: '排序', status: '状态', paidOnly: '仅付费玩家', paidOnlyHelp: '只对付费过的玩家显示',
    products: '商品', packages: '包', updatedAt: '更新时间',
    productId: '商品ID', price: '价格（₱）', chips: '筹码', firstBonus: '首充奖励（筹码）',
    firstBonusHelp: '玩家首次付费充值时额外赠送的筹码', enabled: '上架',
    createChannel: '新增渠道', createProduct: '新增商品', edit: '编辑', editChannel: '编辑渠道', editProduct: '编辑商品',
    remove: '删除',
    confirmRemoveChannel: '确定删除渠道 {{channel}}？历史版本保留，可用于恢复。',
    confirmRemoveProduct: '确定删除商品 {{productId}}？渠道将不再出售；历史版本保留，可用于恢复。',
  },
  packageControl: {
    title: '包', package: '包名', name: '名称', partner: '合作方', platform: '平台（0）',
    channels: '显示的充值渠道', channelsHelp: '只有开启的渠道会下发给应用', createdAt: '添加时间',
    create: '新增包', edit: '编辑', editTitle: '编辑包', remove: '删除',
    confirmRemove: '确定删除包 {{package}}？历史版本保留，可用于恢复。',
  },
  cashOutEdter: {
    title: '提现渠道', channel: '渠道', name: '名称', icon: '图标', sortOrder: '排序', status: '状态',
    min: '最低金额（₱）', max: '最高金额（₱）', rangeHelp: '包含上下限', feePercent: '手续费（%）',
    dailyMax: '每日最多提现次数', dailyMaxEnabled: '启用每日上限',
    maxConsecutiveFailures: '最大连续失败次数', failuresHelp: '达到后渠道自动关闭（0：不关闭）',
    consecutiveFailures: '当前连续失败', updatedAt: '更新时间',
    create: '新增渠道', edit: '编辑', editTitle: '编辑提现渠道', remove: '删除',
    resetFailures: '重置失败次数', confirmResetFailures: '确定将 {{channel}} 的失败次数清零？状态保持不变。',
    confirmRemove: '确定删除提现渠道 {{channel}}？历史版本保留，可用于恢复。',
  },
  withdrawalconfigs: {
    title: '提现配置',
    fourEyesAmount: '双人审核金额（₱）', fourEyesHelp: '超过此金额的订单需要第二位审核人',
    dailyCount: '玩家每日可申请提现次数', dailyCountHelp: '所有渠道合计，按 GMT+08:00 日计；0：不限',
    reviewFromHour: '审核开始（时）', reviewToHour: '审核结束（时）', reviewHoursHelp: '审核人员工作时段（GMT+08:00），向玩家展示',
  },
  application: {
    title: '应用', appId: '应用ID', name: '名称', enabled: '启用', fingerprint: '密钥指纹',
    createdAt: '创建时间', rotatedAt: '密钥轮换时间', previousUntil2: '旧密钥', previousUntil: '旧密钥在 {{at}} 之前仍可签名。',
    overlapUntil: '有效至 {{at}}', overlapEnded: '已于 {{at}} 失效',
    create: '新增应用', createTitle: '新增应用', rotate: '轮换密钥', rotateTitle: '轮换 {{appId}} 的密钥',
    overlapHours: '过渡期（小时）', overlapHelp: '当前密钥在此期间仍可签名（0 到 168；0：立即失效）',
    confirmRotate: '确定轮换 {{appId}} 的密钥？当前密钥将在 {{hours}} 小时后失效。',
    secretTitle: '{{appId}} 的密钥', secretOnce: '请立即复制：密钥只显示这一次。', secretStored: '我已保存',
    rename: '重命名', disable: '停用', enable: '启用',
    confirmDisable: '确定停用 {{appId}}？其签名的所有调用都将被拒绝。', confirmEnable: '确定启用 {{appId}}？',
    version: '版本',
  },
};

export default {
  en: { remoteconfig: en },
  zh: { remoteconfig: zh },
};
