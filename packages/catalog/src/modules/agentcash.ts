import { defineModule, group, roles, screen } from '../define';

export const agentcashModule = defineModule(
  group(
    '/agentcash',
    'Agent cash-out',
    '代理提现',
    [
      screen('agent_config', 'Cash-out settings', '提现配置', 'config'),
      screen('agent_peoplecheck', 'Agent review', '代理审核', 'workflow'),
      screen('agent_search_date', 'Daily figures', '按日查询', 'report'),
      screen('agent_search_month', 'Monthly figures', '按月查询', 'report'),
      screen('agent_search_user', 'Figures by agent', '按代理查询', 'report'),
    ],
    { icon: 'WalletOutlined', ...roles('business', 'partner', 'secadmin') },
  ),
);
