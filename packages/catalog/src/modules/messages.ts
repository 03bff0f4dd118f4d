import { defineModule, group, roles, screen } from '../define';

export const messagesModule = defineModule(
  group(
    '/messages',
    'Message center',
    '消息中心',
    [
      screen('broadcast', 'Personal messages', '个人消息', 'workflow'),
      screen('prefabs', 'Service messages', '客服消息', 'list'),
      screen('announcement', 'Announcements', '公告', 'list'),
    ],
    { icon: 'MessageOutlined', ...roles('partner', 'business', 'secadmin') },
  ),
);
