import { defineModule, group, roles, screen } from '../define';

export const partnermanagerModule = defineModule(
  group(
    '/partnermanager',
    'Partner management',
    '合作方管理',
    [
      screen('partnersum', 'Distribution bill', '分销账单', 'report'),
      screen('partnerCoinLogs', 'Cloud chips record', '云筹码记录', 'list'),
      screen('coinbusiness', 'Coin dealers', '币商管理', 'list'),
      screen('accounttransfer', 'Account transfer', '账户转账', 'workflow', roles('admin', 'business', 'partner', 'secadmin')),
      screen('gamestoreV1', 'Partner game store', '合作方游戏商店', 'config', roles('admin', 'partner')),
      screen('agentgamelogs', 'Agent game log', '代理游戏记录', 'list'),
    ],
    { icon: 'SolutionOutlined', ...roles('partner', 'business', 'secadmin') },
  ),
);
