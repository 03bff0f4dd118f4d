import { defineModule, group, roles, screen } from '../define';

export const agentcooperationModule = defineModule(
  group(
    '/agentcooperation',
    'Agent cooperation',
    '代理合作',
    [
      screen('agentediter', 'Agents', '代理管理', 'list'),
      screen('extrarebateconfigs', 'Extra rebate settings', '额外返利配置', 'config', roles('business', 'partner', 'secadmin')),
      screen('cooperData', 'Cooperation data', '合作数据', 'report'),
      screen('rebateLogs', 'Rebate log', '返利记录', 'list'),
      screen('cooperSearch', 'Cooperation search', '合作查询', 'list'),
      screen('coindealerlogs', 'Coin dealer log', '币商记录', 'list'),
      screen('inviteeData', 'Invitee data', '被邀请人数据', 'report'),
      screen('shareT1Detail', 'Tier-1 share details', '一级分成明细', 'list'),
      screen('sharePay', 'Share top-ups', '分成充值', 'list'),
      screen('shareData', 'Share data', '分成数据', 'report'),
      screen('shareRebate', 'Share rebates', '分成返利', 'list'),
      screen('extrarebateAnalyze', 'Extra rebate analysis', '额外返利分析', 'report'),
      // who may make agents, change their rates and suspend them; who may adjust rebates, change the
      // settlement's setting and run it by hand (docs/decisions/021-agents.md); the others read
      screen('agentedit', 'Edit agents', '编辑代理', 'workflow', { ...roles('business', 'partner', 'secadmin'), hidden: true }),
      screen('rebateadjust', 'Adjust rebates', '调整返利', 'workflow', { ...roles('business', 'secadmin'), hidden: true }),
    ],
    { icon: 'ShareAltOutlined', ...roles('business', 'service', 'serviceleader', 'partner', 'sales', 'secadmin') },
  ),
);
