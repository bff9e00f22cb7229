import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from '@jest/globals';
import { drainBlockers } from './disruption-budgets.js';
import { createManifestValidator } from './kube-schemas.js';
import { restrictedProblems, type PodSpec } from './pod-security.js';
import { documentedInstalls, renderChart } from './render.js';
import { repositoryRoot } from './repository.js';
import { expectWith } from '@pid/platform/test-kit/samples';

// The official NATS chart, vendored at a pinned version, rendered with the guide's commands.
const chart = 'deploy/k8s/charts/nats';
const installs = documentedInstalls().filter((install) => install.chart === chart);
const validator = createManifestValidator();

describe('the vendored NATS chart', () => {
  it('is the official chart 1.3.16, installed by the production and dev commands of docs/deploy.md', () => {
    expect(parse(readFileSync(path.join(repositoryRoot, chart, 'Chart.yaml'), 'utf8'))).toMatchObject({ name: 'nats', version: '1.3.16' });
    expect(installs.map((install) => install.args[install.args.indexOf('-f') + 1])).toEqual([
      'deploy/k8s/nats-values.yaml',
      'deploy/k8s/dev/nats-values.yaml',
    ]);
  });

  describe.each(installs)('helm upgrade --install nats … $args', ({ release, args }) => {
    const manifests = renderChart(
      args.filter((arg) => arg !== '--wait'),
      path.join(repositoryRoot, chart),
      release,
    );

    it('renders schema-valid objects that pass the restricted Pod Security Standard and never block a drain', () => {
      expect(manifests.map((manifest) => manifest.kind)).toContain('StatefulSet');
      expect(manifests.flatMap((manifest) => validator.problems(manifest))).toEqual([]);
      for (const workload of manifests.filter((manifest) => ['StatefulSet', 'Deployment', 'Pod'].includes(manifest.kind))) {
        const spec = workload as unknown as { kind: string; spec: PodSpec & { template?: { spec: PodSpec } } };
        expectWith(restrictedProblems(spec.spec.template?.spec ?? spec.spec), workload.metadata.name).toEqual([]);
      }
      expect(drainBlockers(manifests)).toEqual([]);
    });
  });

  it('runs JetStream on 3 nodes in production, with room for large analysis results and the monitor port for KEDA', () => {
    const values = parse(readFileSync(path.join(repositoryRoot, 'deploy/k8s/nats-values.yaml'), 'utf8'));
    expect(values).toMatchObject({
      config: { cluster: { enabled: true, replicas: 3 }, jetstream: { enabled: true }, merge: { max_payload: 8388608 } },
      service: { ports: { monitor: { enabled: true } } },
    });
  });
});
