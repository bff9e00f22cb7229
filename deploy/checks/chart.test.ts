import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from '@jest/globals';
import { envVariableNames } from './env-variables.js';
import { goTemplateProblems } from './go-template.js';
import { chartDir, deployableServices } from './repository.js';
import { expectWith } from '@pid/platform/test-kit/samples';

const readYaml = (file: string) => parse(readFileSync(file, 'utf8'));
const templatesDir = path.join(chartDir, 'templates');
const templateFiles = readdirSync(templatesDir).sort();
const allTemplates = templateFiles.map((file) => readFileSync(path.join(templatesDir, file), 'utf8')).join('\n');
const values = readYaml(path.join(chartDir, 'values.yaml'));

function deepMerge(base: unknown, override: unknown): unknown {
  if (
    typeof base !== 'object' ||
    base === null ||
    Array.isArray(base) ||
    typeof override !== 'object' ||
    override === null ||
    Array.isArray(override)
  ) {
    return override ?? base;
  }
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) merged[key] = deepMerge(merged[key], value);
  return merged;
}

describe('the Helm chart files', () => {
  it.each(['Chart.yaml', 'values.yaml', 'examples/production-values.yaml', 'examples/dev-values.yaml'])('%s is valid YAML', (file) => {
    expect(() => readYaml(path.join(chartDir, file))).not.toThrow();
  });

  it.each(templateFiles)('templates/%s parses as a Go template', (file) => {
    expect(goTemplateProblems(readFileSync(path.join(templatesDir, file), 'utf8'))).toEqual([]);
  });
});

describe('values.schema.json', () => {
  // ajv is CommonJS; its class is the default export's `default`.
  const validate = new ajv2020.default({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8')),
  );

  it.each(['examples/production-values.yaml', 'examples/dev-values.yaml'])(
    'validates the defaults and the defaults merged with %s',
    (file) => {
      expectWith(validate(values), JSON.stringify(validate.errors)).toBe(true);
      const merged = deepMerge(values, readYaml(path.join(chartDir, file)));
      expectWith(validate(merged), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('rejects a weak JWT secret, an unknown storage driver and an unknown key', () => {
    expect(validate(deepMerge(values, { secrets: { jwtSecret: 'short' } }))).toBe(false);
    expect(validate(deepMerge(values, { config: { storage: { driver: 'ftp' } } }))).toBe(false);
    expect(validate(deepMerge(values, { services: { auth: { replica: 2 } } }))).toBe(false);
  });
});

describe('what the chart deploys', () => {
  it('has a Deployment for every service in services/ and for the gateway', () => {
    expect(Object.keys(values.services).sort()).toEqual(deployableServices());
    expect(allTemplates).toMatch(/range \$name, \$service := \.Values\.services[\s\S]*kind: Deployment/);
    expect(readFileSync(path.join(templatesDir, 'gateway.yaml'), 'utf8')).toMatch(/kind: Deployment/);
  });

  it.each([...deployableServices(), 'gateway'])('wires every variable that %s validates at boot', async (component) => {
    const wired = new Set([
      ...[...allTemplates.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]),
      ...[...allTemplates.matchAll(/name: ([A-Z][A-Z0-9_]+)\b/g)].map((match) => match[1]),
      // The gateway's targets come from `{{ upper $name }}_URL` over .Values.services.
      ...(allTemplates.includes('{{ upper $name }}_URL') ? Object.keys(values.services).map((name) => `${name.toUpperCase()}_URL`) : []),
    ]);
    const required = await envVariableNames(component);
    expect(required.length).toBeGreaterThan(3);
    expect(required.filter((name) => !wired.has(name))).toEqual([]);
  });
});
