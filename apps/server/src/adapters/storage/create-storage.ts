// Chooses the storage implementation from a plain options object (built by config.ts from the
// environment), so the rest of the server only ever sees the StorageAdapter port.
import { DEFAULT_LOCAL_AUDIO_DIR, LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { S3StorageOptions } from './s3-storage.js';
import type { StorageAdapter } from './storage.js';

export type StorageConfig = { kind: 'local'; dir?: string } | ({ kind: 's3' } & S3StorageOptions);

export function createStorage(config: StorageConfig): StorageAdapter {
  switch (config.kind) {
    case 'local':
      return new LocalStorage({ dir: config.dir ?? DEFAULT_LOCAL_AUDIO_DIR });
    case 's3': {
      const { kind: _kind, ...options } = config;
      return new S3Storage(options);
    }
  }
}
