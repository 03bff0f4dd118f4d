import { defineModule, group, roles, screen } from '../define';

export const groundpromotersModule = defineModule(
  group(
    '/groundpromoters',
    'Ground promoters',
    '地推管理',
    [
      screen('groundpromoterssetting', 'Ground promoter settings', '地推设置', 'config'),
      screen('GroundpromotersRecords', 'Ground promoter records', '地推记录', 'list'),
    ],
    { icon: 'EnvironmentOutlined', ...roles('partner', 'business', 'secadmin', 'groundpromoter', 'provincepromoter') },
  ),
);
