import { defineModule, group, roles, screen } from '../define';

export const remoteconfigModule = defineModule(
  group(
    '/remoteconfig',
    'Remote configuration',
    '远程配置',
    [
      screen('application', 'Application settings', '应用配置', 'config', roles('maint')),
      screen('payControl', 'Payment control', '支付控制', 'config', roles('secadmin', 'serviceleader')),
      screen('packageControl', 'Package control', '包控制', 'config', roles('secadmin')),
      group(
        'sms',
        'SMS',
        '短信',
        [
          screen('smslogs', 'SMS log', '短信记录', 'list'),
          screen('smsconfig', 'SMS settings', '短信配置', 'config'),
          screen('localconfig', 'Local SMS settings', '本地短信配置', 'config'),
          screen('globalconfig', 'International SMS settings', '国际短信配置', 'config'),
        ],
        roles('secadmin'),
      ),
      // §2 gives these an empty role list: they inherit the module's roles.
      screen('gamestore', 'Game store', '游戏商店', 'config'),
      screen('withdrawalconfigs', 'Withdrawal settings', '提现配置', 'config'),
      screen('awardconfigs', 'Award settings', '奖励配置', 'config'),
      screen('shielddomesticconfigs', 'Domestic blocking', '国内屏蔽配置', 'config'),
      screen('whiteconfigs', 'Allow list', '白名单配置', 'config'),
      screen('cashOutEdter', 'Cash-out editor', '提现编辑', 'config', roles('secadmin', 'serviceleader')),
      // who pays each cash-out channel (a provider's HTTP API); where the money goes, so secadmin alone and no partner account
      screen('payoutEndpoints', 'Payout endpoints', '出款接口', 'list', roles('secadmin', 'ban_partner')),
    ],
    { icon: 'ToolOutlined', ...roles('maint', 'secadmin', 'serviceleader') },
  ),
);
