/** Strings of this part of /usermanager, keyed by screen (merged under 'usermanager' by ../locales.ts). */
const en = {
  actives: {
    title: 'Active players', table: 'By day', byDay: 'Activity by day', range: 'Date range', day: 'Day',
    activePlayers: 'Active players', activePlayersRange: 'Active players (distinct)', newPlayers: 'New players', logins: 'Logins',
    avgSession: 'Average session (s)',
  },
  registers: {
    title: 'Registrations', byDay: 'Registrations by day', registrations: 'Registrations', players: 'Registered players',
    name: 'Name', package: 'Package', registerIp: 'Register IP', device: 'Device', partner: 'Partner',
    shareId: 'Share ID', inviterUid: 'Inviter', registeredAt: 'Registered',
  },
  lostusers: {
    title: 'Lost players', days: 'Inactive for (days, default 7)', name: 'Name', vip: 'VIP', status: 'Status',
    partner: 'Partner', lastLoginAt: 'Last login', chip: 'Chips', safe: 'Safe', bean: 'Beans', withdrawable: 'Withdrawable (₱)',
    netWin: 'Net win', registeredAt: 'Registered',
  },
  profitslogs: {
    title: 'Game profit', byDay: 'Game chips by day', players: 'By day and player', range: 'Date range (at most 31 days)',
    day: 'Day', name: 'Name', partner: 'Partner', betCount: 'Bets placed', bets: 'Chips bet', wins: 'Chips won',
    net: 'Player net win', houseNet: 'House net',
    games: 'By game (reported rounds)', game: 'Game', rounds: 'Rounds', gameBets: 'Bets placed', gamePlayers: 'Players',
    turnover: 'Chips bet', gameWins: 'Chips won', fees: 'Fees', houseTake: 'House take', rtp: 'Actual RTP',
  },
  emoteStat: { title: 'Emote statistics', range: 'Date range (at most 31 days)', emoteId: 'Emote', uses: 'Uses', players: 'Players', chips: 'Chips spent' },
  invite: {
    emptyHint: 'Enter an inviter UID and press Search to see the players they invited.',
    tree: 'Invitation tree', top: 'Top inviters', searchUid: 'Inviter UID', level: 'Level', level1: 'Invited directly', level2: 'Invited by an invitee',
    name: 'Name', inviterUid: 'Invited by', invitees: 'Invitees', secondLevel: 'Second-level invitees',
    played: 'Invitees who played', partner: 'Partner', registeredAt: 'Registered', lastLoginAt: 'Last login',
  },
  usertrace: {
    accountsHint: 'Enter a UID, a device ID or an IP and press Search to see the accounts that share it.',
    logins: 'Login trail', accounts: 'Accounts by device or IP', at: 'Time', ip: 'IP', deviceId: 'Device',
    durationSeconds: 'Session (s)', partner: 'Partner', sharedWith: 'Sharing with UID', name: 'Name', status: 'Status',
    via: 'Shared by', viaDevice: 'Device', viaIp: 'IP', value: 'Device or IP', firstAt: 'First used', lastAt: 'Last used',
  },
  badgesearch: { title: 'Badge search', playerName: 'Player', badgeId: 'Badge ID', name: 'Badge name', grantedAt: 'Granted' },
  telephonecode: {
    title: 'Phone verification codes', country: 'Country code', phone: 'Phone number', code: 'Code', provider: 'Provider',
    purpose: 'Purpose', at: 'Sent', appId: 'Application',
  },
  gamerecordlogs: {
    title: 'Game records', detail: 'Game record', at: 'Time', game: 'Game', name: 'Name', roundId: 'Round ID', seat: 'Seat',
    bet: 'Bet (₱)', win: 'Win (₱)', net: 'Player result (₱)', fee: 'Fee (₱)', jackpot: 'Jackpot (₱)', partner: 'Partner',
    server: 'Server', table: 'Table', verified: 'Verified', verifiedYes: 'Verified', verifiedNo: 'Flagged',
    result: { label: 'Result', win: 'Won', lose: 'Lost', even: 'Even' },
    round: 'Round', openRound: 'Open this round in the game\'s rounds', roundNoAccess: 'The round\'s seed and verification are on the game\'s rounds screen, which your role cannot open.',
  },
};

const zh: typeof en = {
  actives: {
    title: '活跃玩家', table: '按日明细', byDay: '每日活跃', range: '日期范围', day: '日期',
    activePlayers: '活跃玩家', activePlayersRange: '活跃玩家（去重）', newPlayers: '新增玩家', logins: '登录次数',
    avgSession: '平均在线时长（秒）',
  },
  registers: {
    title: '注册统计', byDay: '每日注册', registrations: '注册数', players: '注册玩家',
    name: '昵称', package: '包名', registerIp: '注册IP', device: '设备', partner: '合作方',
    shareId: '分享码', inviterUid: '邀请人', registeredAt: '注册时间',
  },
  lostusers: {
    title: '流失玩家', days: '未登录天数（默认7）', name: '昵称', vip: 'VIP', status: '状态',
    partner: '合作方', lastLoginAt: '最后登录', chip: '筹码', safe: '保险箱', bean: '金豆', withdrawable: '可提现（₱）',
    netWin: '净输赢', registeredAt: '注册时间',
  },
  profitslogs: {
    title: '盈利记录', byDay: '每日游戏筹码', players: '按日按玩家', range: '日期范围（最多31天）',
    day: '日期', name: '昵称', partner: '合作方', betCount: '下注次数', bets: '下注筹码', wins: '赢取筹码',
    net: '玩家净输赢', houseNet: '平台净赢',
    games: '按游戏（已上报对局）', game: '游戏', rounds: '局数', gameBets: '下注次数', gamePlayers: '玩家数',
    turnover: '下注筹码', gameWins: '赢取筹码', fees: '手续费', houseTake: '平台抽水', rtp: '实际返奖率',
  },
  emoteStat: { title: '表情统计', range: '日期范围（最多31天）', emoteId: '表情', uses: '使用次数', players: '使用人数', chips: '消耗筹码' },
  invite: {
    emptyHint: '输入邀请人ID并点击查询，查看其邀请的玩家。',
    tree: '邀请关系', top: '邀请排行', searchUid: '邀请人ID', level: '层级', level1: '直接邀请', level2: '二级邀请',
    name: '昵称', inviterUid: '邀请人', invitees: '邀请人数', secondLevel: '二级邀请人数',
    played: '已游戏的被邀请人', partner: '合作方', registeredAt: '注册时间', lastLoginAt: '最后登录',
  },
  usertrace: {
    accountsHint: '输入玩家ID、设备ID或IP并点击查询，查看共用它的账号。',
    logins: '登录轨迹', accounts: '设备/IP关联账号', at: '时间', ip: 'IP', deviceId: '设备',
    durationSeconds: '在线时长（秒）', partner: '合作方', sharedWith: '关联玩家ID', name: '昵称', status: '状态',
    via: '关联方式', viaDevice: '设备', viaIp: 'IP', value: '设备或IP', firstAt: '首次使用', lastAt: '最后使用',
  },
  badgesearch: { title: '徽章查询', playerName: '玩家', badgeId: '徽章ID', name: '徽章名称', grantedAt: '获得时间' },
  telephonecode: {
    title: '手机验证码', country: '国家区号', phone: '手机号', code: '验证码', provider: '服务商',
    purpose: '用途', at: '发送时间', appId: '应用',
  },
  gamerecordlogs: {
    title: '游戏记录', detail: '游戏记录详情', at: '时间', game: '游戏', name: '昵称', roundId: '对局ID', seat: '座位',
    bet: '下注（₱）', win: '赢取（₱）', net: '玩家输赢（₱）', fee: '手续费（₱）', jackpot: '奖池（₱）', partner: '合作方',
    server: '服务器', table: '牌桌', verified: '校验', verifiedYes: '已校验', verifiedNo: '已标记',
    result: { label: '结果', win: '赢', lose: '输', even: '平' },
    round: '对局', openRound: '在该游戏的对局记录中打开', roundNoAccess: '对局的种子与校验在该游戏的对局记录页面，您的角色无法打开。',
  },
};

export default { en, zh } satisfies { en: Record<string, unknown>; zh: Record<string, unknown> };
