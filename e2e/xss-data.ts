/**
 * XSS vectors fed through the signed platform API into every player-written field the
 * screens show (names, device ids, share id, package, GCash, bank, feedback, tip-offs, gift,
 * emote and badge ids, badge names, SMS provider/purpose/code, wallet reason and ref), plus a
 * device ban by staff whose value is a player-written device id. IPs are validated by the API
 * (a vector is refused there, checked below) so no vector reaches a screen through them.
 */
import { expect } from 'vitest';
import { apiLogin } from './harness.ts';
import { platformClient } from './platform.ts';

/** Each vector sets window.__xss (or opens a dialog) if it is ever parsed as markup or followed as a link. */
export const V = {
  name1: '<img src=x onerror=window.__xss=1>',
  name2old: '<u>x2</u><img src=x onerror=window.__xss=2>',
  name2new: '<script>window.__xss=3</script>',
  name3: '"><svg onload=window.__xss=4>',
  device: '"><svg onload=window.__xss=5><img src=x onerror=window.__xss=5>',
  loginDevice: '<iframe src="javascript:window.parent.__xss=6"></iframe>',
  shareId: 'javascript:window.__xss=7',
  package: '<script>window.__xss=8</script>',
  avatar: 'javascript:window.__xss=9',
  gcash: '"><img src=x onerror=__xss=10>',
  bank: '<a href="javascript:window.__xss=11">bank</a>',
  gift: '<img src=x onerror=alert(12)>',
  emote: '<svg><script>window.__xss=13</script></svg>',
  category: '<b onmouseover=window.__xss=14>cat</b>',
  feedbackText: 'Help! <img src=x onerror=window.__xss=15> and <script>window.__xss=15</script> and javascript:window.__xss=15',
  tipReason: '"><img src=x onerror=window.__xss=16>',
  tipText: '<details open ontoggle=window.__xss=17>tip</details>',
  badgeId: '<img src=x onerror=window.__xss=18 id=b>',
  badgeName: '"><svg onload=window.__xss=19>',
  smsCode: '<b>1234</b>',
  provider: '<img src=x onerror=window.__xss=20>',
  purpose: '<style>*{display:none}</style>',
  walletReason: '<img src=x onerror=window.__xss=21>',
  walletRef: '<script>alert(22)</script>',
} as const;

export const X1 = 900_301;
export const X2 = 900_302;
export const X3 = 900_303;
export const SMS_PHONE = { country: '63', number: '9170000301' };

/** Puts every vector in place; returns what the API refused (field → message), expected to be the IP only. */
export async function feedVectors(url: string): Promise<Record<string, string>> {
  const p = platformClient(url);
  const refused: Record<string, string> = {};
  const ok = (field: string, r: { status: string; code?: number; message?: string }) => {
    if (r.status !== 'applied') refused[field] = `${r.code} ${r.message}`;
  };
  // an IP is validated: a vector is refused (so none can reach a screen that way)
  ok(
    'ip',
    await p
      .event('player.registered', { uid: 900_399, name: 'ip test', ip: '<img src=x onerror=window.__xss=1>', deviceId: 'd', package: 'p' })
      .catch((e) => ({ status: 'rejected', message: String(e) })),
  );
  await p.register(X1, { name: V.name1, deviceId: V.device, shareId: V.shareId, package: V.package });
  await p.register(X2, { name: V.name2old, deviceId: V.device });
  await p.register(X3, { name: V.name3, inviterUid: X1 });
  await p.credit(X1, 5_000);
  const results = await p.events([
    { type: 'player.profile', data: { uid: X2, name: V.name2new } },
    { type: 'player.profile', data: { uid: X1, avatar: V.avatar, gcash: V.gcash, bank: V.bank } },
    { type: 'player.login', data: { uid: X1, ip: '10.9.3.1', deviceId: V.loginDevice, durationSeconds: 60 } },
    { type: 'gift.sent', data: { fromUid: X1, toUid: X2, giftId: V.gift, chips: 10, charisma: 5 } },
    { type: 'emote.used', data: { uid: X1, emoteId: V.emote, chips: 1 } },
    { type: 'feedback.submitted', data: { uid: X1, category: V.category, text: V.feedbackText } },
    { type: 'tipoff.submitted', data: { uid: X1, targetUid: X2, reason: V.tipReason, text: V.tipText } },
    { type: 'badge.granted', data: { uid: X1, badgeId: V.badgeId, name: V.badgeName } },
    { type: 'sms.sent', data: { phone: SMS_PHONE, code: V.smsCode, provider: V.provider, purpose: V.purpose } },
  ]);
  results.forEach((r, i) => ok(`event ${i}`, r));
  const wallet = await p.post('/api/platform/wallet/credit', {
    txId: `e2e-xss-${Date.now()}`,
    uid: X1,
    currency: 'chip',
    amount: 7,
    reason: V.walletReason,
    ref: V.walletRef,
  });
  if (wallet.status !== 200) refused.wallet = JSON.stringify(wallet.body);
  // staff ban of a player-written device id: its value shows on the ban screens and in the detail
  const token = await apiLogin(url, 'admin');
  const ban = await fetch(url + '/api/players/ban', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ kind: 'device', value: V.loginDevice, reason: 'E2E: device of an XSS test' }),
  });
  expect(ban.status).toBe(200);
  return refused;
}
