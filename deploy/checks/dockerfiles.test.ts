import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './repository.js';

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

  it.each(dockerfiles)('%s runs as the non-root node user on a slim base', (dockerfile) => {
    const text = readFileSync(path.join(dockerDir, dockerfile), 'utf8');
    expect(text).toMatch(/^ARG NODE_IMAGE=node:\d+-bookworm-slim$/m);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/--omit=dev/);
  });

  it.skipIf(!dockerEngine)(
    'the service image builds',
    () => {
      const result = spawnSync(
        'docker',
        ['build', '-f', path.join(dockerDir, 'service.Dockerfile'), '--build-arg', 'SERVICE=auth', repositoryRoot],
        { encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
    },
    600_000,
  );
});
