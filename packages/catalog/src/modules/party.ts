import { defineModule, group, roles, screen } from '../define';

export const partyModule = defineModule(
  group(
    '/party',
    'Party',
    '派对',
    [
      screen('partycreate', 'Create party', '创建派对', 'workflow'),
      screen('stat', 'Party statistics', '派对统计', 'report'),
      // §2 names service and serviceleader here, beyond the module: they reach /party with this
      // screen alone (docs/decisions/026-child-roles-beyond-module.md).
      screen('search', 'Party search', '派对查询', 'list', roles('business', 'service', 'serviceleader', 'secadmin')),
      screen('recommend', 'Recommended parties', '推荐派对', 'list'),
      screen('banners', 'Party banners', '派对横幅', 'list'),
      screen('partyblacklist', 'Party blacklist', '派对黑名单', 'list'),
    ],
    { icon: 'SmileOutlined', ...roles('business', 'partner', 'secadmin') },
  ),
);
