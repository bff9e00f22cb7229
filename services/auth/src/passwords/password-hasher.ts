import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// The package declares Algorithm as a const enum, which does not exist at run time under SWC: use its value.
const ARGON2ID: Algorithm = 2;
/** Argon2id with the package's defaults (19 MiB, 2 passes, 1 lane), the OWASP baseline. */
const OPTIONS: Options = { algorithm: ARGON2ID };

/** Hashes and checks passwords with argon2id. */
@Injectable()
export class PasswordHasher {
  /** A hash of nothing anyone knows, checked against when the account does not exist. */
  private readonly decoy = hash(randomBytes(32).toString('hex'), OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /** Whether `password` matches; with no stored hash it spends the same time and says no. */
  async verify(storedHash: string | undefined, password: string): Promise<boolean> {
    if (storedHash === undefined) {
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}
