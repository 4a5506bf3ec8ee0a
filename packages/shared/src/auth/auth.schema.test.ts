import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIN_MESSAGE, hasRole, isSessionUser } from './auth.constants';
import { loginRequestSchema } from './auth.schema';

describe('login schema', () => {
  it('requires both fields with the spec message', () => {
    const result = loginRequestSchema.safeParse({ email: ' ', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      EMPTY_LOGIN_MESSAGE,
      EMPTY_LOGIN_MESSAGE,
    ]);
  });

  it('rejects unknown fields', () => {
    expect(
      loginRequestSchema.safeParse({ email: 'a@b.c', password: 'x', role: 'admin' }).success,
    ).toBe(false);
  });
});

describe('session user', () => {
  it('recognises a stored user only with nome, email and a known role', () => {
    expect(isSessionUser({ nome: 'Ana', email: 'a@b.c', role: 'admin' })).toBe(true);
    expect(isSessionUser({ nome: 'Ana', email: 'a@b.c', role: 'root' })).toBe(false);
    expect(isSessionUser({ nome: 'Ana' })).toBe(false);
    expect(isSessionUser(null)).toBe(false);
  });
});

describe('hasRole', () => {
  it('allows anyone on an empty list and only listed roles otherwise', () => {
    expect(hasRole('user', [])).toBe(true);
    expect(hasRole('manager', ['admin'])).toBe(false);
    expect(hasRole('manager', ['admin', 'manager'])).toBe(true);
    expect(hasRole(undefined, ['admin'])).toBe(false);
  });
});
