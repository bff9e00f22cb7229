import { JSONCodec } from 'nats';

const codec = JSONCodec();

export function encodeJson(value: unknown): Uint8Array {
  return codec.encode(value);
}

export function decodeJson<T>(data: Uint8Array): T {
  return codec.decode(data) as T;
}
