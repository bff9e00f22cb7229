import type { Manifest } from './render.js';

interface Budget {
  metadata: { name: string };
  spec: { maxUnavailable?: number | string; minAvailable?: number | string; selector: { matchLabels: Record<string, string> } };
}
interface Workload {
  kind: string;
  metadata: { name: string };
  spec: { replicas?: number; template: { metadata?: { labels?: Record<string, string> } } };
}
interface Scaler {
  kind: string;
  spec: { scaleTargetRef: { name: string }; minReplicas?: number; minReplicaCount?: number };
}

/** The fewest pods a workload may run: its replicas, or what its HPA or KEDA ScaledObject allows. */
function fewestReplicas(workload: Workload, manifests: Manifest[]): number {
  if (workload.spec.replicas !== undefined) return workload.spec.replicas;
  const scaler = (manifests as unknown as Scaler[]).find(
    (manifest) =>
      ['HorizontalPodAutoscaler', 'ScaledObject'].includes(manifest.kind) && manifest.spec.scaleTargetRef.name === workload.metadata.name,
  );
  return scaler?.spec.minReplicas ?? scaler?.spec.minReplicaCount ?? 1;
}

/**
 * PodDisruptionBudgets that could stop `kubectl drain` for good: one that selects nothing, one that
 * allows no eviction (maxUnavailable 0), or one whose minAvailable is not below the fewest replicas.
 */
export function drainBlockers(manifests: Manifest[]): string[] {
  const workloads = manifests.filter((manifest) => ['Deployment', 'StatefulSet'].includes(manifest.kind)) as unknown as Workload[];
  return (manifests.filter((manifest) => manifest.kind === 'PodDisruptionBudget') as unknown as Budget[]).flatMap((budget) => {
    const name = budget.metadata.name;
    const target = workloads.find((workload) =>
      Object.entries(budget.spec.selector.matchLabels).every(([key, value]) => workload.spec.template.metadata?.labels?.[key] === value),
    );
    if (!target) return [`${name} selects no workload`];
    const { maxUnavailable, minAvailable } = budget.spec;
    if (maxUnavailable !== undefined) return maxUnavailable === 0 || maxUnavailable === '0%' ? [`${name}: maxUnavailable 0`] : [];
    const fewest = fewestReplicas(target, manifests);
    if (typeof minAvailable === 'string')
      return minAvailable === '0%' ? [] : [`${name}: minAvailable ${minAvailable} may leave no pod to evict`];
    return Number(minAvailable) < fewest ? [] : [`${name}: minAvailable ${String(minAvailable)} with as few as ${fewest} replica(s)`];
  });
}
