import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, ObjectNotFoundError, type ObjectStorage } from './object-storage';

/** Objects as files under one folder: the default on a single machine. */
export class FsObjectStorage implements ObjectStorage {
  readonly driver = 'fs';
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    return path.join(this.root, assertObjectKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so that a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async ping(): Promise<boolean> {
    await mkdir(this.root, { recursive: true });
    return access(this.root).then(
      () => true,
      () => false,
    );
  }
}
