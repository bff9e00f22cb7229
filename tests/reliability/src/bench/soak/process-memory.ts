import { parentProcessIds } from '@pid/analysis/dist/testing/processes';
import { residentMemoryBytes } from '@pid/analysis/dist/worker/job-process/resident-memory';

/** Resident memory of each named process with all its descendants (an analysis worker and its job processes), in bytes. */
export async function treeMemory(roots: Record<string, number>): Promise<Record<string, number>> {
  const parentOf = await parentProcessIds();
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
