import { readdir, readFile } from 'node:fs/promises';
import { residentMemoryBytes } from '@pid/analysis/dist/worker/job-process/resident-memory';

/** Parent pid of every live process (from /proc). */
async function parents(): Promise<Map<number, number>> {
  const parentOf = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (stat) parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return parentOf;
}

/** Resident memory of each named process with all its descendants (an analysis worker and its job processes), in bytes. */
export async function treeMemory(roots: Record<string, number>): Promise<Record<string, number>> {
  const parentOf = await parents();
  const result: Record<string, number> = {};
  for (const [name, root] of Object.entries(roots)) {
    const tree = [...parentOf.keys()].filter((pid) => {
      for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
      return false;
    });
    const sizes = await Promise.all(tree.map((pid) => residentMemoryBytes(pid)));
    result[name] = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  }
  return result;
}
