import { defineModule, group, roles, screen } from '../define';

/** The fixed module '/': data overview and daily reports (§2 "Fixed routes", roles from §6). */
export const rootModule = defineModule(
  group(
    '/',
    'Data overview',
    '数据概览',
    [
      screen('homepage', 'Data report', '数据报表', 'dashboard', {
        icon: 'DashboardOutlined',
        ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin', 'delivery'),
      }),
      screen('payReport', 'Pay report', '充值报表', 'report', { icon: 'PayCircleOutlined', ...roles('admin', 'partner', 'secadmin') }),
      screen('iosReport', 'iOS report', 'iOS报表', 'report', { icon: 'AppleOutlined', ...roles('admin', 'partner', 'secadmin') }),
      screen('userReport', 'User report', '用户报表', 'report', { icon: 'UserOutlined', ...roles('admin', 'partner', 'secadmin') }),
      screen('paystat', 'Paying-user report', '付费用户报表', 'report', { icon: 'FundOutlined', ...roles('admin', 'partner', 'secadmin') }),
      screen('paychannel', 'Channel report', '渠道报表', 'report', { icon: 'ApartmentOutlined', ...roles('admin', 'partner', 'secadmin') }),
      // §6 does not name payoutChannel; it is a money report like the channel report (README).
      screen('payoutChannel', 'Payout channel report', '提现渠道报表', 'report', {
        icon: 'TransactionOutlined',
        ...roles('admin', 'partner', 'secadmin'),
      }),
      screen('freegive', 'Free-give report', '赠送报表', 'report', { icon: 'GiftOutlined', ...roles('admin', 'partner', 'secadmin') }),
      screen('recycle', 'Recycle report', '回收报表', 'report', {
        icon: 'RetweetOutlined',
        ...roles('admin', 'partner', 'delivery', 'secadmin', 'business'),
      }),
      // No roles: inherits '/', which has none, so every signed-in account may open it.
      screen('homepage/settings', 'Account settings', '账户设置', 'page', { icon: 'SettingOutlined', hidden: true }),
    ],
    { icon: 'HomeOutlined' },
  ),
);
