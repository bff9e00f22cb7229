import path from 'node:path';

/**
 * A path given on the command line, from where the command was typed: npm runs scripts from the project root
 * and says in `INIT_CWD` where it was called.
 */
export function typedPath(...segments: string[]): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), ...segments);
}

/** Prints the usage and answers the exit code: 0 when it was asked for (`--help`), 2 for a command line it does not take. */
export function usageExit(usage: string, asked = false): number {
  process.stderr.write(usage);
  return asked ? 0 : 2;
}

/**
 * A command's entry point: `main` resolves with the exit code; a failure is printed (`describe`, the stack by
 * default) and exits 1. The exit code is set rather than forced, so that files being written finish.
 */
export function runCli(main: () => Promise<number>, describe = (error: Error) => error.stack ?? error.message): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: Error) => {
      process.stderr.write(`${describe(error)}\n`);
      process.exitCode = 1;
    },
  );
}
