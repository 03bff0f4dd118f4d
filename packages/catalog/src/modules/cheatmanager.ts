import { defineModule, group, roles, screen } from '../define';

export const cheatmanagerModule = defineModule(
  group(
    '/cheatmanager',
    'Anti-cheat',
    '防作弊管理',
    [
      screen('cheatlist', 'Suspected cheaters', '作弊嫌疑名单', 'list'),
      screen('userban', 'Player bans', '玩家封禁', 'workflow'),
      screen('reportuserlogs', 'Player reports', '举报记录', 'list'),
      screen('gamevideologs', 'Game replays', '牌局录像', 'list'),
      screen('cheatrecords', 'Cheat records', '作弊记录', 'list'),
      screen('cheatparams', 'Detection parameters', '作弊检测参数', 'config'),
    ],
    { icon: 'SafetyCertificateOutlined', ...roles('admin', 'business', 'partner', 'secadmin') },
  ),
);
