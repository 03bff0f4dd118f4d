/** Strings of /vipmanager (issue 10): vipsend and vipservice; keys under 'vipmanager'. */
export default {
  en: {
    vipmanager: {
      vipsend: {
        tabSend: 'Send', batches: 'VIP batches',
        linesHelp: 'One uid,amount a line (chips); every uid must be a VIP player (level 1 or more). Limits per account per day as for the batch send of chips.',
      },
      vipservice: {
        title: 'VIP players and hosts', contacts: 'Contact log', detail: 'VIP player', contact: 'Contact', none: 'No host',
        unassignedOnly: 'Without a host', assignedOnly: 'With a host',
        f: {
          uid: 'Player ID', name: 'Player', vip: 'VIP level', partner: 'Partner', host: 'Host', hostName: 'Host name', assignedBy: 'Assigned by',
          assignedAt: 'Assigned at', contacts: 'Contacts', lastContactAt: 'Last contact', unassigned: 'Host assigned',
          contactedAt: 'Contacted at', contactHost: 'Contacted by', channel: 'Channel', outcome: 'Outcome', note: 'Note', loggedBy: 'Logged by', loggedAt: 'Logged at',
        },
        help: { contactHost: "Empty: the player's host" },
        channel: { phone: 'Phone', sms: 'SMS', chat: 'Chat', email: 'Email', 'in-app': 'In-app' },
        outcome: { reached: 'Reached', noAnswer: 'No answer', callback: 'Call back', declined: 'Declined', other: 'Other' },
        action: {
          assign: 'Assign a host', reassign: 'Change host', unassign: 'Remove host', contact: 'Log a contact',
          confirmUnassign: 'Remove the host {{host}} of player {{uid}}?',
        },
      },
    },
  },
  zh: {
    vipmanager: {
      vipsend: {
        tabSend: '发放', batches: 'VIP 批次',
        linesHelp: '每行一个 uid,数量(筹码);每个 uid 必须是 VIP 玩家(等级 1 及以上)。每个账号每日限额与批量发放筹码相同。',
      },
      vipservice: {
        title: 'VIP 玩家与专属客服', contacts: '联系记录', detail: 'VIP 玩家', contact: '联系', none: '无专属客服',
        unassignedOnly: '未分配', assignedOnly: '已分配',
        f: {
          uid: '玩家 ID', name: '玩家', vip: 'VIP 等级', partner: '合作商', host: '专属客服', hostName: '客服名称', assignedBy: '分配人',
          assignedAt: '分配时间', contacts: '联系次数', lastContactAt: '最近联系', unassigned: '分配状态',
          contactedAt: '联系时间', contactHost: '联系人', channel: '渠道', outcome: '结果', note: '备注', loggedBy: '记录人', loggedAt: '记录时间',
        },
        help: { contactHost: '留空:玩家的专属客服' },
        channel: { phone: '电话', sms: '短信', chat: '聊天', email: '邮件', 'in-app': '站内' },
        outcome: { reached: '已联系上', noAnswer: '无人接听', callback: '稍后回电', declined: '拒绝', other: '其他' },
        action: {
          assign: '分配专属客服', reassign: '更换专属客服', unassign: '取消分配', contact: '记录联系',
          confirmUnassign: '取消玩家 {{uid}} 的专属客服 {{host}}?',
        },
      },
    },
  },
};
