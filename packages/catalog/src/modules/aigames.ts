import { defineModule, group, roles, screen, type RouteSpec } from '../define';
import type { ScreenKind } from '../types';

/** The three AI card games; several /aigames screens have one child per game. */
function perGame(kind: ScreenKind): RouteSpec[] {
  return [
    screen('tongits', 'Tongits', 'Tongits纸牌', kind),
    screen('pusoy', 'Pusoy', 'Pusoy十三张', kind),
    screen('okey101', 'Okey 101', 'Okey 101拉米牌', kind),
  ];
}

/** Defined but not added by §2: present only when `buildCatalog({ aigames: true })`. */
export const aigamesModule = defineModule(
  group(
    '/aigames',
    'AI games',
    'AI游戏',
    [
      group('dashboard', 'Dashboard', '数据看板', perGame('dashboard')),
      group('configs', 'Game settings', '游戏配置', perGame('config')),
      group('gametables', 'Game tables', '游戏牌桌', perGame('list')),
      screen('viptables', 'VIP tables', 'VIP牌桌', 'list'),
      screen('aiusers', 'AI players', 'AI玩家', 'list'),
      group('winners', 'TOP winners', 'TOP赢家', perGame('list')),
    ],
    { icon: 'RobotOutlined', ...roles('business') },
  ),
);
