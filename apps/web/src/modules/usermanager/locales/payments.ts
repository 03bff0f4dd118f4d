/**
 * Strings of the /usermanager recharge screens (paymentlogs, createdPaymentLogs, payorder):
 * the screen titles and `usermanager.payments.*` (columns, filters, states, the decision on
 * a held order), and the labels of the ledger reasons `recharge` and `recharge.bonus`
 * (ledgerReasons.tsx points at `usermanager.payments.reasons.*`: a code cannot be both a
 * label and the parent of another code under `usermanager.reasons`).
 */
export default {
  en: {
    paymentlogs: { title: 'Payment log' },
    createdPaymentLogs: { title: 'Created payment orders' },
    payorder: { title: 'Payment orders' },
    payments: {
      orderId: 'Order ID', productId: 'Product', channel: 'Channel', os: 'OS', price: 'Price (₱)', paidAmount: 'Amount paid (₱)',
      chips: 'Chips credited', bonusChips: 'First-recharge bonus (chips)', status: 'Status', channelOrderId: 'Channel order ID',
      createdAt: 'Created', paidAt: 'Paid', callbackAt: 'Last callback', callbacks: 'Callbacks', heldReason: 'Held because', flag: 'Flag',
      resolution: 'Decision', resolvedBy: 'Decided by', resolvedAt: 'Decided at', resolutionNote: 'Decision reason', partner: 'Partner',
      pesosMin: 'Price from (₱)', pesosMax: 'Price to (₱)', attention: 'Needs attention', attentionYes: 'Held or flagged', attentionNo: 'Neither',
      detailTitle: 'Recharge order',
      statuses: { created: 'Created', paid: 'Paid', failed: 'Failed', held: 'Held for review' },
      heldReasons: { amount: 'Amount differs from the price', afterFailed: 'Paid after a failure' },
      flags: { failedAfterPaid: 'Failure reported after payment', channelOrderId: 'Paid again under another channel order ID' },
      resolutions: { credited: 'Credited by staff', refused: 'Refused by staff' },
      oses: { android: 'Android', ios: 'iOS', web: 'Web' },
      credit: 'Credit', refuse: 'Refuse',
      creditTitle: 'Credit a held order', refuseTitle: 'Refuse a held order',
      reason: 'Reason', reasonHelp: 'What you checked, e.g. the channel statement (200 characters at most); kept in the operation log',
      creditConfirm: "Credit order {{orderId}}? Player {{uid}} receives the order's chips (and the first-recharge bonus if it is their first paid order). This cannot be undone here.",
      refuseConfirm: 'Refuse order {{orderId}}? It becomes failed and player {{uid}} receives nothing.',
      reasons: { recharge: 'Recharge', rechargeBonus: 'First-recharge bonus' },
    },
  },
  zh: {
    paymentlogs: { title: '充值记录' },
    createdPaymentLogs: { title: '已创建订单记录' },
    payorder: { title: '支付订单' },
    payments: {
      orderId: '订单号', productId: '商品', channel: '渠道', os: '系统', price: '价格 (₱)', paidAmount: '实付金额 (₱)',
      chips: '到账筹码', bonusChips: '首充奖励 (筹码)', status: '状态', channelOrderId: '渠道订单号',
      createdAt: '创建时间', paidAt: '支付时间', callbackAt: '最后回调', callbacks: '回调次数', heldReason: '挂起原因', flag: '标记',
      resolution: '处理结果', resolvedBy: '处理人', resolvedAt: '处理时间', resolutionNote: '处理原因', partner: '合作方',
      pesosMin: '价格从 (₱)', pesosMax: '价格至 (₱)', attention: '待关注', attentionYes: '挂起或已标记', attentionNo: '无',
      detailTitle: '充值订单',
      statuses: { created: '已创建', paid: '已支付', failed: '失败', held: '挂起待审' },
      heldReasons: { amount: '实付金额与价格不符', afterFailed: '失败后又支付' },
      flags: { failedAfterPaid: '支付后又报失败', channelOrderId: '以另一渠道订单号再次支付' },
      resolutions: { credited: '人工入账', refused: '人工拒绝' },
      oses: { android: 'Android', ios: 'iOS', web: '网页' },
      credit: '入账', refuse: '拒绝',
      creditTitle: '挂起订单入账', refuseTitle: '拒绝挂起订单',
      reason: '原因', reasonHelp: '核对的依据，如渠道账单（最多 200 字），记入操作日志',
      creditConfirm: '确认为订单 {{orderId}} 入账？玩家 {{uid}} 将获得订单筹码（若为首笔支付订单，另加首充奖励）。此操作在此无法撤销。',
      refuseConfirm: '确认拒绝订单 {{orderId}}？订单将变为失败，玩家 {{uid}} 不获得任何筹码。',
      reasons: { recharge: '充值', rechargeBonus: '首充奖励' },
    },
  },
};
