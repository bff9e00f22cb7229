/** The detector's network on onnxruntime (`detector.onnx`, the same weights as `detector.bin`). */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { DEFAULT_DETECTOR_DIR } from './detector-files';
import type { DetectorNet } from './tfjs-detector-net';

export async function onnxDetectorNet(dir = DEFAULT_DETECTOR_DIR, threads = 1): Promise<DetectorNet> {
  const session = await ort.InferenceSession.create(path.join(dir, 'detector.onnx'), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  return {
    async run(ink, height, width) {
      const out = await session.run({ ink: new ort.Tensor('float32', ink, [1, 1, height, width]) });
      const heat = out.heat;
      const [rows, cols] = heat.dims.slice(2, 4);
      return { heat: heat.data as Float32Array, regression: out.regression.data as Float32Array, rows, cols };
    },
    dispose() {
      void session.release();
    },
  };
}
