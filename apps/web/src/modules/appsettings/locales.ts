/** Strings of the appsettings screens (issue 8); keys under 'appsettings'. */
const en = {
  common: {
    edit: 'Edit', remove: 'Remove', updatedAt: 'Updated',
    confirmOverwrite: 'Saving overwrites the current settings of this item. Continue?',
    confirmOverwriteConfig: 'Saving overwrites the current SMS routing rules. Continue?',
    confirmRemove: 'Remove {{key}}? Its history stays and can restore it.',
  },
  validation: {
    code: 'Letters, digits, _ - . only, at most 64 characters',
    country: 'A country calling code: 1 to 4 digits, no leading 0 (* for any country abroad)',
    region: 'A region code: CN, or CN-GD for a province',
    ip: 'An IP address or a range such as 203.0.113.0/24',
    uid: 'A player id',
    device: 'At most 128 characters',
  },
  function: { all: 'All codes', register: 'Registration', login: 'Login', bind: 'Phone binding', reset: 'Password reset' },
  provider: {
    id: 'Provider id', idHelp: 'The id the platform sends through (as in its sms.sent events)', name: 'Name', function: 'Function',
    rank: 'Rank', rankHelp: '1 is tried first', countryCode: 'Country code', enabled: 'Enabled', search: 'Id or name',
  },
  localconfig: {
    title: 'Local SMS providers', create: 'Add provider', editTitle: 'Edit local provider', id: 'Provider id',
    countryHelp: 'The domestic calling code (smsconfig), without +',
  },
  globalconfig: {
    title: 'International SMS providers', create: 'Add provider', editTitle: 'Edit international provider', id: 'Provider id',
    countryHelp: 'A calling code without + (65, 1), or * for every other country',
  },
  smsconfig: {
    title: 'SMS routing rules', domesticCountry: 'Domestic country code', domesticHelp: 'Numbers with this code use the local providers; all others the international ones',
    failureLimitPercent: 'Failure limit (%)', limitHelp: 'A provider failing more than this share of its results is skipped',
    windowMinutes: 'Window (minutes)', minResults: 'Minimum results', minResultsHelp: 'Fewer results in the window: the provider is not judged',
    fallback: 'Fall back when all fail', fallbackHelp: 'On: the least failing provider still sends; off: the platform is told none is available',
  },
  smslogs: {
    title: 'SMS log', at: 'Sent', country: 'Country code', phone: 'Phone', code: 'Code (masked)', provider: 'Provider', purpose: 'Purpose',
    result: 'Result', resultAt: 'Result at', reason: 'Reason', appId: 'App',
    results: { delivered: 'Delivered', failed: 'Failed', pending: 'No report' },
  },
  gamestore: {
    title: 'Game store gift packs', create: 'Add gift pack', editTitle: 'Edit gift pack', id: 'Pack id', name: 'Name', message: 'Message',
    messageHelp: 'Shown under the pack in the store', gold: 'Gold (chips)', diamond: 'Diamonds', goldHelp: 'A pack gives gold, diamonds or both',
    price: 'Price (₱)', packages: 'Sold by store packages', packagesHelp: 'The app packages whose store shows this pack', package: 'Store package',
    sortOrder: 'Order', enabled: 'On sale', search: 'Id or name',
  },
  awardconfigs: {
    title: 'Award tables', create: 'Add award', editTitle: 'Edit award', id: 'Award id', idHelp: 'Activities and messages name the award by this id',
    name: 'Name', use: 'Used by', chip: 'Chips', bean: 'Beans', diamond: 'Diamonds', bonus: 'Bonus', note: 'Note', enabled: 'Enabled', search: 'Id or name',
    uses: { any: 'Anything', activity: 'Activities', message: 'Messages', retrieval: 'Lost-player retrieval' },
  },
  shielddomesticconfigs: {
    title: 'Domestic blocking', create: 'Add block', editTitle: 'Edit block', kind: 'Kind', value: 'Region or range',
    valueHelp: 'A region code (CN, CN-GD) or an IP range (203.0.113.0/24, 2001:db8::/32)', reason: 'Reason shown by the app', enabled: 'Enabled',
    search: 'Region, range or reason', kinds: { region: 'Region', ip: 'IP range' },
  },
  whiteconfigs: {
    title: 'Allow list', create: 'Add exemption', editTitle: 'Edit exemption', kind: 'Kind', value: 'Player, device or range',
    valueHelp: 'A player id, a device id, or an IP address or range', note: 'Note', enabled: 'Enabled', search: 'Value or note',
    kinds: { uid: 'Player', device: 'Device', ip: 'IP range' },
  },
};

const zh: typeof en = {
  common: {
    edit: '编辑', remove: '删除', updatedAt: '更新时间',
    confirmOverwrite: '保存将覆盖该项当前的设置，是否继续？',
    confirmOverwriteConfig: '保存将覆盖当前的短信路由规则，是否继续？',
    confirmRemove: '删除 {{key}}？其历史版本会保留，可用于恢复。',
  },
  validation: {
    code: '仅限字母、数字、_ - .，最多 64 个字符',
    country: '国家区号：1 至 4 位数字，不以 0 开头（国际可用 * 表示任意国家）',
    region: '地区代码：如 CN，省份如 CN-GD',
    ip: 'IP 地址或网段，如 203.0.113.0/24',
    uid: '玩家 ID',
    device: '最多 128 个字符',
  },
  function: { all: '全部验证码', register: '注册', login: '登录', bind: '绑定手机', reset: '重置密码' },
  provider: {
    id: '服务商 ID', idHelp: '平台发送时使用的 ID（与 sms.sent 事件一致）', name: '名称', function: '功能',
    rank: '优先级', rankHelp: '1 最先尝试', countryCode: '国家区号', enabled: '启用', search: 'ID 或名称',
  },
  localconfig: {
    title: '本地短信服务商', create: '添加服务商', editTitle: '编辑本地服务商', id: '服务商 ID',
    countryHelp: '本国区号（见短信配置），不带 +',
  },
  globalconfig: {
    title: '国际短信服务商', create: '添加服务商', editTitle: '编辑国际服务商', id: '服务商 ID',
    countryHelp: '区号不带 +（如 65、1），* 表示其他所有国家',
  },
  smsconfig: {
    title: '短信路由规则', domesticCountry: '本国区号', domesticHelp: '该区号的号码走本地服务商，其他号码走国际服务商',
    failureLimitPercent: '失败率上限（%）', limitHelp: '服务商失败比例超过该值时跳过',
    windowMinutes: '统计窗口（分钟）', minResults: '最少结果数', minResultsHelp: '窗口内结果少于该数时不判断',
    fallback: '全部失败时兜底', fallbackHelp: '开：仍由失败率最低的服务商发送；关：告知平台无可用服务商',
  },
  smslogs: {
    title: '短信记录', at: '发送时间', country: '国家区号', phone: '手机号', code: '验证码（已遮盖）', provider: '服务商', purpose: '用途',
    result: '结果', resultAt: '回执时间', reason: '原因', appId: '应用',
    results: { delivered: '已送达', failed: '失败', pending: '无回执' },
  },
  gamestore: {
    title: '游戏商店礼包', create: '添加礼包', editTitle: '编辑礼包', id: '礼包 ID', name: '名称', message: '描述',
    messageHelp: '在商店中显示于礼包下方', gold: '金币（筹码）', diamond: '钻石', goldHelp: '礼包需包含金币或钻石',
    price: '价格（₱）', packages: '在售包', packagesHelp: '在哪些应用包的商店中显示', package: '商店包',
    sortOrder: '排序', enabled: '在售', search: 'ID 或名称',
  },
  awardconfigs: {
    title: '奖励配置', create: '添加奖励', editTitle: '编辑奖励', id: '奖励 ID', idHelp: '活动和消息通过该 ID 引用奖励',
    name: '名称', use: '用于', chip: '筹码', bean: '豆子', diamond: '钻石', bonus: '奖金', note: '备注', enabled: '启用', search: 'ID 或名称',
    uses: { any: '任意', activity: '活动', message: '消息', retrieval: '流失召回' },
  },
  shielddomesticconfigs: {
    title: '国内屏蔽配置', create: '添加屏蔽', editTitle: '编辑屏蔽', kind: '类型', value: '地区或网段',
    valueHelp: '地区代码（CN、CN-GD）或 IP 网段（203.0.113.0/24、2001:db8::/32）', reason: '应用显示的原因', enabled: '启用',
    search: '地区、网段或原因', kinds: { region: '地区', ip: 'IP 网段' },
  },
  whiteconfigs: {
    title: '白名单配置', create: '添加白名单', editTitle: '编辑白名单', kind: '类型', value: '玩家、设备或网段',
    valueHelp: '玩家 ID、设备 ID，或 IP 地址及网段', note: '备注', enabled: '启用', search: '值或备注',
    kinds: { uid: '玩家', device: '设备', ip: 'IP 网段' },
  },
};

export default { en: { appsettings: en }, zh: { appsettings: zh } };
