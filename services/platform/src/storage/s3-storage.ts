import { Client } from 'minio';
import { assertObjectKey, ObjectNotFoundError, type ObjectStorage } from './object-storage';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

/** Objects in MinIO or any S3-compatible store, through the `minio` client. */
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = 's3';
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;

  constructor(options: S3StorageOptions) {
    const url = new URL(options.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
    this.bucket = options.bucket;
    this.region = options.region;
  }

  /** Creates the bucket when it does not exist yet. */
  async ensureBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket, this.region);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, assertObjectKey(key), body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<Buffer> {
    try {
      const stream = await this.client.getObject(this.bucket, assertObjectKey(key));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, assertObjectKey(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, assertObjectKey(key));
  }

  async ping(): Promise<boolean> {
    return this.client.bucketExists(this.bucket).catch(() => false);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NoSuchKey' || code === 'NotFound';
}
