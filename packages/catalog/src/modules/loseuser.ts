import { defineModule, group, roles, screen } from '../define';

export const loseuserModule = defineModule(
  group('/loseuser', 'Player retrieval', '流失召回', [
    screen('dashboard', 'Retrieval dashboard', '召回数据看板', 'dashboard'),
    screen('send', 'Retrieval details', '召回明细', 'list'),
  ], { icon: 'UserDeleteOutlined', ...roles('business', 'service', 'serviceleader', 'partner', 'secadmin') }),
);
