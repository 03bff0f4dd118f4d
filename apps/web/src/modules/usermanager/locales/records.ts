/** Strings of this part of /usermanager, keyed by screen (merged under 'usermanager' by ../locales.ts). */
const en = {
  search: {
    player: {
      name: 'Name', phone: 'Phone', status: 'Status', suspendedUntil: 'Suspended until', vip: 'VIP', chip: 'Chips',
      partner: 'Partner', shareId: 'Share ID', registeredAt: 'Registered', lastLoginAt: 'Last login',
      active: 'Active', suspended: 'Suspended', banned: 'Banned',
    },
    title: 'Player search',
    key: 'Search by',
    country: 'Country code (phone only)',
    value: 'Value',
    hint: 'Choose what to search by and enter the value. A phone search needs the country code and the number; a name matches from its start, in any case; a device or IP finds every player who has used it.',
    emptyHint: 'Choose what to search by, enter the value and press Search.',
    keys: { uid: 'UID', name: 'Name', phone: 'Phone', device: 'Device ID', ip: 'IP', gcash: 'GCash number', shareId: 'Share ID' },
  },
  searchsales: {
    title: 'Sales player search',
    shareCode: 'Share code',
    noCode: 'This account has no share code, so no players are registered with it. Ask an administrator to give it one.',
    ownCode: 'Players registered with your share code {{code}}.',
  },
  beanlogs: { title: 'Bean log' },
  bonuslogs: { title: 'Bonus log' },
  giftlogs: {
    title: 'Gift log', id: 'Record', at: 'Time', fromUid: 'Sender UID', toUid: 'Receiver UID', giftId: 'Gift', chips: 'Chips',
    charisma: 'Charisma', partner: 'Partner',
  },
  playtokplayer: {
    title: 'Player-to-player transfers',
    id: 'Record', at: 'Time', fromUid: 'From UID', dealerUid: 'Coin dealer UID', toUid: 'To UID', amount: 'Chips',
    price: 'Price paid (₱)', partner: 'Partner',
  },
  coindealerlogs: { title: 'Coin dealer log' },
  banAccountlogs: {
    title: 'Ban log', id: 'Record', at: 'Time', kind: 'Banned by', value: 'Account, device or IP', action: 'Action', reason: 'Reason',
    until: 'Until', operator: 'Operator', partner: 'Partner',
    kinds: { account: 'Account', device: 'Device', ip: 'IP' },
    actions: { ban: 'Ban', unban: 'Unban', suspend: 'Suspend', unsuspend: 'Lift suspension' },
  },
  feedback: {
    title: 'Player feedback', id: 'Record', at: 'Time', category: 'Category', text: 'Feedback', status: 'Status',
    reply: 'Reply', handledBy: 'Handled by', handledAt: 'Handled at', partner: 'Partner', detail: 'Feedback',
    statuses: { open: 'Open', replied: 'Replied', closed: 'Closed' },
    categories: { payment: 'Payment', bug: 'Bug', account: 'Account', suggestion: 'Suggestion', other: 'Other' },
    replyAction: 'Reply', replyTitle: 'Reply to the player', replyTooLong: 'Over 500 characters',
    closeAction: 'Close', closeConfirm: 'Close feedback {{id}} from player {{uid}}? It can no longer be replied to.',
  },
  tipoffs: {
    title: 'Player reports', id: 'Record', at: 'Time', uid: 'Reporter UID', targetUid: 'Reported UID', reason: 'Reason', text: 'Report',
    status: 'Status', note: 'Note', handledBy: 'Handled by', handledAt: 'Handled at', partner: 'Partner',
    statuses: { pending: 'Pending', valid: 'Valid', invalid: 'Invalid' },
    reasons: { collusion: 'Collusion', cheating: 'Cheating', abusive: 'Abusive language', scam: 'Scam', bot: 'Bot' },
    handleAction: 'Handle', handleTitle: 'Handle the report', verdict: 'Verdict',
  },
};

const zh: typeof en = {
  search: {
    player: {
      name: '昵称', phone: '手机号', status: '状态', suspendedUntil: '停封至', vip: 'VIP', chip: '筹码',
      partner: '合作方', shareId: '分享码', registeredAt: '注册时间', lastLoginAt: '最后登录',
      active: '正常', suspended: '已停封', banned: '已封禁',
    },
    title: '玩家查询',
    key: '查询方式',
    country: '国家区号（仅手机号）',
    value: '查询内容',
    hint: '选择查询方式并输入内容。按手机号查询需同时填写国家区号和号码；昵称按开头匹配，不区分大小写；设备或IP会找出所有使用过它的玩家。',
    emptyHint: '请选择查询方式、输入查询内容，然后点击查询。',
    keys: { uid: '玩家ID', name: '昵称', phone: '手机号', device: '设备ID', ip: 'IP', gcash: 'GCash账号', shareId: '分享码' },
  },
  searchsales: {
    title: '销售玩家查询',
    shareCode: '分享码',
    noCode: '此账号没有分享码，因此没有通过它注册的玩家。请联系管理员分配分享码。',
    ownCode: '通过您的分享码 {{code}} 注册的玩家。',
  },
  beanlogs: { title: '金豆记录' },
  bonuslogs: { title: '奖金记录' },
  giftlogs: {
    title: '礼物记录', id: '记录号', at: '时间', fromUid: '赠送者ID', toUid: '接收者ID', giftId: '礼物', chips: '筹码',
    charisma: '魅力值', partner: '合作方',
  },
  playtokplayer: {
    title: '玩家间转账',
    id: '记录号', at: '时间', fromUid: '转出玩家ID', dealerUid: '币商ID', toUid: '转入玩家ID', amount: '筹码',
    price: '支付金额（₱）', partner: '合作方',
  },
  coindealerlogs: { title: '币商记录' },
  banAccountlogs: {
    title: '封号记录', id: '记录号', at: '时间', kind: '封禁方式', value: '账号、设备或IP', action: '操作', reason: '原因',
    until: '截止时间', operator: '操作人', partner: '合作方',
    kinds: { account: '账号', device: '设备', ip: 'IP' },
    actions: { ban: '封禁', unban: '解封', suspend: '停封', unsuspend: '解除停封' },
  },
  feedback: {
    title: '玩家反馈', id: '记录号', at: '时间', category: '分类', text: '反馈内容', status: '状态',
    reply: '回复', handledBy: '处理人', handledAt: '处理时间', partner: '合作方', detail: '反馈详情',
    statuses: { open: '待处理', replied: '已回复', closed: '已关闭' },
    categories: { payment: '充值支付', bug: '故障', account: '账号', suggestion: '建议', other: '其他' },
    replyAction: '回复', replyTitle: '回复玩家', replyTooLong: '超过500个字符',
    closeAction: '关闭', closeConfirm: '确定关闭玩家 {{uid}} 的反馈 {{id}}？关闭后不能再回复。',
  },
  tipoffs: {
    title: '玩家举报', id: '记录号', at: '时间', uid: '举报人ID', targetUid: '被举报人ID', reason: '原因', text: '举报内容',
    status: '状态', note: '备注', handledBy: '处理人', handledAt: '处理时间', partner: '合作方',
    statuses: { pending: '待处理', valid: '有效', invalid: '无效' },
    reasons: { collusion: '串通', cheating: '作弊', abusive: '辱骂', scam: '诈骗', bot: '机器人' },
    handleAction: '处理', handleTitle: '处理举报', verdict: '处理结果',
  },
};

export default { en, zh } satisfies { en: Record<string, unknown>; zh: Record<string, unknown> };
