import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them safely. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
