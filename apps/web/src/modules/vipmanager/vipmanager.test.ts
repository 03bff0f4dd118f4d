// @vitest-environment jsdom
/**
 * The /vipmanager declarations: vipsend and vipservice registered (vipdashboard is the VIP
 * levels' screen), every i18n key they use exists in English and Chinese, and the actions send
 * the API's bodies.
 */
import { describe, expect, it } from 'vitest';
import { vipmanagerScreens } from './index';
import locales from './locales';
import { contactsList, playersList } from './vipservice';
import { vipBatchesList, VIP_CHIPS } from './vipsend';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const keysOf = (prefix: string, value: unknown, out: Set<string> = new Set()): Set<string> => {
  if (typeof value === 'string' && value.startsWith(prefix)) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => keysOf(prefix, v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => keysOf(prefix, v, out));
  return out;
};
const hosts = [{ username: 'service', name: 'Service', roles: ['service'], partner: 0, players: 1 }];

describe('vipmanager screens', () => {
  it('registers vipsend and vipservice', () => {
    expect(Object.keys(vipmanagerScreens).sort()).toEqual(['/vipmanager/vipsend', '/vipmanager/vipservice']);
  });

  it('every string key exists in English and Chinese', () => {
    const strip = (d: object) => JSON.parse(JSON.stringify(d, (_k, v) => (typeof v === 'function' ? undefined : v)));
    const decls = [playersList(hosts), contactsList, vipBatchesList, VIP_CHIPS].map(strip);
    const keys = keysOf('vipmanager.', decls);
    keys.add('vipmanager.vipservice.action.reassign').add('vipmanager.vipservice.none').add('vipmanager.vipsend.tabSend');
    for (const c of ['phone', 'sms', 'chat', 'email', 'in-app']) keys.add(`vipmanager.vipservice.channel.${c}`);
    expect(keys.size).toBeGreaterThan(30);
    for (const key of keys) {
      expect(lookup(locales.en, key), `en ${key}`).toBeTypeOf('string');
      expect(lookup(locales.zh, key), `zh ${key}`).toBeTypeOf('string');
    }
  });

  it('the actions send the API bodies', () => {
    const actions = Object.fromEntries(playersList(hosts).actions!.map((a) => [a.key, a]));
    const row = {
      uid: 7001,
      name: 'p',
      vip: 2,
      partner: 0,
      host: 'service',
      hostName: 'Service',
      assignedBy: 'admin',
      assignedAt: null,
      contacts: 0,
      lastContactAt: null,
    };
    expect(actions.assign.call.body!(row, { host: 'business' })).toEqual({ uid: 7001, host: 'business' });
    expect(actions.unassign.call.body!(row, {})).toEqual({ uid: 7001 });
    expect(actions.unassign.visible!({ ...row, host: null })).toBe(false);
    expect(actions.contact.call.body!(row, { channel: 'sms', outcome: 'reached', note: 'hi' })).toEqual({
      uid: 7001,
      channel: 'sms',
      outcome: 'reached',
      note: 'hi',
    });
    expect(actions.contact.call.body!(row, { channel: 'sms', outcome: 'reached', note: 'hi', host: 'business' })).toMatchObject({ host: 'business' });
    expect(VIP_CHIPS.sendApi).toBe('/vipmanager/vipsend');
  });
});
