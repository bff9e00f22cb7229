"""What both trainers read from a corpus the same way: a sheet's ink at a scale, the sheets' scales, the drafting-style
bands and precision/recall/F1."""
import argparse
import json
import multiprocessing
import os
import subprocess

import numpy as np
from PIL import Image

Image.MAX_IMAGE_PIXELS = None


def corpus_sheet(corpus: str, name: str):
    """A corpus sheet's truth and the path of its image (`sheets/<name>.png` or `.jpg`)."""
    with open(os.path.join(corpus, "truth", f"{name}.json")) as handle:
        truth = json.load(handle)
    folder = os.path.join(corpus, "sheets")
    file = next(f for f in (f"{name}.png", f"{name}.jpg") if os.path.exists(os.path.join(folder, f)))
    return truth, os.path.join(folder, file)


def sheet_names(corpus: str, limit=None) -> list:
    """The corpus's sheets in name order (the order they were drawn in), the first `limit` of them."""
    return sorted(f[:-5] for f in os.listdir(os.path.join(corpus, "truth")) if f.endswith(".json"))[:limit]


def _make(job):
    make, args = job
    return make(*args)


def load_all(jobs: list, processes: int, log=print) -> list:
    """`make(*args)` for each `(make, args)` job, in order, in `processes` forked processes: reading and scaling the
    sheets is most of a trainer's start."""
    pool = multiprocessing.get_context("fork").Pool(processes) if processes > 1 else None
    made = []
    try:
        for i, item in enumerate(pool.imap(_make, jobs) if pool else map(_make, jobs)):
            made.append(item)
            if (i + 1) % 20 == 0 or i + 1 == len(jobs):
                log(f"loaded {i + 1}/{len(jobs)} sheets", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return made


def git_commit() -> str:
    try:
        return subprocess.check_output(["git", "rev-parse", "HEAD"], text=True).strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def training_arguments(description: str, steps: int, size: int, lr: float, seed: int):
    """The command line both trainers take; each adds its own options to the parser returned."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--holdout", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--steps", type=int, default=steps)
    parser.add_argument("--batch", type=int, default=12)
    parser.add_argument("--size", type=int, default=size)
    parser.add_argument("--lr", type=float, default=lr)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fallback-scale", type=float, default=0.5, help="the detector's scale of a page whose text height is unknown")
    parser.add_argument("--checkpoint", type=int, default=250)
    parser.add_argument("--commit", default="", help="the commit training started at (default: HEAD when it ends)")
    parser.add_argument("--evaluate-only", action="store_true", help="score the weights in --out again instead of training")
    return parser


def ink_image(path: str, scale: float) -> np.ndarray:
    """Grey page resampled to `scale` (area mean, as the product's `resampledInk`), ink high (0..255); coloured ink
    by its darkest channel, as the product's ingest."""
    image = Image.open(path)
    image = image.convert("RGB") if image.mode not in ("L", "RGB") else image
    grey = Image.fromarray(np.asarray(image).min(axis=2)) if image.mode == "RGB" else image
    size = (max(1, round(grey.width * scale)), max(1, round(grey.height * scale)))
    grey = grey if size == grey.size else grey.resize(size, Image.BOX)
    return 255 - np.asarray(grey, dtype=np.uint8)


def sheet_scales(corpus: str) -> dict:
    """Each sheet's scale, measured by the product's text height (`npm run train:detector` writes scales.json)."""
    with open(os.path.join(corpus, "scales.json")) as handle:
        return json.load(handle)


def bands(plan: dict) -> dict:
    """The drafting-style bands of a sheet: src/synthetic/corpus/style-bands.ts defines them; change both together."""
    dpi = plan["dpi"]
    # The weight on paper: the plan gives it in pixels at 200 dpi, whatever the sheet's resolution.
    width = plan["style"]["processWidth"]
    return {
        "resolution": "100-150 dpi" if dpi <= 150 else "160-250 dpi" if dpi <= 250 else "300-400 dpi",
        "line weight": "hairline" if width < 2.5 else "medium" if width < 5 else "heavy",
        "damage": "scanned" if plan.get("damage") else "clean",
    }


def prf(tp, fp, fn):
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(2 * p * r / max(p + r, 1e-9), 4),
            "truth": int(tp + fn), "found": int(tp + fp)}
