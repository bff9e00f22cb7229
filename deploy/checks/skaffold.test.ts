import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from '@jest/globals';
import { createManifestValidator } from './kube-schemas.js';
import { restrictedProblems, type PodSpec } from './pod-security.js';
import { documentedInstalls, parseManifests } from './render.js';
import { chartDir, deployableServices, repositoryRoot } from './repository.js';
import { expectWith } from '@pid/platform/test-kit/samples';

// skaffold itself cannot be installed here: these checks read skaffold.yaml as skaffold would.
interface HelmRelease {
  name: string;
  chartPath?: string;
  valuesFiles?: string[];
}
interface DeployConfig {
  helm?: { releases: HelmRelease[] };
  kubectl?: object;
}
interface SkaffoldConfig {
  build: { artifacts: Array<{ image: string; docker: { dockerfile: string; buildArgs?: Record<string, string> } }> };
  deploy: DeployConfig;
  manifests?: { rawYaml?: string[] };
  profiles: Array<{ name: string; deploy?: DeployConfig; manifests?: { rawYaml?: string[] } }>;
}

const [document] = parseAllDocuments(readFileSync(path.join(repositoryRoot, 'skaffold.yaml'), 'utf8'), { merge: true });
const skaffold = document!.toJS() as SkaffoldConfig;
const exists = (file: string) => existsSync(path.join(repositoryRoot, file));
const setups = [
  { name: 'default', deploy: skaffold.deploy, rawYaml: skaffold.manifests?.rawYaml ?? [] },
  ...skaffold.profiles.map((profile) => ({
    name: `profile ${profile.name}`,
    deploy: profile.deploy ?? skaffold.deploy,
    rawYaml: profile.manifests?.rawYaml ?? skaffold.manifests?.rawYaml ?? [],
  })),
];

describe('skaffold.yaml', () => {
  it('is valid YAML with dev and prod profiles', () => {
    expect(document!.errors).toEqual([]);
    expect(skaffold.profiles.map((profile) => profile.name).sort()).toEqual(['dev', 'prod']);
  });

  it('builds an image per service and the gateway, from Dockerfiles that exist', () => {
    const images = skaffold.build.artifacts.map((artifact) => artifact.image).sort();
    expect(images).toEqual(['gateway', ...deployableServices()].map((name) => `pid-platform-${name}`).sort());
    expect(skaffold.build.artifacts.map((artifact) => artifact.docker.dockerfile).filter((file) => !exists(file))).toEqual([]);
    for (const artifact of skaffold.build.artifacts.filter((entry) => entry.docker.buildArgs?.SERVICE))
      expect(deployableServices()).toContain(artifact.docker.buildArgs!.SERVICE);
  });

  it.each(setups)('$name names only charts, values files and manifests that exist', ({ deploy, rawYaml }) => {
    const releases = deploy.helm?.releases ?? [];
    expect(releases.map((release) => release.name)).toEqual(['nats', 'pid']);
    const files = [...releases.flatMap((release) => [release.chartPath ?? '', ...(release.valuesFiles ?? [])]).filter(Boolean), ...rawYaml];
    expect(files.filter((file) => !exists(file))).toEqual([]);
    expect(releases.find((release) => release.name === 'pid')?.chartPath).toBe('charts/pid-platform');
    for (const file of files.filter((name) => name.endsWith('.yaml')))
      expect(() => parseManifests(readFileSync(path.join(repositoryRoot, file), 'utf8'))).not.toThrow();
    if (rawYaml.length > 0) expectWith(deploy.kubectl, 'raw manifests need the kubectl deployer').toBeDefined();
  });

  it.each(setups)('$name installs NATS from the vendored official chart, as docs/deploy.md does', ({ deploy }) => {
    const nats = deploy.helm!.releases.find((release) => release.name === 'nats')!;
    expect(nats.chartPath).toBe('deploy/k8s/charts/nats');
    const documented = documentedInstalls().filter((install) => install.chart === nats.chartPath);
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.map((install) => install.args[install.args.indexOf('-f') + 1])).toContain(nats.valuesFiles![0]);
  });

  it('dev profile manifests are schema-valid and pass the restricted Pod Security Standard', () => {
    const validator = createManifestValidator();
    const dev = setups.find((setup) => setup.name === 'profile dev')!;
    expect(dev.rawYaml.length).toBeGreaterThan(0);
    for (const file of dev.rawYaml) {
      const manifests = parseManifests(readFileSync(path.join(repositoryRoot, file), 'utf8'));
      expect(manifests.flatMap((manifest) => validator.problems(manifest))).toEqual([]);
      for (const workload of manifests.filter((manifest) => manifest.kind === 'StatefulSet'))
        expect(restrictedProblems((workload as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec)).toEqual([]);
    }
  });

  it('deploys the values files the guide installs', () => {
    const valuesOf = (name: string) =>
      setups.find((setup) => setup.name === name)!.deploy.helm!.releases.find((release) => release.name === 'pid')!.valuesFiles!;
    const guideFiles = documentedInstalls()
      .filter((install) => path.resolve(repositoryRoot, install.chart) === chartDir)
      .map((install) => install.args[install.args.indexOf('-f') + 1]);
    expect(guideFiles).toContain(valuesOf('profile dev').at(-1));
    expect(guideFiles).toContain(valuesOf('profile prod').at(-1));
  });
});
