import { defineModule, group, roles, screen } from '../define';

export const familyModule = defineModule(
  group(
    '/family',
    'Family',
    '家族',
    [
      screen('configs', 'Family settings', '家族配置', 'config', roles('admin')),
      screen('infolist', 'Families', '家族列表', 'list'),
      screen('boostplayers', 'Boost players', '助力玩家', 'list'),
      screen('mysterypacksend', 'Mystery packs sent', '神秘礼包发放', 'list'),
      screen('mysterypackreceive', 'Mystery packs received', '神秘礼包领取', 'list'),
    ],
    { icon: 'UsergroupAddOutlined', ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin') },
  ),
);
