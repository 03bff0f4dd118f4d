import { defineModule, group, roles, screen } from '../define';

export const tpPersonalcontrolModule = defineModule(
  group(
    '/TPpersonalcontrol',
    'Third-party player control',
    '三方个人控制',
    [
      screen('configs', 'Global control', '全局控制', 'config'),
      screen('userconfigs', 'Player control', '玩家控制', 'config'),
      screen('logs', 'Control log', '控制记录', 'list'),
      screen('ranking', 'Net-win ranking', '净赢排行', 'list'),
    ],
    { icon: 'SlidersOutlined', ...roles('main', 'business') },
  ),
);
