import { defineModule, group, roles, screen } from '../define';

export const agentxModule = defineModule(
  group('/agentx', 'Integration agents', '接入代理', [screen('list', 'Third-party integration agents', '第三方接入代理列表', 'list')], {
    icon: 'ApiOutlined',
    ...roles('admin'),
  }),
);
