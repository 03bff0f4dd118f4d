import { defineModule, group, roles, screen } from '../define';

export const loseuserModule = defineModule(
  group(
    '/loseuser',
    'Player retrieval',
    '流失召回',
    [
      screen('dashboard', 'Retrieval dashboard', '召回数据看板', 'dashboard'),
      screen('send', 'Retrieval details', '召回明细', 'list'),
      // who may preview and send a campaign (docs/decisions/018-lost-players.md); the others read
      screen('sendcampaign', 'Send a retrieval campaign', '发送召回活动', 'workflow', { ...roles('business', 'partner'), hidden: true }),
    ],
    { icon: 'UserDeleteOutlined', ...roles('business', 'service', 'serviceleader', 'partner', 'secadmin') },
  ),
);
