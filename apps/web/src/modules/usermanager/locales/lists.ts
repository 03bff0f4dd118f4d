/** Strings of this part of /usermanager, keyed by screen (merged under 'usermanager' by ../locales.ts). */
const en = {
  userlist: {
    title: 'Players', name: 'Name', phone: 'Phone', status: 'Status', vip: 'VIP', partner: 'Partner',
    active: 'Active', suspended: 'Suspended', banned: 'Banned',
    chip: 'Chips', safe: 'Safe', bean: 'Beans', bonus: 'Bonus', diamond: 'Diamonds', charisma: 'Charisma',
    withdrawable: 'Withdrawable (₱)', netWin: 'Net win', registeredAt: 'Registered', lastLoginAt: 'Last login', loginIp: 'Login IP',
  },
  ledger: {
    id: 'Entry', at: 'Time', currency: 'Currency', delta: 'Change', balanceAfter: 'Balance after',
    reason: 'Reason', ref: 'Reference', actor: 'By',
    currencies: {
      chip: 'Chips', bean: 'Beans', safe: 'Safe', bonus: 'Bonus', diamond: 'Diamonds', charisma: 'Charisma', withdrawable: 'Withdrawable (centavos)',
    },
  },
  goldlogs: { title: 'Chip log' },
  moneylogs: { title: 'Money log' },
};

const zh: typeof en = {
  userlist: {
    title: '玩家列表', name: '昵称', phone: '手机号', status: '状态', vip: 'VIP', partner: '合作方',
    active: '正常', suspended: '已停封', banned: '已封禁',
    chip: '筹码', safe: '保险箱', bean: '金豆', bonus: '奖金', diamond: '钻石', charisma: '魅力值',
    withdrawable: '可提现（₱）', netWin: '净输赢', registeredAt: '注册时间', lastLoginAt: '最后登录', loginIp: '登录IP',
  },
  ledger: {
    id: '流水号', at: '时间', currency: '币种', delta: '变动', balanceAfter: '变动后余额',
    reason: '原因', ref: '关联单号', actor: '操作方',
    currencies: {
      chip: '筹码', bean: '金豆', safe: '保险箱', bonus: '奖金', diamond: '钻石', charisma: '魅力值', withdrawable: '可提现（分）',
    },
  },
  goldlogs: { title: '筹码记录' },
  moneylogs: { title: '资金流水' },
};

export default { en, zh } satisfies { en: Record<string, unknown>; zh: Record<string, unknown> };
