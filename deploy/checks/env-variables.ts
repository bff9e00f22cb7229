import path from 'node:path';
import { repositoryRoot } from './repository.js';

interface ZodLike {
  _zod: { def: { type: string; shape?: Record<string, unknown>; left?: ZodLike; right?: ZodLike; in?: ZodLike; innerType?: ZodLike } };
}

function keysOf(schema: ZodLike): string[] {
  const def = schema._zod.def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'intersection') return [...keysOf(def.left!), ...keysOf(def.right!)];
  if (def.type === 'pipe') return keysOf(def.in!);
  if (def.innerType) return keysOf(def.innerType);
  throw new Error(`cannot read the keys of a zod ${def.type}`);
}

/** The variables a component's env schema validates at boot, read from its build output. */
export async function envVariableNames(component: string): Promise<string[]> {
  const file = component === 'gateway' ? 'gateway/dist/env.js' : `services/${component}/dist/env.js`;
  const module = (await import(path.join(repositoryRoot, file))) as Record<string, unknown>;
  const schema = Object.entries(module).find(([name]) => name.endsWith('EnvSchema'))?.[1] as ZodLike | undefined;
  if (!schema) throw new Error(`${file} exports no *EnvSchema`);
  return [...new Set(keysOf(schema))].sort();
}
