import { defineModule, group, roles, screen } from '../define';

export const vipmanagerModule = defineModule(
  group(
    '/vipmanager',
    'VIP',
    'VIP管理',
    [
      // §2 adds service and serviceleader here, beyond the module: they reach /vipmanager with this
      // screen alone (docs/decisions/026-child-roles-beyond-module.md).
      screen('vipdashboard', 'VIP search', 'VIP查询', 'list', roles('business', 'partner', 'secadmin', 'service', 'serviceleader')),
      screen('vipsend', 'Batch VIP chips', '批量发放VIP筹码', 'workflow', roles('admin', 'business', 'partner', 'secadmin')),
      screen('vipservice', 'VIP service', 'VIP客服', 'list', roles('admin', 'business', 'partner', 'secadmin')),
    ],
    { icon: 'CrownOutlined', ...roles('business', 'partner', 'secadmin') },
  ),
);
