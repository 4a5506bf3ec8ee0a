import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended settings:
// 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response times do not
 * tell which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('senha-inexistente-para-igualar-o-tempo');
  await verifyPassword(await dummyHash, password);
  return false;
}
