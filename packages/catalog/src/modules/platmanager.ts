import { defineModule, group, roles, screen } from '../define';

// §2 lists no roles for /platmanager; platform-wide partner and coin editing is kept to
// admin and secadmin rather than opened to every signed-in account (README).
export const platmanagerModule = defineModule(
  group(
    '/platmanager',
    'Platform management',
    '平台管理',
    [
      screen('defalutediter', 'Default partner settings', '默认合作方配置', 'config'),
      screen('partnerediter', 'Partners', '合作方管理', 'list'),
      screen('partnergamesum', 'Partner game summary', '合作方游戏汇总', 'report'),
      screen('partnergamelogs', 'Partner game log', '合作方游戏记录', 'list'),
      screen('coinediter', 'Coin editor', '金币编辑', 'workflow'),
      screen('coinlogs', 'Coin log', '金币记录', 'list'),
      screen('template', 'Room templates', '房间模板', 'list'),
      screen('table', 'Game tables', '牌桌管理', 'list'),
      screen('quicktemplate', 'Quick-match templates', '快速场模板', 'list'),
      screen('quicktable', 'Quick-match tables', '快速场牌桌', 'list'),
      screen('tinygamequicktemplate', 'Mini-game quick templates', '小游戏快速场模板', 'list'),
    ],
    { icon: 'ClusterOutlined', ...roles('admin', 'secadmin') },
  ),
);
