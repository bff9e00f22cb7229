"""Trains the line-ink model on a corpus built by `npm run corpus -- --sheets` and writes it for Node.

Run through `npm run train:line-ink`, which builds the corpora, measures their scales and installs the Debian
packages; by hand: /usr/bin/python3 train.py --corpus DIR --holdout DIR --out DIR.
"""
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from corpus_common import git_commit, sheet_scales, training_arguments  # noqa: E402
from evaluate import evaluate  # noqa: E402
from model import ARCHITECTURE, CLASSES, STRIDE, InkNet, parameter_count
from pages import MARGIN, TILE
from sheets import CROP_SCALES, INK_LEVEL, SCALE_OVER_DETECTOR, crop, load_sheets

# Signal lines are few and thin; their cells weigh more.
CLASS_WEIGHTS = (1.0, 2.0, 1.0, 1.0, 1.0)


def batch(sheets, rng, size, count):
    images, labels = [], []
    for _ in range(count):
        pixels, cells = crop(sheets[rng.integers(len(sheets))], rng, size)
        images.append(pixels)
        labels.append(cells)
    images = torch.from_numpy(np.stack(images))[:, None].float().div_(255)
    # Only ink is scored: a cell whose darkest pixel is ink.
    ink = F.max_pool2d(images, STRIDE)[:, 0] >= INK_LEVEL / 255
    return images, torch.from_numpy(np.stack(labels)).long(), ink


def train(args):
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    sheets = load_sheets(args.corpus, limit=args.sheets, processes=args.threads)
    model = InkNet()
    print(f"{ARCHITECTURE}: {parameter_count(model):,} parameters, {len(sheets)} sheets", flush=True)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    warmup = max(1, min(200, args.steps // 10))
    schedule = lambda step: min(1, (step + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * step / args.steps))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimiser, schedule)
    weights = torch.tensor(CLASS_WEIGHTS)
    started, running = time.time(), None
    for step in range(args.steps):
        model.train()
        images, labels, ink = batch(sheets, rng, args.size, args.batch)
        loss = F.cross_entropy(model(images), labels, weight=weights, reduction="none")
        loss = (loss * ink).sum() / ink.sum().clamp(min=1)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        scheduler.step()
        running = loss.item() if running is None else 0.98 * running + 0.02 * loss.item()
        if (step + 1) % 25 == 0 or step + 1 == args.steps:
            elapsed = time.time() - started
            eta = elapsed / (step + 1) * (args.steps - step - 1)
            print(f"step {step + 1}/{args.steps} loss {running:.4f} {elapsed / 60:.1f} min, ETA {eta / 60:.1f} min", flush=True)
        if (step + 1) % args.checkpoint == 0 or step + 1 == args.steps:
            os.makedirs(args.out, exist_ok=True)
            torch.save(model.state_dict(), os.path.join(args.out, "line-ink.pt"))
    record = {"trainMinutes": round((time.time() - started) / 60, 1), "steps": args.steps, "batch": args.batch,
              "crop": args.size, "cropScales": list(CROP_SCALES), "seed": args.seed, "sheets": len(sheets)}
    finish(model, args, record, args.commit)


def finish(model, args, record, commit):
    """Scores the model on the held-out corpus and writes `line-ink.onnx` and `line-ink.json`."""
    model.eval()
    figures = evaluate(model, load_sheets(args.holdout, processes=args.threads))
    manifest = {"architecture": ARCHITECTURE, "classes": list(CLASSES), "stride": STRIDE, "tile": TILE, "margin": MARGIN,
                "inkLevel": INK_LEVEL, "scaleOverDetector": SCALE_OVER_DETECTOR,
                "textHeight": sheet_scales(args.corpus)["targetTextHeight"], "pageScale": args.fallback_scale,
                "commit": commit or git_commit(),
                "training": {**record, "heldOut": figures}}
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "line-ink.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
    torch.onnx.export(model, torch.zeros(1, 1, TILE, TILE), os.path.join(args.out, "line-ink.onnx"), opset_version=13,
                      input_names=["ink"], output_names=["classes"],
                      dynamic_axes={"ink": {2: "height", 3: "width"}, "classes": {2: "rows", 3: "cols"}})
    print(json.dumps({k: figures[k] for k in ("pipe ink", "classes", "bands")}, indent=1), flush=True)


def evaluate_again(args):
    """The trained weights (`line-ink.pt` in --out) scored anew, their training record and commit kept."""
    with open(os.path.join(args.out, "line-ink.json")) as handle:
        previous = json.load(handle)
    model = InkNet()
    model.load_state_dict(torch.load(os.path.join(args.out, "line-ink.pt")))
    record = {key: value for key, value in previous["training"].items() if key != "heldOut"}
    finish(model, args, record, previous["commit"])


if __name__ == "__main__":
    parser = training_arguments(__doc__, steps=2000, size=256, lr=3e-3, seed=43)
    parser.add_argument("--sheets", type=int, default=None, help="train on the first N sheets only")
    arguments = parser.parse_args()
    if arguments.evaluate_only:
        evaluate_again(arguments)
    else:
        train(arguments)
