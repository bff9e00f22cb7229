import { execFileSync } from 'node:child_process';

/** Written model files in the repository's format, which CI checks; left as written where Prettier is not installed. */
export function formatWithPrettier(files: string[]): void {
  let prettier: string;
  try {
    prettier = require.resolve('prettier/bin/prettier.cjs');
  } catch {
    process.stderr.write('prettier is not installed: the model files are left unformatted\n');
    return;
  }
  execFileSync(process.execPath, [prettier, '--write', '--log-level=warn', ...files], { stdio: 'inherit' });
}
