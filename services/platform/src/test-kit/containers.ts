import { existsSync } from 'node:fs';

/** True when a Docker engine answers (checked only if a socket or DOCKER_HOST hints at one). */
export async function dockerEngineAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await getContainerRuntimeClient();
    return Boolean(await client.info);
  } catch {
    return false;
  }
}

export interface StartedService<T> {
  value: T;
  stop(): Promise<void>;
}

export async function startPostgresContainer(): Promise<StartedService<string>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:17-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'test' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return {
    value: `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    stop: async () => void (await container.stop()),
  };
}

export async function startNatsContainer(): Promise<StartedService<string>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('nats:2-alpine')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  return { value: `nats://${container.getHost()}:${container.getMappedPort(4222)}`, stop: async () => void (await container.stop()) };
}

export async function startMinioContainer(): Promise<StartedService<{ endpoint: string; accessKey: string; secretKey: string }>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('minio/minio:latest')
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: 'testkit', MINIO_ROOT_PASSWORD: 'testkit-secret' })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
    .start();
  return {
    value: {
      endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
      accessKey: 'testkit',
      secretKey: 'testkit-secret',
    },
    stop: async () => void (await container.stop()),
  };
}
