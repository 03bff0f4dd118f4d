import { defineModule, group, roles, screen, type RouteSpec } from '../define';

/** §2: "most configs admin only": every configuration screen of /activities is admin only (README). */
const adminOnly = roles('admin');

type ExtraScreen = 'configlogs' | 'invitedetail';

/** A sub-activity: dashboard, players and configs, plus the extra screens it names. */
function subActivity(path: string, en: string, zh: string, extras: ExtraScreen[] = []): RouteSpec {
  const children = [
    screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
    screen('players', 'Participants', '参与玩家', 'list'),
    screen('configs', 'Settings', '活动配置', 'config', adminOnly),
  ];
  if (extras.includes('configlogs')) children.push(screen('configlogs', 'Settings change log', '配置变更记录', 'list'));
  if (extras.includes('invitedetail')) children.push(screen('invitedetail', 'Invitation details', '邀请明细', 'list'));
  return group(path, en, zh, children);
}

export const activitiesModule = defineModule(
  group(
    '/activities',
    'Activities',
    '活动管理',
    [
      screen('cdkcode', 'Redemption codes', '兑换码', 'list'),
      screen('cdkcodemanage', 'Manage redemption codes', '管理兑换码', 'workflow', { ...roles('admin', 'business'), hidden: true }),
      screen('rank', 'Leaderboards', '排行榜', 'list'),
      screen('rankmanage', 'Manage leaderboards', '管理排行榜', 'workflow', { ...roles('admin'), hidden: true }),
      screen('activityzone', 'Activity zone', '活动专区', 'config', adminOnly),
      screen('fbactivity', 'Facebook activity', 'Facebook活动', 'config', adminOnly),
      screen('fblogs', 'Facebook activity log', 'Facebook活动记录', 'list'),
      // who reviews the shares (approve / reject) and who pays an approved one (docs/decisions/029-fbactivity.md)
      screen('fbreview', 'Review Facebook shares', '审核Facebook分享', 'workflow', { ...roles('service', 'business'), hidden: true }),
      screen('fbpay', 'Pay Facebook shares', '发放Facebook分享奖励', 'workflow', { ...roles('business'), hidden: true }),
      screen('relief', 'Relief fund', '救济金', 'config', adminOnly),
      subActivity('redfission', 'Red packet fission', '红包裂变', ['invitedetail']),
      subActivity('callbackactivity', 'Player recall', '召回活动'),
      subActivity('rebacklogin', 'Comeback login reward', '回归登录奖励'),
      subActivity('mining', 'Mining', '挖矿活动', ['configlogs']),
      subActivity('sprintcarnival', 'Sprint carnival', '冲刺狂欢', ['configlogs']),
      subActivity('ladderloserebate', 'Tiered loss rebate', '阶梯输分返利', ['configlogs']),
      subActivity('cardstask', 'Card game tasks', '牌局任务', ['configlogs']),
      subActivity('luckyrush', 'Lucky rush', '幸运冲刺'),
      subActivity('telephonelogin', 'Phone sign-in reward', '手机登录奖励'),
      subActivity('newearnmoney', 'Newcomer earnings', '新人赚钱', ['invitedetail', 'configlogs']),
      subActivity('pwaguide', 'Install-app guide', 'PWA安装引导'),
      group('newvip', 'New VIP', '新VIP活动', [
        screen('vipconfig', 'VIP settings', 'VIP配置', 'config', adminOnly),
        screen('vipdashboard', 'VIP dashboard', 'VIP数据看板', 'dashboard'),
      ]),
      group('onlinesign', 'Online check-in', '在线签到', [
        screen('config', 'Check-in settings', '签到配置', 'config', adminOnly),
        screen('dashboard', 'Check-in dashboard', '签到数据看板', 'dashboard'),
      ]),
      group('tongitsarena', 'Tongits arena', 'Tongits竞技场', [
        screen('logs', 'Arena log', '竞技场记录', 'list'),
        screen('arenatable', 'Arena tables', '竞技场牌桌', 'list'),
        screen('rankmgr', 'Arena rankings', '排名管理', 'list'),
        screen('defendersmgr', 'Defenders', '守擂者管理', 'list'),
        screen('defenderslogs', 'Defender log', '守擂记录', 'list'),
        screen('ticketrank', 'Ticket ranking', '门票排行', 'list'),
        // who edits the tables and season rewards and settles now; who removes a defender (docs/decisions/033-tongits-arena.md)
        screen('arenamanage', 'Manage the arena', '管理竞技场', 'workflow', { ...roles('admin'), hidden: true }),
        screen('defendersremove', 'Remove arena defenders', '移除守擂者', 'workflow', { ...roles('admin', 'business'), hidden: true }),
      ]),
    ],
    { icon: 'CalendarOutlined', ...roles('admin', 'secadmin', 'business', 'service') },
  ),
);
