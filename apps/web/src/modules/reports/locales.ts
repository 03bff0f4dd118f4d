/** Strings of the data reports under / (homepage, payReport, iosReport, userReport, paystat, paychannel, payoutChannel, freegive, recycle); keys under 'reports'. */
const en = {
  common: {
    range: 'Date range', day: 'Day', channel: 'Channel', currency: 'Currency', category: 'Category', reason: 'Ledger reason', entries: 'Entries', amount: 'Amount',
    newPlayers: 'New players', activePlayers: 'Active players', payingPlayers: 'Paying players', firstPayers: 'First-time payers', repeatPayers: 'Repeat payers',
    newPayers: 'New players who paid', rechargeAmount: 'Recharged (₱)', rechargeOrders: 'Recharges', cashoutAmount: 'Cashed out (₱)', cashoutOrders: 'Cash-outs paid',
    net: 'Net (₱)', arppu: 'ARPPU (₱)', arpu: 'ARPU (₱)', payRate: 'Pay rate', created: 'Orders created', failed: 'Failed', successRate: 'Success rate', share: 'Share',
    chips: 'Chips credited', bonusChips: 'First-recharge bonus (chips)', avgPaySeconds: 'Average time to pay (s)',
    rechargePesos: 'Recharged (₱)', cashoutPesos: 'Cashed out (₱)', netPesos: 'Net (₱)', arppuPesos: 'ARPPU (₱)',
  },
  currency: { chip: 'Chips', bonus: 'Bonus', bean: 'Beans', withdrawable: 'Withdrawable (centavos)' },
  homepage: { title: 'Data report', chart: 'Recharges and cash-outs by day (₱)', table: 'By day' },
  payReport: { title: 'Pay report', chart: 'Recharged by day (₱)', byDay: 'By day', byChannel: 'By day and channel' },
  iosReport: {
    title: 'Recharges by operating system', chart: 'Recharged by operating system (₱)', table: 'By day', android: 'Android', ios: 'iOS', web: 'Web',
    androidAmount: 'Android (₱)', iosAmount: 'iOS (₱)', webAmount: 'Web (₱)', androidOrders: 'Android recharges', iosOrders: 'iOS recharges', webOrders: 'Web recharges',
    androidPayers: 'Android payers', iosPayers: 'iOS payers', webPayers: 'Web payers',
  },
  userReport: { title: 'User report', chart: 'Players by day', table: 'By day' },
  paystat: { title: 'Paying players', chart: 'First-time and repeat payers by day', byDay: 'By day', byBand: 'By amount paid in the range', band: 'Paid in the range' },
  paychannel: { title: 'Recharge channels', table: 'By channel' },
  payoutChannel: {
    title: 'Payout channels', chart: 'Cash-outs by day (₱)', table: 'By channel', requested: 'Requested', requestedAmount: 'Requested (₱)',
    succeeded: 'Paid out', succeededAmount: 'Paid out (₱)', denied: 'Denied', fees: 'Fees (₱)', requestedPesos: 'Requested (₱)', paidPesos: 'Paid out (₱)',
  },
  freegive: {
    title: 'Free-give report', chart: 'Given free by day and category', byDay: 'By day', byReason: 'By reason', total: 'Given free',
    batch: 'Batch sends', staff: 'Staff additions', reward: 'Activity rewards', bonus: 'Bonuses', relief: 'Relief',
  },
  recycle: {
    title: 'Recycle report', chart: 'Taken back by day and category', byDay: 'By day', byReason: 'By reason', total: 'Taken back',
    staff: 'Staff reductions', fee: 'Fees', expiry: 'Expired', cashoutFees: 'Cash-out fees (₱)',
  },
};

const zh: typeof en = {
  common: {
    range: '日期范围', day: '日期', channel: '渠道', currency: '币种', category: '类别', reason: '账变原因', entries: '笔数', amount: '数量',
    newPlayers: '新增玩家', activePlayers: '活跃玩家', payingPlayers: '付费玩家', firstPayers: '首充玩家', repeatPayers: '复充玩家',
    newPayers: '新增付费玩家', rechargeAmount: '充值金额(₱)', rechargeOrders: '充值笔数', cashoutAmount: '提现金额(₱)', cashoutOrders: '提现成功笔数',
    net: '净收入(₱)', arppu: 'ARPPU(₱)', arpu: 'ARPU(₱)', payRate: '付费率', created: '创建订单', failed: '失败', successRate: '成功率', share: '占比',
    chips: '到账筹码', bonusChips: '首充赠送(筹码)', avgPaySeconds: '平均到账时间(秒)',
    rechargePesos: '充值金额(₱)', cashoutPesos: '提现金额(₱)', netPesos: '净收入(₱)', arppuPesos: 'ARPPU(₱)',
  },
  currency: { chip: '筹码', bonus: '奖金', bean: '豆子', withdrawable: '可提现(分)' },
  homepage: { title: '数据报表', chart: '每日充值与提现(₱)', table: '按日' },
  payReport: { title: '充值报表', chart: '每日充值金额(₱)', byDay: '按日', byChannel: '按日和渠道' },
  iosReport: {
    title: '各系统充值', chart: '各系统充值金额(₱)', table: '按日', android: '安卓', ios: 'iOS', web: '网页',
    androidAmount: '安卓(₱)', iosAmount: 'iOS(₱)', webAmount: '网页(₱)', androidOrders: '安卓充值笔数', iosOrders: 'iOS充值笔数', webOrders: '网页充值笔数',
    androidPayers: '安卓付费玩家', iosPayers: 'iOS付费玩家', webPayers: '网页付费玩家',
  },
  userReport: { title: '用户报表', chart: '每日玩家', table: '按日' },
  paystat: { title: '付费用户报表', chart: '每日首充与复充玩家', byDay: '按日', byBand: '按区间内充值金额', band: '区间内充值' },
  paychannel: { title: '充值渠道报表', table: '按渠道' },
  payoutChannel: {
    title: '提现渠道报表', chart: '每日提现(₱)', table: '按渠道', requested: '申请笔数', requestedAmount: '申请金额(₱)',
    succeeded: '已打款', succeededAmount: '已打款金额(₱)', denied: '已拒绝', fees: '手续费(₱)', requestedPesos: '申请金额(₱)', paidPesos: '已打款金额(₱)',
  },
  freegive: {
    title: '赠送报表', chart: '每日各类赠送', byDay: '按日', byReason: '按原因', total: '赠送合计',
    batch: '批量发放', staff: '后台加币', reward: '活动奖励', bonus: '奖金赠送', relief: '救济金',
  },
  recycle: {
    title: '回收报表', chart: '每日各类回收', byDay: '按日', byReason: '按原因', total: '回收合计',
    staff: '后台扣币', fee: '手续费', expiry: '过期', cashoutFees: '提现手续费(₱)',
  },
};

export default { en: { reports: en }, zh: { reports: zh } };
