import { defineModule, group, roles, screen } from '../define';

export const adminmanagerModule = defineModule(
  group('/adminmanager', 'Permissions', '权限管理', [
    screen('editer', 'Admin users', '管理员列表', 'list', { icon: 'UserOutlined' }),
    screen('adminlogs', 'Operation log', '操作日志', 'list', { icon: 'FileSearchOutlined' }),
  ], { icon: 'LockOutlined', ...roles('admin', 'partner', 'secadmin') }),
);
