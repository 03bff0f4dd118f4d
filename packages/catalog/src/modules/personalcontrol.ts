import { defineModule, group, roles, screen } from '../define';

export const personalcontrolModule = defineModule(
  group(
    '/personalcontrol',
    'Player control',
    '个人控制',
    [
      screen('configs', 'Global control', '全局控制', 'config'),
      screen('userconfigs', 'Player control', '玩家控制', 'config'),
      screen('logs', 'Control log', '控制记录', 'list'),
      screen('ranking', 'Net-win ranking', '净赢排行', 'list'),
      // §2 adds secadmin and partner here, beyond the module: they reach /personalcontrol with this
      // screen alone (docs/decisions/026-child-roles-beyond-module.md); a partner sees its own players.
      screen('payRank', 'Top-up/withdrawal difference ranking', '充提差排行', 'list', roles('main', 'business', 'secadmin', 'partner')),
      screen('wgconfigs', 'Third-party game control', '第三方游戏控制', 'config'),
    ],
    { icon: 'ControlOutlined', ...roles('main', 'business') },
  ),
);
