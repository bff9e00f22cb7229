import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from './repository.js';

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * Every package `npm ci --omit=dev --workspace <folder>` installs for a workspace (its dependencies,
 * optional and required peer dependencies, transitively, as package-lock.json resolves them).
 */
export function productionDependencies(workspaceFolder: string): Set<string> {
  const packages = (
    JSON.parse(readFileSync(path.join(repositoryRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
  ).packages;
  const found = new Set<string>();
  const visited = new Set<string>();

  // Node's resolution: <from>/node_modules/<name>, then each folder above it, up to the root.
  const resolve = (from: string, name: string): string | undefined => {
    for (let folder = from; ; folder = path.posix.dirname(folder)) {
      const candidate = folder === '.' || folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (folder === '.' || folder === '') return undefined;
    }
  };
  const visit = (location: string) => {
    if (visited.has(location)) return;
    visited.add(location);
    const entry = packages[location]!;
    if (entry.link) return visit(entry.resolved!);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional),
    ];
    for (const name of names) {
      const target = resolve(location, name);
      if (!target) continue; // an optional dependency for another platform
      found.add(name);
      visit(target);
    }
  };
  visit(workspaceFolder);
  return found;
}
