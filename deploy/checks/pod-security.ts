/**
 * The `restricted` Pod Security Standard (Kubernetes 1.31), checked on a rendered pod spec: what
 * `pod-security.kubernetes.io/enforce: restricted` would refuse at admission.
 * https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted
 */
interface SecurityContext {
  privileged?: boolean;
  allowPrivilegeEscalation?: boolean;
  runAsNonRoot?: boolean;
  runAsUser?: number;
  capabilities?: { add?: string[]; drop?: string[] };
  seccompProfile?: { type?: string };
  procMount?: string;
}
interface Container {
  name: string;
  securityContext?: SecurityContext;
  ports?: Array<{ hostPort?: number }>;
}
export interface PodSpec {
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  securityContext?: SecurityContext & { sysctls?: unknown[] };
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<Record<string, unknown>>;
}

const ALLOWED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

export function restrictedProblems(pod: PodSpec): string[] {
  const problems: string[] = [];
  const podContext = pod.securityContext ?? {};
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push('shares a host namespace');
  if ((podContext.sysctls ?? []).length > 0) problems.push('sets sysctls');
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !ALLOWED_VOLUMES.has(type)) problems.push(`volume ${String(volume.name)} is of type ${String(type)}`);
  }
  for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
    const context = container.securityContext ?? {};
    const where = `container ${container.name}`;
    if (context.privileged) problems.push(`${where} is privileged`);
    if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
    if ((context.runAsNonRoot ?? podContext.runAsNonRoot) !== true) problems.push(`${where}: runAsNonRoot is not true`);
    if ((context.runAsUser ?? podContext.runAsUser) === 0) problems.push(`${where} runs as user 0`);
    const seccomp = context.seccompProfile?.type ?? podContext.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problems.push(`${where}: seccompProfile is not RuntimeDefault or Localhost`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where} does not drop ALL capabilities`);
    const added = (context.capabilities?.add ?? []).filter((capability) => capability !== 'NET_BIND_SERVICE');
    if (added.length > 0) problems.push(`${where} adds capabilities ${added.join(', ')}`);
    if (context.procMount && context.procMount !== 'Default') problems.push(`${where}: procMount ${context.procMount}`);
    if ((container.ports ?? []).some((port) => port.hostPort)) problems.push(`${where} uses a host port`);
  }
  return problems;
}
