// Jest's Node environment with the main realm's typed arrays, as jest already does for Uint8Array and
// ArrayBuffer: native addons (onnxruntime-node) make their arrays there, and check them with `instanceof`.
const { TestEnvironment } = require('jest-environment-node');

const { TYPED_ARRAYS } = require('./jest.shared.cjs');

class NodeEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = NodeEnvironment;
