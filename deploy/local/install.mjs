// Installs npm dependencies when they are missing or older than the lockfile. Node built-ins only:
// this runs before anything else is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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

export function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  step('Installing npm dependencies (npm ci)');
  run('npm', ['ci', '--no-fund', '--no-audit']);
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
