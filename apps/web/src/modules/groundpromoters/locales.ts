/** Strings of /groundpromoters (issue 9); keys under 'groundpromoters'. */
export default {
  en: {
    groundpromoters: {
      settings: {
        title: 'Bounty settings', promoters: 'Ground promoters',
        f: {
          province: 'Province', bounty: 'Bounty per valid player', minRecharge: 'Recharge needed', qualifyDays: 'Days to qualify', requirePhone: 'Bound phone needed',
          sharePercent: 'Recharge share (%)', shareDays: 'Share days', overridePercent: 'Province override (%)', updatedBy: 'Updated by', updatedAt: 'Updated at',
          username: 'Promoter', shareCode: 'Share code', leader: 'Province promoter', records: 'Records',
        },
        help: { province: 'Empty: the default for every province without its own row', leader: 'A province promoter account (empty: none)' },
        action: {
          add: 'Add a province', edit: 'Edit', remove: 'Remove', assign: 'Province and leader',
          confirmSave: 'Saving overwrites this setting for records not yet paid. Continue?', confirmRemove: 'Remove the override of {{province}}? Its promoters follow the default again.',
        },
      },
      records: {
        title: 'Ground promoter records', detail: 'Record',
        state: { pending: 'Pending', qualified: 'Qualified', paid: 'Paid', voided: 'Voided' },
        f: {
          registeredAt: 'Registered at', uid: 'Player ID', name: 'Player', promoter: 'Promoter', leader: 'Province promoter', province: 'Province', status: 'Status',
          reason: 'Why', phoneBound: 'Phone bound', recharge: 'Recharged (qualifying days)', shareBase: 'Recharged (share days)', bounty: 'Bounty', share: 'Share',
          override: 'Override', partner: 'Partner', qualifiedAt: 'Qualified at', paidAt: 'Paid at', paidBy: 'Paid by', voidedBy: 'Voided by',
        },
        action: { pay: 'Pay', void: 'Void', confirmPay: 'Pay the bounty and share of player {{uid}} to {{promoter}}?' },
      },
    },
  },
  zh: {
    groundpromoters: {
      settings: {
        title: '奖励设置', promoters: '地推人员',
        f: {
          province: '省份', bounty: '每个有效玩家奖励', minRecharge: '所需充值', qualifyDays: '达标天数', requirePhone: '需绑定手机',
          sharePercent: '充值分成（%）', shareDays: '分成天数', overridePercent: '省级提成（%）', updatedBy: '修改人', updatedAt: '修改时间',
          username: '地推', shareCode: '推广码', leader: '省级推广', records: '记录数',
        },
        help: { province: '留空：未单独设置的省份使用的默认值', leader: '省级推广账号（留空：无）' },
        action: {
          add: '新增省份', edit: '编辑', remove: '删除', assign: '省份与负责人',
          confirmSave: '保存将覆盖此设置（对尚未发放的记录生效），是否继续？', confirmRemove: '删除 {{province}} 的单独设置？其地推将改用默认设置。',
        },
      },
      records: {
        title: '地推记录', detail: '记录详情',
        state: { pending: '待达标', qualified: '已达标', paid: '已发放', voided: '已作废' },
        f: {
          registeredAt: '注册时间', uid: '玩家ID', name: '玩家', promoter: '地推', leader: '省级推广', province: '省份', status: '状态',
          reason: '原因', phoneBound: '已绑定手机', recharge: '达标期内充值', shareBase: '分成期内充值', bounty: '奖励', share: '分成',
          override: '省级提成', partner: '合作方', qualifiedAt: '达标时间', paidAt: '发放时间', paidBy: '发放人', voidedBy: '作废人',
        },
        action: { pay: '发放', void: '作废', confirmPay: '向 {{promoter}} 发放玩家 {{uid}} 的奖励和分成？' },
      },
    },
  },
};
