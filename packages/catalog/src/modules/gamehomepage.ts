import { defineModule, group, roles, screen } from '../define';

export const gamehomepageModule = defineModule(
  group('/gamehomepage', 'Game home page', '游戏首页', [
    screen('configs', 'Home page settings', '首页配置', 'config'),
    screen('category', 'Game categories', '游戏分类', 'list'),
    screen('packagename', 'Package names', '包名管理', 'list'),
  ], { icon: 'AppstoreOutlined', ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin') }),
);
