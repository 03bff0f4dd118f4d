import { defineModule, group, roles, screen } from '../define';

export const adminmanagerModule = defineModule(
  group(
    '/adminmanager',
    'Permissions',
    '权限管理',
    [
      screen('editer', 'Admin users', '管理员列表', 'list', { icon: 'UserOutlined' }),
      screen('adminlogs', 'Operation log', '操作日志', 'list', { icon: 'FileSearchOutlined' }),
      // per-role two-factor policy (decision 045): the whole console's, so no partner account
      screen('twofactor', 'Two-factor policy', '双重验证策略', 'list', { icon: 'SafetyOutlined', ...roles('secadmin', 'ban_partner') }),
    ],
    { icon: 'LockOutlined', ...roles('admin', 'partner', 'secadmin') },
  ),
);
