import { JobProcess } from './dist/worker/job-process/job-process.js';
import { residentMemoryBytes } from './dist/worker/job-process/resident-memory.js';
import { bilevelScanPng } from './dist/testing/hostile-drawings.js';
const dpi = Number(process.argv[2]);
const p = new JobProcess(
  { ocr: false, ocrWorkers: 1 },
  { jobTimeoutMs: 600000, pageTimeoutMs: 600000, maxMemoryMb: Number(process.argv[3] ?? 4000) },
);
const bytes = await bilevelScanPng(dpi);
console.log('png bytes', bytes.length);
const ingest = { maxProcessingPixels: 40e6, maxImagePixels: 1e8, pdf: { dpi: 200, maxSide: 10000, maxPixels: 1e8, timeoutMs: 60000 } };
let peak = 0;
const t0 = Date.now();
const iv = setInterval(async () => {
  if (p.pid) {
    const b = await residentMemoryBytes(p.pid);
    if (b) peak = Math.max(peak, b);
  }
}, 100);
try {
  const r = await p.run(
    { bytes, pages: [1], ingest, maxJobPixels: 2e9 },
    { onStage: (s) => console.log(s, Date.now() - t0, 'ms', peak >> 20, 'MB') },
  );
  console.log('done', r[0].elements.length, Date.now() - t0, 'ms');
} catch (e) {
  console.log('ERR', e.name, e.message, Date.now() - t0);
}
console.log('peak MB', peak >> 20, 'idle now', ((await residentMemoryBytes(p.pid ?? 0)) ?? 0) >> 20);
clearInterval(iv);
await p.close();
