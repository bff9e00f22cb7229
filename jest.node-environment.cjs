// Jest's Node environment with the main realm's typed arrays, as jest already does for Uint8Array and
// ArrayBuffer: native addons (onnxruntime-node) make their arrays there, and check them with `instanceof`.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  Int8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

class NodeEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const type of TYPED_ARRAYS) this.global[type.name] = type;
  }
}

module.exports = NodeEnvironment;
