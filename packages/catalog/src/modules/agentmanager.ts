import { defineModule, group, roles, screen } from '../define';

/** Defined but not in §2's module list: added only when `buildCatalog({ agentmanager: true })`. */
export const agentmanagerModule = defineModule(
  group(
    '/agentmanager',
    'Agent management',
    '代理管理',
    [
      screen('distribution', 'Wholesalers', '批发商列表', 'list'),
      screen('distributionlogs', 'Distribution log', '分销记录', 'list'),
      screen('preview', 'Agents', '代理列表', 'list'),
      screen('report', 'Agent query', '代理查询', 'report'),
      screen('hostreport', 'Agent monthly report', '代理月报', 'report'),
    ],
    { icon: 'BranchesOutlined', ...roles('business', 'secadmin') },
  ),
);
