/** Strings of this folder's screens (issue 9); keys under 'agentx'. */
const en = {
  title: 'Third-party integration agents',
  create: 'New agent', createTitle: 'New integration agent', edit: 'Edit terms', editTitle: 'Edit the agent\'s terms',
  rotate: 'Rotate key', rotateTitle: 'Rotate the API key of {{appId}}', suspend: 'Suspend', activate: 'Reactivate',
  confirmEdit: 'Saving overwrites the terms of {{name}}. Continue?',
  confirmSuspend: 'Suspend {{name}}? Every call it signs is refused until it is reactivated.',
  confirmActivate: 'Reactivate {{name}}? Its calls are accepted again.',
  confirmRotate: 'Issue a new API key for {{appId}}? The current key keeps signing for {{hours}} hours, then it is refused.',
  keyTitle: 'API key of {{appId}}', keyOnce: 'This key is shown only now. Copy it and hand it over securely: it cannot be shown again.',
  keySigning: 'The agent signs each platform call with HMAC-SHA256 whose secret is the lowercase hex SHA-256 of this key (docs/api/agentx.md).',
  keyStored: 'I have stored the key', previousUntil: 'The previous key still signs until {{at}}.',
  detail: 'Agent', days: 'Last 14 days',
  f: {
    id: 'ID', name: 'Name', nameOrApp: 'Name or app ID', appId: 'App ID', partner: 'Partner', status: 'Status', walletMode: 'Wallet mode',
    callbackUrl: 'Callback URL', currency: 'Currency', revenueShare: 'Revenue share', ipAllowList: 'IP allow list', key: 'API key',
    calls: 'Calls', refused: 'Refused', errorRate: 'Error rate', players: 'Players', rounds: 'Bets placed', bets: 'Bets (₱)', wins: 'Wins (₱)',
    ggr: 'GGR (₱)', share: 'Agent share (₱)', range: 'Dates', day: 'Day', reason: 'Reason', overlapHours: 'Previous key valid for (hours)',
    createdAt: 'Created', updatedBy: 'Last changed by', previousUntil: 'Previous key until',
  },
  help: {
    appId: 'Lowercase letters, digits, _ . -; the X-App-Id the agent sends. Cannot be changed.',
    ipAllowList: 'IPv4/IPv6 addresses or CIDR blocks, one per line or separated by commas; empty: any address.',
    overlap: '0: the current key is refused at once.',
  },
  wallet: { seamless: 'Seamless', transfer: 'Transfer' },
  status: { active: 'Active', suspended: 'Suspended' },
  validation: {
    appId: '3 to 64 lowercase letters, digits, _ . or -',
    ip: '"{{entry}}" is not an IP address or CIDR block',
    callback: 'Must be an http or https URL',
  },
};

const zh: typeof en = {
  title: '第三方接入代理',
  create: '新建代理', createTitle: '新建接入代理', edit: '修改条款', editTitle: '修改代理条款',
  rotate: '更换密钥', rotateTitle: '更换 {{appId}} 的 API 密钥', suspend: '停用', activate: '重新启用',
  confirmEdit: '保存将覆盖 {{name}} 的当前条款，是否继续？',
  confirmSuspend: '停用 {{name}}？停用后它签名的所有调用都会被拒绝，直到重新启用。',
  confirmActivate: '重新启用 {{name}}？它的调用将重新被接受。',
  confirmRotate: '为 {{appId}} 生成新的 API 密钥？当前密钥在 {{hours}} 小时内仍可签名，之后将被拒绝。',
  keyTitle: '{{appId}} 的 API 密钥', keyOnce: '密钥只显示这一次。请复制并安全地交给对方，之后无法再次查看。',
  keySigning: '代理对每个平台调用使用 HMAC-SHA256 签名，密钥为本 API 密钥的小写十六进制 SHA-256（见 docs/api/agentx.md）。',
  keyStored: '我已保存密钥', previousUntil: '旧密钥在 {{at}} 之前仍可签名。',
  detail: '代理详情', days: '最近 14 天',
  f: {
    id: 'ID', name: '名称', nameOrApp: '名称或应用 ID', appId: '应用 ID', partner: '合作商', status: '状态', walletMode: '钱包模式',
    callbackUrl: '回调地址', currency: '币种', revenueShare: '收益分成', ipAllowList: 'IP 白名单', key: 'API 密钥',
    calls: '调用次数', refused: '被拒次数', errorRate: '错误率', players: '玩家数', rounds: '下注笔数', bets: '投注 (₱)', wins: '派彩 (₱)',
    ggr: '毛收入 GGR (₱)', share: '代理分成 (₱)', range: '日期', day: '日期', reason: '原因', overlapHours: '旧密钥有效时长（小时）',
    createdAt: '创建时间', updatedBy: '最后修改人', previousUntil: '旧密钥有效至',
  },
  help: {
    appId: '小写字母、数字、_ . -；即代理发送的 X-App-Id，创建后不可修改。',
    ipAllowList: 'IPv4/IPv6 地址或 CIDR 网段，每行一个或用逗号分隔；留空表示不限地址。',
    overlap: '0：当前密钥立即失效。',
  },
  wallet: { seamless: '单一钱包', transfer: '转账钱包' },
  status: { active: '启用', suspended: '已停用' },
  validation: {
    appId: '3 到 64 个小写字母、数字、_ . 或 -',
    ip: '“{{entry}}” 不是 IP 地址或 CIDR 网段',
    callback: '必须是 http 或 https 地址',
  },
};

export default { en: { agentx: en }, zh: { agentx: zh } };
