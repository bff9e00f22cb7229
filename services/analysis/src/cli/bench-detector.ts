/**
 * `npm run bench:detector -- <page image> [--runs N] [--views 1|2|4] [--scales 1,0.8,0.65]`
 * Times the symbol detector on one page, whole (reduce, tiles, decode, suppression), on onnxruntime and on
 * TF.js's WebAssembly backend, the same weights, one thread each, alternating runs: a table on stdout. `--views`
 * reads the page that many ways, `--scales` at each of these factors of its scale (`DETECTOR_READING` in the
 * product: 4 views, scales 1, 0.8 and 0.65).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { loadPageImage } from '../ingest/page-image';
import { PDF_PAGE_OPTIONS } from '../ingest/pdf-options';
import { readDetectorWeights } from '../symbols/detector/detector-files';
import { onnxDetectorNet } from '../symbols/detector/onnx-detector-net';
import { detectSymbols } from '../symbols/detector/page-detector';
import { pageScaleFor, textHeight } from '../symbols/detector/page-scale';
import { tfjsDetectorNet, type DetectorNet } from '../symbols/detector/tfjs-detector-net';
import { VIEW_COUNTS, type ViewCount } from '../symbols/detector/turned-passes';
import { runCli, typedPath, usageExit } from './run-cli';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '3' },
      views: { type: 'string', default: '1' },
      scales: { type: 'string', default: '1' },
    },
  });
  const views = Number(values.views) as ViewCount;
  const scales = values.scales.split(',').map(Number);
  if (positionals.length !== 1 || !VIEW_COUNTS.includes(views) || !scales.every((factor) => factor > 0 && factor <= 2))
    return usageExit('usage: npm run bench:detector -- <page image> [--runs N] [--views 1|2|4] [--scales 1,0.8,0.65]\n');
  const file = typedPath(positionals[0]);
  const page = await loadPageImage(await readFile(file), { maxProcessingPixels: 200_000_000, pdf: PDF_PAGE_OPTIONS });
  const weights = await readDetectorWeights();
  await tf.setBackend('wasm');
  const nets: Record<string, DetectorNet> = { onnxruntime: await onnxDetectorNet(), 'tfjs-wasm': tfjsDetectorNet(weights) };
  const seconds: Record<string, number[]> = { onnxruntime: [], 'tfjs-wasm': [] };
  // The page at the product's scale: its text brought to the trained height (measured once, timed apart).
  const measured = process.hrtime.bigint();
  const scale = pageScaleFor(textHeight(page), weights.manifest.textHeight, weights.manifest.pageScale);
  const measureSeconds = Number(process.hrtime.bigint() - measured) / 1e9;
  let tiles = 0;
  let found = 0;
  for (let run = 0; run < Number(values.runs); run++) {
    for (const [name, net] of Object.entries(nets)) {
      let count = 0;
      const started = process.hrtime.bigint();
      found = (await detectSymbols(net, weights.manifest, page, { scale, plan: { views, scales }, onTile: () => count++ })).fused.length;
      seconds[name].push(Number(process.hrtime.bigint() - started) / 1e9);
      tiles = count;
      process.stderr.write(`run ${run + 1} ${name}: ${seconds[name].at(-1)!.toFixed(2)} s\n`);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  process.stdout.write(
    `${path.basename(file)}: ${page.width} × ${page.height} px read at scale ${scale.toFixed(2)} × ${scales.join(', ')} in ${views} view(s) (text height measured in ${measureSeconds.toFixed(2)} s), ${tiles} tiles, ${found} symbols\n\n` +
      '| runtime | median s per page | min | max | ms per tile |\n| --- | ---: | ---: | ---: | ---: |\n' +
      Object.entries(seconds)
        .map(
          ([name, s]) =>
            `| ${name} | ${median(s).toFixed(2)} | ${Math.min(...s).toFixed(2)} | ${Math.max(...s).toFixed(2)} | ${((median(s) / tiles) * 1000).toFixed(0)} |`,
        )
        .join('\n') +
      '\n',
  );
  Object.values(nets).forEach((net) => net.dispose());
  return 0;
}

runCli(main, (error) => error.message);
