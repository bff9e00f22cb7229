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
