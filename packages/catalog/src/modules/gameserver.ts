import { defineModule, group, roles, screen } from '../define';

export const gameserverModule = defineModule(
  group(
    '/gameserver',
    'Game servers',
    '游戏服务器',
    [
      screen('status', 'Server status', '服务器状态', 'dashboard'),
      screen('list', 'Server list', '服务器列表', 'list'),
      screen('serverlogs', 'Server logs', '服务器日志', 'list'),
    ],
    { icon: 'CloudServerOutlined', ...roles('main') },
  ),
);
