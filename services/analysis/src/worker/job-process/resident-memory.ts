import { readFile } from 'node:fs/promises';

/**
 * A process's resident memory in bytes (`VmRSS` of `/proc/<pid>/status`: what the kernel, and a container's
 * memory limit, count), or undefined where there is no procfs (macOS) or the process is gone.
 */
export async function residentMemoryBytes(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kilobytes = status?.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1];
  return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
}
