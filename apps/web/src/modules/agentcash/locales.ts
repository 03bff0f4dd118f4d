/** Strings of /agentcash (issue 9); keys under 'agentcash'. */
const STATES_EN = {
  not_reviewed: 'Not reviewed', in_review: 'In review', approved: 'Cash-out in progress', undetermined: 'Undetermined',
  succeed: 'Succeeded', fail: 'Failed', denied: 'Denied', set_success: 'Set to success',
};
const STATES_ZH = {
  not_reviewed: '未审核', in_review: '审核中', approved: '已通过，提现中', undetermined: '待确定',
  succeed: '成功', fail: '失败', denied: '已拒绝', set_success: '已设为成功',
};
const FIG_EN = {
  day: 'Day', month: 'Month', year: 'Year', range: 'Date range', uid: 'Agent ID', name: 'Agent', partner: 'Partner',
  requests: 'Requests', requested: 'Requested', paidCount: 'Paid (count)', paid: 'Paid', fee: 'Fee', returnedCount: 'Returned (count)',
  returned: 'Returned', openCount: 'Open (count)', open: 'Open', auto: 'Auto-approved',
};
const FIG_ZH = {
  day: '日期', month: '月份', year: '年份', range: '日期范围', uid: '代理ID', name: '代理', partner: '合作方',
  requests: '申请笔数', requested: '申请金额', paidCount: '已打款笔数', paid: '已打款金额', fee: '手续费', returnedCount: '退回笔数',
  returned: '退回金额', openCount: '处理中笔数', open: '处理中金额', auto: '自动通过',
};

export default {
  en: {
    agentcash: {
      config: {
        title: 'Agent cash-out settings', partner: 'Partner', partnerHelp: '0 is the platform default; a partner without its own settings uses it',
        minAmount: 'Minimum per request (₱)', maxAmount: 'Maximum per request (₱)', dailyMaxAmount: 'Maximum per day (₱)', dailyCount: 'Requests per day',
        feePercent: 'Fee (%)', feePercentHelp: 'Rounded up to the centavo; held with the amount and returned with it on a denial or failure',
        autoApproveAmount: 'Auto-approve up to (₱)', autoApproveHelp: 'Requests at or under this amount skip the manual review (0: review every request)',
        fourEyesAmount: 'Two approvers above (₱)', fourEyesHelp: 'Above this amount a second, different reviewer approves',
      },
      review: {
        title: 'Agent cash-out review', records: 'All records', detail: 'Agent cash-out order',
        note: 'Two approvers above {{fourEyes}} · auto-approved up to {{auto}}',
        queue: { not_reviewed: 'Not reviewed', in_review: 'In review', approved: 'Cash-out in progress', undetermined: 'Undetermined' },
        state: STATES_EN,
        f: {
          createdAt: 'Requested at', orderId: 'Order', uid: 'Agent ID', name: 'Agent', partner: 'Partner', amount: 'Amount', fee: 'Fee', channel: 'Channel',
          account: 'Payment account', status: 'Status', auto: 'Auto-approved', needsTwo: 'Two approvers', claimedBy: 'Reviewer', approvedBy: 'Approved by',
          secondApprovedBy: 'Second approver', resolvedBy: 'Resolved by', remarks: 'Remarks', finishedAt: 'Finished at', reason: 'Reason', password: 'Your password',
        },
        help: { password: 'Needed when you have not confirmed within the last 5 minutes' },
        action: {
          claim: 'Claim', approve: 'Approve', release: 'Release', deny: 'Deny', setSuccess: 'Set success', setFail: 'Set fail',
          confirmApprove: 'Approve order {{orderId}} of agent {{uid}}? The payout starts at once.', approveTitle: 'Confirm the approval', denyTitle: 'Deny: the amount and fee go back to the agent',
        },
      },
      figures: { title: { date: 'Agent cash-outs by day', month: 'Agent cash-outs by month', user: 'Agent cash-outs by agent' }, f: FIG_EN },
    },
  },
  zh: {
    agentcash: {
      config: {
        title: '代理提现配置', partner: '合作方', partnerHelp: '0 为平台默认；未单独配置的合作方使用平台默认',
        minAmount: '单笔最低（₱）', maxAmount: '单笔最高（₱）', dailyMaxAmount: '每日最高（₱）', dailyCount: '每日次数',
        feePercent: '手续费（%）', feePercentHelp: '向上取整到分；与金额一同冻结，拒绝或失败时一同退回',
        autoApproveAmount: '自动通过上限（₱）', autoApproveHelp: '不超过此金额的申请免人工审核（0：全部人工审核）',
        fourEyesAmount: '双人审核金额（₱）', fourEyesHelp: '超过此金额需另一名审核员再次通过',
      },
      review: {
        title: '代理提现审核', records: '全部记录', detail: '代理提现订单',
        note: '超过 {{fourEyes}} 需双人审核 · 不超过 {{auto}} 自动通过',
        queue: { not_reviewed: '未审核', in_review: '审核中', approved: '提现中', undetermined: '待确定' },
        state: STATES_ZH,
        f: {
          createdAt: '申请时间', orderId: '订单', uid: '代理ID', name: '代理', partner: '合作方', amount: '金额', fee: '手续费', channel: '渠道',
          account: '收款账户', status: '状态', auto: '自动通过', needsTwo: '双人审核', claimedBy: '审核员', approvedBy: '通过人',
          secondApprovedBy: '第二审核人', resolvedBy: '处理人', remarks: '备注', finishedAt: '完成时间', reason: '原因', password: '您的密码',
        },
        help: { password: '5 分钟内未确认身份时需要填写' },
        action: {
          claim: '领取', approve: '通过', release: '释放', deny: '拒绝', setSuccess: '设为成功', setFail: '设为失败',
          confirmApprove: '确认通过代理 {{uid}} 的订单 {{orderId}}？将立即打款。', approveTitle: '确认通过', denyTitle: '拒绝：金额和手续费退回代理',
        },
      },
      figures: { title: { date: '代理提现按日查询', month: '代理提现按月查询', user: '代理提现按代理查询' }, f: FIG_ZH },
    },
  },
};
