import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAdminEmails, roleOf } from './admin-grant.ts';

const list = parseAdminEmails(' Boss@Example.com, ops@x.test ,,');

describe('admin grant', () => {
  it.each([
    ['boss@example.com', true, 'admin'],
    ['BOSS@example.COM', true, 'admin'],
    [' ops@x.test ', true, 'admin'],
    // Listed but the mailbox is not proven: no role (an attacker can register any address).
    ['boss@example.com', false, 'user'],
    ['other@example.com', true, 'user'],
    ['boss@example.com.evil', true, 'user'],
    ['', true, 'user'],
  ] as const)('%s verified=%s -> %s', (email, emailVerified, role) => {
    expect(roleOf({ email, emailVerified }, list)).toBe(role);
  });

  it('parses the operator list: trimmed, lower-cased, empty entries dropped', () => {
    expect([...list]).toEqual(['boss@example.com', 'ops@x.test']);
    expect(parseAdminEmails('').size).toBe(0);
  });

  it('an unverified account is never admin, whatever the list says', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.array(fc.emailAddress()), (email, others) => {
        const adminEmails = parseAdminEmails([email, ...others].join(','));
        expect(roleOf({ email, emailVerified: false }, adminEmails)).toBe('user');
        expect(roleOf({ email, emailVerified: true }, adminEmails)).toBe('admin');
        expect(
          roleOf(
            { email, emailVerified: true },
            parseAdminEmails(others.filter((o) => o.toLowerCase() !== email.toLowerCase()).join(',')),
          ),
        ).toBe('user');
      }),
    );
  });
});
