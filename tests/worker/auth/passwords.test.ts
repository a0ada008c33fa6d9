import { describe, expect, it } from 'vitest';
import { PBKDF2_ITERATIONS } from '../../../worker/platform/limits';
import { hashPassword, verifyPassword } from '../../../worker/auth/passwords';

describe('password hashing', () => {
  it('stays within the 100,000 PBKDF2 iterations production allows', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('verifies the right password and refuses any other', async () => {
    const stored = await hashPassword('a long passphrase');
    expect(await verifyPassword('a long passphrase', stored)).toBe(true);
    expect(await verifyPassword('a long passphrasE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts each hash and records its parameters', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    const [scheme, iterations, salt = ''] = a.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(salt.length).toBeGreaterThanOrEqual(21);
  });

  it('refuses a stored value in an unknown format', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
