/**
 * Owns the embedded defaults for secrets: when JWT_SECRET or ENCRYPTION_KEY is not configured,
 * one is generated on first start into DATA_DIR/secrets.json (mode 0600) and reused afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const StoredSecrets = z.object({
  jwtSecret: z.string().min(32),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Secrets = z.infer<typeof StoredSecrets>;

export function resolveSecrets(
  dataDir: string,
  configured: { jwtSecret?: string; encryptionKey?: string },
): Secrets {
  if (configured.jwtSecret && configured.encryptionKey) {
    return { jwtSecret: configured.jwtSecret, encryptionKey: configured.encryptionKey.toLowerCase() };
  }
  const file = path.join(dataDir, 'secrets.json');
  let stored: Secrets;
  if (fs.existsSync(file)) {
    stored = StoredSecrets.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } else {
    stored = {
      jwtSecret: crypto.randomBytes(48).toString('base64url'),
      encryptionKey: crypto.randomBytes(32).toString('hex'),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: configured.jwtSecret ?? stored.jwtSecret,
    encryptionKey: configured.encryptionKey?.toLowerCase() ?? stored.encryptionKey,
  };
}
