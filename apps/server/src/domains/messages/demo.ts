/**
 * Demo templates and announcements (written as their screens would store them: cleaned by the
 * allow list). The personal messages of the demo are sent later by the demo staff through the
 * broadcast screen's own call, and read and claimed by the simulated apps through the platform
 * API (simulator/messages.ts). Idempotent: a second run adds nothing.
 */
import type { Db } from '../../db/open';
import { sanitizeHtml } from './sanitize';

const DAY = 86_400_000;

export const DEMO_PREFABS = [
  {
    name: 'Top-up delay',
    partner: 0,
    titleEn: 'About your top-up, {name}',
    titleZh: '{name}，关于您的充值',
    contentEn: '<p>Hi <b>{name}</b>, your top-up was checked and <b>{amount}</b> were added on {date}. Sorry for the wait!</p>',
    contentZh: '<p><b>{name}</b> 您好，您的充值已核实，{date} 已补发 <b>{amount}</b>。抱歉让您久等！</p>',
  },
  {
    name: 'Maintenance compensation',
    partner: 0,
    titleEn: 'Thank you for your patience',
    titleZh: '感谢您的耐心',
    contentEn: '<p>Our servers were under maintenance on {date}. Please accept <b>{amount}</b> as our apology.</p>',
    contentZh: '<p>{date} 服务器维护给您带来不便，请收下 <b>{amount}</b> 作为补偿。</p>',
  },
  {
    name: 'We miss you',
    partner: 0,
    titleEn: 'We miss you, {name}!',
    titleZh: '{name}，我们想念您！',
    contentEn:
      '<p>Come back and play: a gift of <b>{amount}</b> is waiting in your mailbox until it expires.</p><ul><li>New tables every day</li><li>Bigger jackpots</li></ul>',
    contentZh: '<p>回来玩吧：<b>{amount}</b> 的礼物在邮箱等您，过期作废。</p><ul><li>每天新牌桌</li><li>更大奖池</li></ul>',
  },
  {
    name: 'VIP birthday',
    partner: 0,
    titleEn: 'Happy birthday from the VIP team',
    titleZh: 'VIP 团队祝您生日快乐',
    contentEn: '<p>Happy birthday, {name}! Enjoy <b>{amount}</b> on us. <a href="https://example.com/vip">VIP benefits</a></p>',
    contentZh: '<p>{name}，生日快乐！送您 <b>{amount}</b>。<a href="https://example.com/vip">VIP 权益</a></p>',
  },
  {
    name: 'Club welcome',
    partner: 1,
    titleEn: 'Welcome to the club, {name}',
    titleZh: '{name}，欢迎加入俱乐部',
    contentEn: '<p>Your club dealers are online every evening. Ask them for chips, and enjoy <b>{amount}</b> to start.</p>',
    contentZh: '<p>俱乐部代理每晚在线，可向他们购买筹码。先送您 <b>{amount}</b>。</p>',
  },
];

export async function seedMessages(db: Db, now = new Date()): Promise<void> {
  const existing = await db.selectFrom('message_prefab').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  await db
    .insertInto('message_prefab')
    .values(
      DEMO_PREFABS.map((p, i) => ({
        name: p.name,
        partner: p.partner,
        title_en: p.titleEn,
        title_zh: p.titleZh,
        content_en: sanitizeHtml(p.contentEn),
        content_zh: sanitizeHtml(p.contentZh),
        created_by: p.partner ? 'partner' : 'business',
        created_at: new Date(hour.getTime() - (30 - i) * DAY),
        updated_at: new Date(hour.getTime() - (20 - i) * DAY),
      })),
    )
    .execute();
  const at = (days: number) => new Date(hour.getTime() + days * DAY);
  const announcements = [
    {
      package: 'com.demo',
      partner: 0,
      title: 'Server maintenance on Sunday',
      content: '<p>The game servers restart on <b>Sunday 03:00–04:00</b>. Your chips are safe.</p>',
      begin_at: at(-2),
      end_at: at(5),
      repeat_type: 'daily' as const,
      link: 'https://example.com/status',
      status: 'online' as const,
      sort_order: 1,
      by: 'business',
    },
    {
      package: 'com.demo',
      partner: 0,
      title: 'Tongits Arena season 4',
      content: '<p>Season 4 starts now: climb the ladder for a share of <b>₱100,000</b>.</p><ul><li>Daily tickets</li><li>Weekly finals</li></ul>',
      begin_at: at(-7),
      end_at: at(21),
      repeat_type: 'login' as const,
      link: 'https://example.com/arena',
      status: 'online' as const,
      sort_order: 2,
      by: 'business',
    },
    {
      package: 'com.demo',
      partner: 0,
      title: 'Christmas gift week',
      content: '<p>From December 20, log in every day for a Christmas gift.</p>',
      begin_at: at(24),
      end_at: at(32),
      repeat_type: 'once' as const,
      link: '',
      status: 'online' as const,
      sort_order: 0,
      by: 'secadmin',
    },
    {
      package: 'com.demo',
      partner: 0,
      title: 'Halloween event ended',
      content: '<p>Thank you for joining the Halloween event.</p>',
      begin_at: at(-30),
      end_at: at(-20),
      repeat_type: 'once' as const,
      link: '',
      status: 'online' as const,
      sort_order: 5,
      by: 'business',
    },
    {
      package: 'com.demo.lite',
      partner: 0,
      title: 'Need help?',
      content: '<p>Our support team answers within an hour. <a href="mailto:support@example.com">Write to us</a></p>',
      begin_at: at(-10),
      end_at: at(60),
      repeat_type: 'once' as const,
      link: 'mailto:support@example.com',
      status: 'online' as const,
      sort_order: 0,
      by: 'secadmin',
    },
    {
      package: 'com.demo.lite',
      partner: 0,
      title: 'Old promotion (draft)',
      content: '<p>Double chips on every top-up this weekend.</p>',
      begin_at: at(-3),
      end_at: at(3),
      repeat_type: 'daily' as const,
      link: '',
      status: 'offline' as const,
      sort_order: 3,
      by: 'business',
    },
    {
      package: 'com.demo.partner1',
      partner: 1,
      title: 'Club night every Friday',
      content: '<p>Join the club tables every <b>Friday 20:00</b>. Call your dealer for chips.</p>',
      begin_at: at(-5),
      end_at: at(25),
      repeat_type: 'daily' as const,
      link: 'tel:+639171234567',
      status: 'online' as const,
      sort_order: 0,
      by: 'partner',
    },
  ];
  await db
    .insertInto('announcement')
    .values(
      announcements.map(({ by, ...a }) => ({
        ...a,
        content: sanitizeHtml(a.content),
        picture: '',
        created_by: by,
        created_at: new Date(a.begin_at.getTime() - 2 * DAY),
        updated_at: new Date(a.begin_at.getTime() - DAY),
      })),
    )
    .execute();
}
