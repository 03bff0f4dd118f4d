/**
 * Strings shared by every /usermanager screen and the player detail (merged under
 * 'usermanager' by ../locales.ts): the player id label, and the readable names of ledger
 * reasons (`usermanager.reasons.<reason code>`; the codes hold dots, so they nest).
 * The codes: ../ledgerReasons.tsx.
 */
const en = {
  uid: 'UID',
  reasons: {
    game: { bet: 'Game bet', win: 'Game win', settle: 'Game bet and win' },
    bonus: { register: 'Registration bonus' },
    activity: {
      telephonelogin: 'Phone binding bonus',
      relief: 'Relief bonus',
      onlinesign: 'Daily sign-in',
      luckywheel: 'Lucky wheel',
      lossrebate: 'Loss rebate',
    },
    promo: { deposit: 'Deposit bonus' },
    shop: { exchange: 'Shop exchange' },
    chips: { transferred: 'Chip transfer' },
    safe: { deposit: 'Safe deposit', withdraw: 'Safe withdrawal' },
    gift: { sent: 'Gift' },
    emote: { used: 'Emote' },
    coindealer: { sold: 'Coin dealer sale', stock: 'Coin dealer stock' },
    staff: { add: 'Staff: add chips', reduce: 'Staff: reduce chips', toSafe: 'Staff: chips → safe', toChip: 'Staff: safe → chips' },
    batch: { chip: 'Batch send chips', cash: 'Batch send cash' },
    wallet: { debit: 'Wallet debit', credit: 'Wallet credit', rollback: 'Wallet rollback' },
    cashout: { hold: 'Cash-out (held)', fee: 'Cash-out fee', refund: 'Cash-out returned' },
    charisma: { cashout: 'Charisma converted', payout: 'Charisma cash-out' },
  },
};

const zh: typeof en = {
  uid: '玩家ID',
  reasons: {
    game: { bet: '游戏下注', win: '游戏赢取', settle: '游戏下注与赢取' },
    bonus: { register: '注册奖励' },
    activity: {
      telephonelogin: '绑定手机奖励',
      relief: '救济金',
      onlinesign: '每日签到',
      luckywheel: '幸运转盘',
      lossrebate: '亏损返利',
    },
    promo: { deposit: '充值奖励' },
    shop: { exchange: '商城兑换' },
    chips: { transferred: '筹码转账' },
    safe: { deposit: '存入保险箱', withdraw: '从保险箱取出' },
    gift: { sent: '赠送礼物' },
    emote: { used: '使用表情' },
    coindealer: { sold: '币商售出', stock: '币商进货' },
    staff: { add: '后台增加筹码', reduce: '后台扣除筹码', toSafe: '后台筹码转入保险箱', toChip: '后台保险箱转出筹码' },
    batch: { chip: '批量发放筹码', cash: '批量发放现金' },
    wallet: { debit: '钱包扣款', credit: '钱包入账', rollback: '钱包回滚' },
    cashout: { hold: '提现（冻结）', fee: '提现手续费', refund: '提现退回' },
    charisma: { cashout: '魅力值兑换', payout: '魅力值提现' },
  },
};

export default { en, zh } satisfies { en: Record<string, unknown>; zh: Record<string, unknown> };
