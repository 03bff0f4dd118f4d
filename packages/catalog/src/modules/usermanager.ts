import { defineModule, group, roles, screen } from '../define';

// §2 gives /usermanager "per-item roles, many combinations" without listing them, except
// searchsales, batchsendgold and batchsendcash. The sets below are our choice (README).
/** Player look-ups customer service needs every day. */
const support = roles('business', 'service', 'serviceleader', 'partner', 'secadmin');
/** Money trails and payment orders: no front-line service agents. */
const money = roles('business', 'serviceleader', 'partner', 'secadmin');
/** Aggregate and commercial figures. */
const figures = roles('business', 'partner', 'secadmin');
/** Complaints and moderation records, not partner-scoped data. */
const moderation = roles('business', 'service', 'serviceleader', 'secadmin');
/** Account take-over risk (bans, verification codes, tracing): leaders only. */
const sensitive = roles('business', 'serviceleader', 'secadmin');
/** Staff chip changes on one player (add, reduce, chip ↔ safe), within each group's daily issue limit. */
const chipAdjust = roles('business', 'serviceleader', 'secadmin');

export const usermanagerModule = defineModule(
  group(
    '/usermanager',
    'Player management',
    '玩家管理',
    [
      screen('userlist', 'Player list', '玩家列表', 'list', support),
      screen('actives', 'Active players', '活跃玩家', 'report', figures),
      screen('registers', 'Registrations', '注册统计', 'report', figures),
      screen('search', 'Player search', '玩家查询', 'list', support),
      screen('badgesearch', 'Badge search', '徽章查询', 'list', moderation),
      screen('searchsales', 'Sales player search', '销售玩家查询', 'list', roles('sales', 'groundpromoter')),
      screen('invite', 'Invitations', '邀请记录', 'list', support),
      screen('paymentlogs', 'Payment log', '充值记录', 'list', support),
      screen('createdPaymentLogs', 'Created payment orders', '已创建订单记录', 'list', money),
      screen('goldlogs', 'Chip log', '筹码记录', 'list', support),
      screen('beanlogs', 'Bean log', '金豆记录', 'list', support),
      screen('bonuslogs', 'Bonus log', '奖金记录', 'list', support),
      screen('payorder', 'Payment orders', '支付订单', 'list', money),
      screen('moneylogs', 'Money log', '资金流水', 'list', money),
      screen('emoteStat', 'Emote statistics', '表情统计', 'report', figures),
      screen('giftlogs', 'Gift log', '礼物记录', 'list', support),
      screen('banAccountlogs', 'Ban log', '封号记录', 'list', moderation),
      screen('gamerecordlogs', 'Game records', '游戏记录', 'list', support),
      screen('feedback', 'Player feedback', '玩家反馈', 'list', moderation),
      screen('tipoffs', 'Player reports', '玩家举报', 'list', moderation),
      screen('usertrace', 'Player trace', '玩家追踪', 'list', sensitive),
      screen('lostusers', 'Lost players', '流失玩家', 'report', figures),
      screen('coindealerlogs', 'Coin dealer log', '币商记录', 'list', figures),
      screen('profitslogs', 'Profit log', '盈利记录', 'list', figures),
      screen('banediter', 'Ban editor', '封禁管理', 'workflow', sensitive),
      screen('telephonecode', 'Phone verification codes', '手机验证码', 'list', sensitive),
      screen('playtokplayer', 'Player-to-player transfers', '玩家间转账', 'list', money),
      // Cash-out review beside the money trails (docs/decisions/006-cashout-review.md).
      screen('cashoutreview', 'Cash-out review', '提现审核', 'workflow', roles('business', 'serviceleader', 'secadmin')),
      // Not a menu entry: the roles of the chip buttons in the player detail (and their API).
      screen('playerchips', 'Player chip adjustment', '玩家筹码调整', 'workflow', { ...chipAdjust, hidden: true }),
      // Not a menu entry: who may credit or refuse a held recharge order on payorder (a finance
      // decision that moves chips: not partner accounts, who see their players' orders there).
      screen('payorderdecide', 'Held recharge decisions', '挂起充值处理', 'workflow', { ...chipAdjust, hidden: true }),
      group(
        'batchsendgold',
        'Batch send chips',
        '批量发放筹码',
        [screen('sendgold', 'Send chips', '发放筹码', 'workflow'), screen('sendlogs', 'Chip send log', '筹码发放记录', 'list')],
        roles('admin'),
      ),
      group(
        'batchsendcash',
        'Batch send cash',
        '批量发放现金',
        [screen('sendcash', 'Send cash', '发放现金', 'workflow'), screen('sendcashlogs', 'Cash send log', '现金发放记录', 'list')],
        roles('admin', 'secadmin'),
      ),
    ],
    {
      icon: 'TeamOutlined',
      // The union of the children's roles, so that no child is cut off by its module.
      ...roles('admin', 'business', 'service', 'serviceleader', 'partner', 'secadmin', 'sales', 'groundpromoter'),
    },
  ),
);
