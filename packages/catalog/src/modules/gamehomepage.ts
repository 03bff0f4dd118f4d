import { defineModule, group, roles, screen } from '../define';

export const gamehomepageModule = defineModule(
  group(
    '/gamehomepage',
    'Game home page',
    '游戏首页',
    [
      screen('configs', 'Home page settings', '首页配置', 'config'),
      screen('category', 'Game categories', '游戏分类', 'list'),
      screen('packagename', 'Package names', '包名管理', 'list'),
      // Not menu entries: who may change what the three screens show (docs/decisions/010-lobby.md).
      // The lobby's games and categories are the platform's: operations (business) and secadmin.
      screen('edit', 'Home page editing', '首页编辑', 'workflow', { ...roles('business', 'secadmin'), hidden: true }),
      // A package's lobby (which categories and games, in what order): also a partner, for its own packages.
      screen('packageedit', 'Package lobby editing', '包名大厅编辑', 'workflow', { ...roles('business', 'secadmin', 'partner'), hidden: true }),
    ],
    { icon: 'AppstoreOutlined', ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin') },
  ),
);
