import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const repositoryRoot = path.resolve(__dirname, '../..');
export const chartDir = path.join(repositoryRoot, 'charts/pid-platform');

/** The deployable backend services: folders under services/ with a `main.ts`. */
export function deployableServices(): string[] {
  const servicesDir = path.join(repositoryRoot, 'services');
  return readdirSync(servicesDir)
    .filter((name) => existsSync(path.join(servicesDir, name, 'src/main.ts')))
    .sort();
}
