import { readFileSync } from 'node:fs';
import path from 'node:path';
import ajvDraft7 from 'ajv';
import type { ValidateFunction } from 'ajv';

/**
 * Validates rendered manifests offline against vendored schemas (see schemas/vendor-schemas.mjs):
 * Kubernetes v1.31's own kinds, KEDA's ScaledObject and prometheus-operator's ServiceMonitor CRDs.
 * Strict like `kubectl apply --validate=strict`: a field the schema does not name is an error.
 */
type Schema = Record<string, unknown>;
interface KubernetesSchemas {
  kinds: Record<string, string>;
  definitions: Record<string, Schema>;
}
interface CrdSchemas {
  group: string;
  kind: string;
  versions: Record<string, Schema>;
}

const schemasDir = path.join(__dirname, 'schemas');
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as T;
const OBJECT_META = '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** Objects with named properties accept no others, unless the schema says unknown fields are kept. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' ? value : strict(value)]));
  if ('properties' in copy && !('additionalProperties' in copy) && !copy['x-kubernetes-preserve-unknown-fields'])
    copy.additionalProperties = false;
  if (copy['x-kubernetes-int-or-string']) {
    delete copy.type;
    copy.anyOf = [{ type: 'string' }, { type: 'integer' }];
  }
  return copy;
}

function loadDefinitions(): Record<string, Schema> {
  const { definitions } = readJson<KubernetesSchemas>('kubernetes-v1.31.json');
  return {
    ...(strict(definitions) as Record<string, Schema>),
    // YAML writes both as numbers or strings (`cpu: 1`, `port: 8080` or `port: http`).
    'io.k8s.apimachinery.pkg.api.resource.Quantity': { type: ['string', 'number'] },
    'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { type: ['string', 'integer'] },
  };
}

export interface ManifestValidator {
  /** Problems of one object, e.g. `Deployment/x: /spec/template/spec/containers/0 must NOT have additional properties (containerPrt)`. */
  problems(object: Record<string, unknown>): string[];
  /** The apiVersion/kind pairs it knows. */
  kinds: string[];
}

export function createManifestValidator(): ManifestValidator {
  const definitions = loadDefinitions();
  // ajv is CommonJS; its class is the default export's `default`. Kubernetes formats (int32, int-or-string) are not checked.
  const ajv = new ajvDraft7.default({ allErrors: true, strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'k8s', definitions });
  const validators = new Map<string, ValidateFunction>();
  for (const [kind, name] of Object.entries(readJson<KubernetesSchemas>('kubernetes-v1.31.json').kinds))
    validators.set(kind, ajv.compile({ $ref: `k8s#/definitions/${name}` }));
  for (const file of ['keda-v2.16.1-scaledobject.json', 'prometheus-operator-v0.80.0-servicemonitor.json']) {
    const crd = readJson<CrdSchemas>(file);
    for (const [version, schema] of Object.entries(crd.versions)) {
      const withMeta = strict(schema) as { properties: Record<string, unknown> };
      withMeta.properties.metadata = { $ref: `k8s${OBJECT_META}` };
      validators.set(`${crd.group}/${version}/${crd.kind}`, ajv.compile(withMeta));
    }
  }
  return {
    kinds: [...validators.keys()].sort(),
    problems(object) {
      const name = `${String(object.kind)}/${String((object.metadata as { name?: string } | undefined)?.name)}`;
      const validate = validators.get(`${String(object.apiVersion)}/${String(object.kind)}`);
      if (!validate) return [`${name}: no schema for ${String(object.apiVersion)} ${String(object.kind)}`];
      if (validate(object)) return [];
      return (validate.errors ?? []).map((error) => {
        const extra = (error.params as { additionalProperty?: string }).additionalProperty;
        return `${name}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}${extra ? ` (${extra})` : ''}`;
      });
    },
  };
}
