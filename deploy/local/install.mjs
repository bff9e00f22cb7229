// Installs npm dependencies when they are missing or older than the lockfile. Node built-ins only:
// this runs before anything else is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

export function step(message) {
  console.error(`\n▶ ${message}`);
}

const WORKSPACE_MANIFESTS = [
  'package.json',
  'package-lock.json',
  'services/*/package.json',
  'gateway/package.json',
  'web/package.json',
  'deploy/package.json',
];

/** A fingerprint of every manifest and the lockfile: dependencies are reinstalled when it changes. */
function manifestsFingerprint() {
  const hash = createHash('sha256');
  const files = spawnSync('sh', ['-c', `ls ${WORKSPACE_MANIFESTS.join(' ')} 2>/dev/null`], { cwd: root, encoding: 'utf8' }).stdout.split(
    '\n',
  );
  for (const file of files.filter(Boolean).sort()) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

export function ensureDependencies() {
  const stamp = path.join(root, 'node_modules/.pid-installed');
  const fingerprint = manifestsFingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return;
  // `npm install` with the committed lockfile rather than `npm ci`: the registry mirror here lacks some
  // other platforms' optional binaries, which npm leaves out of the lockfile and `npm ci` then rejects.
  step('Installing npm dependencies (npm install, from package-lock.json)');
  run('npm', ['install', '--no-fund', '--no-audit']);
  writeFileSync(stamp, manifestsFingerprint());
}

export function build() {
  step('Building every project (nx run-many -t build)');
  run(path.join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--outputStyle=static'], { env: nxEnv() });
}

export function nxEnv() {
  return { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
}

/** Debian packages the project needs at run time or test time, installed when missing and we are root. */
export function ensureDebianPackage(binary, pkg) {
  const found = spawnSync('sh', ['-c', `command -v ${binary} || test -x /usr/sbin/${binary} && echo /usr/sbin/${binary}`], {
    encoding: 'utf8',
  });
  if (found.stdout.trim()) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  step(`Installing Debian package ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env });
  return true;
}
