import { defineModule, group, roles, screen } from '../define';

export const treasurehuntModule = defineModule(
  group(
    '/treasurehunt',
    'Treasure hunt',
    '夺宝',
    [
      screen('goodsconfigs', 'Prize settings', '奖品配置', 'config', roles('admin')),
      screen('configs', 'Treasure hunt settings', '夺宝配置', 'config', roles('admin')),
      screen('treasurehuntorder', 'Treasure hunt orders', '夺宝订单', 'list'),
      screen('dashboard', 'Dashboard', '数据看板', 'dashboard'),
      screen('gamerounds', 'Rounds', '期数记录', 'list', roles('admin', 'business', 'partner', 'secadmin')),
      screen('players', 'Players', '参与玩家', 'list'),
      screen('betlogs', 'Bet log', '下注记录', 'list'),
    ],
    { icon: 'TrophyOutlined', ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin') },
  ),
);
