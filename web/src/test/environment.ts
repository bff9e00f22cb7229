import { TestEnvironment } from 'jest-environment-jsdom';

/** Node's, where jsdom has none: the fetch API (the app calls fetch, tests answer with Responses), encoders, streams. */
const FROM_NODE = {
  fetch,
  Request,
  Response,
  Headers,
  TextEncoder,
  TextDecoder,
  ReadableStream,
  WritableStream,
  TransformStream,
  structuredClone,
  MessageChannel,
  MessagePort,
  BroadcastChannel,
};

/** jsdom, with the Node globals it lacks. */
export default class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    for (const [name, value] of Object.entries(FROM_NODE)) if (!(name in this.global)) Object.assign(this.global, { [name]: value });
  }
}
