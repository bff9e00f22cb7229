import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { helm } from './helm.js';
import { chartDir, repositoryRoot } from './repository.js';

export type Manifest = Record<string, unknown> & { apiVersion: string; kind: string; metadata: { name: string } };

/** The `helm upgrade --install …` commands of docs/deploy.md, as argument lists: what an SRE runs. */
export function documentedInstalls(): Array<{ release: string; chart: string; args: string[] }> {
  const guide = readFileSync(path.join(repositoryRoot, 'docs/deploy.md'), 'utf8');
  const commands = [...guide.matchAll(/^\s*helm upgrade --install (.+)$/gm)].map((match) => match[1]!.trim().split(/\s+/));
  return commands.map(([release, chart, ...args]) => ({ release: release!, chart: chart!, args }));
}

/** The platform chart's installs from the guide, plus the defaults and KEDA on and off. */
export function renderCases(): Array<{ name: string; args: string[] }> {
  const platform = documentedInstalls().filter((install) => path.resolve(repositoryRoot, install.chart) === chartDir);
  const guide = platform.map((install) => ({
    name: `docs/deploy.md: ${install.args.join(' ')}`,
    // `--wait` and `--create-namespace` act on a cluster; rendering ignores them.
    args: install.args.filter((arg) => arg !== '--wait' && arg !== '--create-namespace'),
  }));
  const production = guide.find((entry) => entry.args.some((arg) => arg.endsWith('production-values.yaml')));
  return [
    { name: 'default values', args: [] },
    { name: 'default values, KEDA on', args: ['--set', 'analysisAutoscaling.keda.enabled=true'] },
    ...guide,
    ...(production
      ? [{ name: 'production example, KEDA off', args: [...production.args, '--set', 'analysisAutoscaling.keda.enabled=false'] }]
      : []),
  ];
}

/** The Kubernetes release the schemas are of; helm renders and lints for it too. */
export const KUBE_VERSION = '1.31.0';

/** `helm template` from the repository root; throws with helm's message when it fails. */
export function renderChart(args: string[], chart = chartDir, release = 'pid'): Manifest[] {
  const result = helm(['template', release, chart, '--kube-version', KUBE_VERSION, ...args], repositoryRoot);
  if (result.status !== 0) throw new Error(`helm template ${args.join(' ')} failed:\n${result.stderr}`);
  return parseManifests(result.stdout);
}

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('\n'));
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}
