import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** An S3-compatible server (s3rver) on loopback, keeping objects under `directory`. For tests. */
export async function startEmbeddedS3(directory: string): Promise<EmbeddedS3> {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    // s3rver accepts exactly this pair.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    stop: () => server.close(),
  };
}
