// Writes the vendored schemas the chart checks validate against (run by hand, never by the tests):
//   node deploy/checks/schemas/vendor-schemas.mjs <swagger.json> <keda scaledobjects CRD> <servicemonitors CRD>
// swagger.json: Kubernetes v1.31's OpenAPI v2 (kubernetes-client/python v31.0.0, kubernetes/swagger.json.unprocessed).
// CRDs: KEDA v2.16.1 config/crd/bases/keda.sh_scaledobjects.yaml; prometheus-operator v0.80.0
// example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml.
// Only the kinds a chart or a dev manifest may render are kept, with descriptions dropped, to stay small.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const KINDS = [
  'v1/ConfigMap',
  'v1/Secret',
  'v1/Service',
  'v1/ServiceAccount',
  'v1/PersistentVolumeClaim',
  'apps/v1/Deployment',
  'apps/v1/StatefulSet',
  'batch/v1/Job',
  'networking.k8s.io/v1/Ingress',
  'networking.k8s.io/v1/NetworkPolicy',
  'policy/v1/PodDisruptionBudget',
  'autoscaling/v2/HorizontalPodAutoscaler',
];

const [swaggerFile, kedaFile, serviceMonitorFile] = process.argv.slice(2);
if (!serviceMonitorFile) throw new Error('usage: vendor-schemas.mjs <swagger.json> <keda CRD> <servicemonitor CRD>');
const outDir = import.meta.dirname;

function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, inner]) => [key, withoutDescriptions(inner)]),
  );
}

const definitions = JSON.parse(readFileSync(swaggerFile, 'utf8')).definitions;
const kinds = {};
for (const [name, definition] of Object.entries(definitions)) {
  for (const { group, version, kind } of definition['x-kubernetes-group-version-kind'] ?? []) {
    const apiVersionKind = `${group ? `${group}/` : ''}${version}/${kind}`;
    if (KINDS.includes(apiVersionKind)) kinds[apiVersionKind] = name;
  }
}
const missing = KINDS.filter((kind) => !kinds[kind]);
if (missing.length > 0) throw new Error(`not in ${swaggerFile}: ${missing.join(', ')}`);

// Keep every definition reachable from the kinds above.
const kept = {};
const visit = (name) => {
  if (kept[name]) return;
  kept[name] = withoutDescriptions(definitions[name]);
  for (const match of JSON.stringify(definitions[name]).matchAll(/"#\/definitions\/([^"]+)"/g)) visit(match[1]);
};
Object.values(kinds).forEach(visit);

const sorted = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  path.join(outDir, 'kubernetes-v1.31.json'),
  JSON.stringify({ source: 'Kubernetes v1.31 OpenAPI v2 (kubernetes-client/python v31.0.0)', kinds, definitions: sorted }) + '\n',
);

function crdSchema(file, source) {
  const crd = parse(readFileSync(file, 'utf8'));
  const versions = Object.fromEntries(
    crd.spec.versions.map((version) => [version.name, withoutDescriptions(version.schema.openAPIV3Schema)]),
  );
  return { source, group: crd.spec.group, kind: crd.spec.names.kind, versions };
}
writeFileSync(path.join(outDir, 'keda-v2.16.1-scaledobject.json'), JSON.stringify(crdSchema(kedaFile, 'KEDA v2.16.1 CRD')) + '\n');
writeFileSync(
  path.join(outDir, 'prometheus-operator-v0.80.0-servicemonitor.json'),
  JSON.stringify(crdSchema(serviceMonitorFile, 'prometheus-operator v0.80.0 CRD')) + '\n',
);
console.log(`${Object.keys(kinds).length} kinds, ${Object.keys(sorted).length} definitions`);
