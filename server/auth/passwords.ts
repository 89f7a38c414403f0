import { hash, verify } from '@node-rs/argon2';

/** argon2id is the library's default algorithm; the PHC string records it. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** SPEC section 5: at least 12 characters mixing letters, numbers and symbols. */
export function isSecurePassword(password: string): boolean {
  return (
    password.length >= 12 &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}
