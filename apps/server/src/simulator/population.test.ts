import { describe, expect, it } from 'vitest';
import { DEMO_SHARE_CODES, ipFor, Population } from './population';

const N = 5000;
const players = new Population({ seed: 7, uidBase: 100_000 }).first(N);

function groupsBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

describe('simulator population', () => {
  it('is the same for the same seed, whatever the total asked for, and differs for another seed', () => {
    const again = new Population({ seed: 7, uidBase: 100_000 }).first(700);
    expect(again).toEqual(players.slice(0, 700));
    const other = new Population({ seed: 8, uidBase: 100_000 }).first(700);
    expect(other.map((p) => p.deviceId)).not.toEqual(again.map((p) => p.deviceId));
  });

  it('numbers uids from the base and gives every address counter its own IP', () => {
    expect(players[0].uid).toBe(100_001);
    expect(players[N - 1].uid).toBe(100_000 + N);
    const ips = new Set(Array.from({ length: 40_000 }, (_, i) => ipFor(i)));
    expect(ips.size).toBe(40_000);
  });

  it('gives most players a device and an address of their own, and a few multi-account clusters', () => {
    const byDevice = groupsBy(players, (p) => p.deviceId);
    const byIp = groupsBy(players, (p) => p.ip);
    const alone = players.filter((p) => byDevice.get(p.deviceId)!.length === 1 && byIp.get(p.ip)!.length === 1).length;
    expect(alone / N).toBeGreaterThan(0.9);
    const ipClusters = [...byIp.values()].filter((g) => g.length >= 3);
    const deviceClusters = [...byDevice.values()].filter((g) => g.length >= 2);
    expect(ipClusters.length).toBeGreaterThanOrEqual(10);
    expect(deviceClusters.length).toBeGreaterThanOrEqual(10);
    const clustered = players.filter((p) => byIp.get(p.ip)!.length >= 3 || byDevice.get(p.deviceId)!.length >= 2).length;
    expect(clustered / N).toBeGreaterThan(0.03);
    expect(clustered / N).toBeLessThan(0.1);
    // one farm a block of 500: more than 5 accounts on one device, the rest invited by the first
    const farms = [...byDevice.values()].filter((g) => g.length > 5);
    expect(farms.length).toBe(N / 500);
    for (const farm of farms) for (const p of farm.slice(1)) expect(p.inviterUid).toBe(farm[0].uid);
    // device clusters share a GCash number (a shared payment account)
    for (const g of deviceClusters) expect(new Set(g.map((p) => p.gcash)).size).toBe(1);
  });

  it('brings players through partners, share codes and invitations in realistic shares', () => {
    const share = (f: (p: (typeof players)[number]) => boolean) => players.filter(f).length / N;
    expect(share((p) => p.partner === 0)).toBeGreaterThan(0.7);
    expect(share((p) => p.partner === 1)).toBeGreaterThan(0.05);
    expect(share((p) => p.partner === 2)).toBeGreaterThan(0.03);
    expect(share((p) => p.shareId === DEMO_SHARE_CODES.sales)).toBeGreaterThan(0.05);
    expect(share((p) => p.shareId === DEMO_SHARE_CODES.groundpromoter)).toBeGreaterThan(0.03);
    const invited = players.filter((p) => p.inviterUid !== undefined);
    expect(invited.length / N).toBeGreaterThan(0.1);
    for (const p of invited) {
      expect(p.inviterUid!).toBeLessThan(p.uid);
      expect(p.shareId).toBe(String(p.inviterUid));
    }
    // invitations follow their inviter's partner
    const byUid = new Map(players.map((p) => [p.uid, p]));
    for (const p of invited.filter((x) => !x.cluster)) expect(p.partner).toBe(byUid.get(p.inviterUid!)!.partner);
    expect(share((p) => p.tier === 'top')).toBeGreaterThan(0.03);
    expect(share((p) => p.tier === 'top')).toBeLessThan(0.08);
    expect(players.filter((p) => p.dealer).length).toBeGreaterThanOrEqual(5);
  });

  it('gives the platform and each partner its own coin dealers, and partner players pay more often', () => {
    const dealers = players.filter((p) => p.dealer && !p.cluster);
    for (const partner of [0, 1, 2]) expect(dealers.filter((d) => d.partner === partner).length, `partner ${partner}`).toBeGreaterThanOrEqual(N / 400 - 2);
    for (const d of dealers) expect(d.shareId).toBeUndefined();
    // the first dealer of partner 1 comes early, so that a small demo has one
    expect(players.slice(0, 30).some((p) => p.dealer && p.partner === 1)).toBe(true);
    const payShare = (partnered: boolean) => {
      const regular = players.filter((p) => p.tier === 'regular' && !p.dealer && p.partner > 0 === partnered);
      return regular.filter((p) => p.payer).length / regular.length;
    };
    expect(payShare(true)).toBeGreaterThan(payShare(false));
    expect(payShare(false)).toBeGreaterThan(0.015);
    expect(payShare(true)).toBeLessThan(0.1);
    const none = new Population({ seed: 7, uidBase: 0, partners: [] }).first(800);
    expect(none.filter((p) => p.dealer).map((p) => p.partner)).toEqual([0, 0]);
  });

  it('writes Philippine phones and GCash numbers, and stakes around ₱5', () => {
    for (const p of players.filter((x) => x.phone)) expect(`${p.phone!.country} ${p.phone!.number}`).toMatch(/^\+63 9\d{9}$/);
    for (const p of players.filter((x) => x.gcash)) expect(p.gcash).toMatch(/^09\d{9}$/);
    const stakes = players.map((p) => p.stake).sort((a, b) => a - b);
    expect(stakes[N / 2]).toBeGreaterThanOrEqual(400);
    expect(stakes[N / 2]).toBeLessThanOrEqual(700);
    expect(stakes[0]).toBeGreaterThanOrEqual(100);
    expect(stakes[N - 1]).toBeLessThanOrEqual(5000);
  });

  it('uses only the partners it is told exist', () => {
    const none = new Population({ seed: 7, uidBase: 0, partners: [] }).first(1000);
    expect(new Set(none.map((p) => p.partner))).toEqual(new Set([0]));
    const seven = new Population({ seed: 7, uidBase: 0, partners: [7] }).first(1000);
    expect(new Set(seven.map((p) => p.partner))).toEqual(new Set([0, 7]));
  });
});
