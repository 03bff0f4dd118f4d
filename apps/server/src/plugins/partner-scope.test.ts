import { describe, expect, it } from 'vitest';
import { ownsPartner, partnerScope } from './partner-scope';

describe('partnerScope', () => {
  it('scopes accounts holding the partner role to their partner, others see all', () => {
    expect(partnerScope({ roles: ['partner'], partner: 3 })).toBe(3);
    expect(partnerScope({ roles: ['partner', 'sales'], partner: 1 })).toBe(1);
    expect(partnerScope({ roles: ['admin', 'partner'], partner: 1 })).toBeNull();
    expect(partnerScope({ roles: ['secadmin'], partner: 0 })).toBeNull();
  });

  it('a partner account without a partner sees nothing', () => {
    expect(partnerScope({ roles: ['partner'], partner: 0 })).toBe(-1);
    expect(ownsPartner({ roles: ['partner'], partner: 0 }, 0)).toBe(false);
    expect(ownsPartner({ roles: ['partner'], partner: 2 }, 2)).toBe(true);
    expect(ownsPartner({ roles: ['service'], partner: 0 }, 2)).toBe(true);
  });
});
