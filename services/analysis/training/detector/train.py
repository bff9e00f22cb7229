"""Trains the symbol detector on a corpus built by `npm run corpus -- --sheets` and writes its weights.

Run through `npm run train:detector`, which builds the corpora, installs the Debian packages and records the
figures; by hand: /usr/bin/python3 train.py --corpus DIR --holdout DIR --out DIR.
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
from corpus_common import sheet_scales, training_arguments  # noqa: E402
from detections import detect_page  # noqa: E402
from evaluate import evaluate
from export import export
from model import ARCHITECTURE, Detector, parameter_count
from sheets import CROP_SCALES, crop, load_sheets, targets


def focal_loss(logits, heat):
    """CenterNet's focal loss on Gaussian peaks, summed and divided by the number of objects."""
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    positive = heat.eq(1).float()
    pos = -(torch.log(p) * (1 - p) ** 2 * positive).sum()
    neg = -(torch.log(1 - p) * p ** 2 * (1 - heat) ** 4 * (1 - positive)).sum()
    return (pos + neg) / positive.sum().clamp(min=1)


def batch(sheets, rng, size, count, classes):
    images, heats, regressions, masks = [], [], [], []
    for _ in range(count):
        pixels, boxes, cls = crop(sheets[rng.integers(len(sheets))], rng, size)
        heat, regression, mask = targets(boxes, cls, size, classes)
        images.append(pixels)
        heats.append(heat)
        regressions.append(regression)
        masks.append(mask)
    as_tensor = lambda items: torch.from_numpy(np.stack(items))
    return as_tensor(images)[:, None].float().div_(255), as_tensor(heats), as_tensor(regressions), as_tensor(masks)


class Batches(torch.utils.data.IterableDataset):
    """Endless training batches. In the main process (no workers) one generator seeded by --seed draws them all, as it
    always has; each loader worker draws from its own generator, seeded by --seed and its number."""

    def __init__(self, sheets, size, count, classes, seed):
        super().__init__()
        self.sheets, self.size, self.count, self.classes, self.seed = sheets, size, count, classes, seed

    def __iter__(self):
        worker = torch.utils.data.get_worker_info()
        rng = np.random.default_rng(self.seed if worker is None else [self.seed, worker.id])
        while True:
            yield batch(self.sheets, rng, self.size, self.count, self.classes)


def training_device(name: str) -> torch.device:
    """--device auto: a CUDA GPU where PyTorch sees one, else the CPU (the product never needs a GPU)."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(name)


def train(args):
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = training_device(args.device)
    with open(args.classes) as handle:
        classes = json.load(handle)
    names = [c["name"] for c in classes]
    class_index = {name: i for i, name in enumerate(names)}
    sheets = load_sheets(args.corpus, class_index, processes=args.threads)
    model = Detector(len(names)).to(device)
    print(f"{ARCHITECTURE}: {parameter_count(model):,} parameters, {len(names)} classes, {len(sheets)} sheets, on {device}",
          flush=True)
    batches = iter(torch.utils.data.DataLoader(Batches(sheets, args.size, args.batch, len(names), args.seed), batch_size=None,
                                               num_workers=args.workers, pin_memory=device.type == "cuda"))
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    warmup = max(1, min(300, args.steps // 10))
    schedule = lambda step: min(1, (step + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * step / args.steps))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimiser, schedule)
    started, running = time.time(), None
    for step in range(args.steps):
        model.train()
        images, heat, regression, mask = (t.to(device, non_blocking=True) for t in next(batches))
        heat_logits, predicted = model(images)
        heat_loss = focal_loss(heat_logits, heat)
        objects = mask.sum().clamp(min=1)
        size_loss = (F.l1_loss(predicted[:, :2], regression[:, :2], reduction="none").sum(1) * mask).sum() / objects
        offset_loss = (F.l1_loss(predicted[:, 2:], regression[:, 2:], reduction="none").sum(1) * mask).sum() / objects
        loss = heat_loss + size_loss + offset_loss
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        scheduler.step()
        parts = np.array([loss.item(), heat_loss.item(), size_loss.item(), offset_loss.item()])
        running = parts if running is None else 0.98 * running + 0.02 * parts
        if (step + 1) % 25 == 0 or step + 1 == args.steps:
            elapsed = time.time() - started
            eta = elapsed / (step + 1) * (args.steps - step - 1)
            print(f"step {step + 1}/{args.steps} loss {running[0]:.3f} (heat {running[1]:.3f} size {running[2]:.3f} "
                  f"offset {running[3]:.3f}) {elapsed / 60:.1f} min, ETA {eta / 60:.1f} min", flush=True)
        if (step + 1) % args.checkpoint == 0 or step + 1 == args.steps:
            os.makedirs(args.out, exist_ok=True)
            torch.save(model.state_dict(), os.path.join(args.out, "detector.pt"))
    minutes = (time.time() - started) / 60
    record = {"trainMinutes": round(minutes, 1), "steps": args.steps, "batch": args.batch, "crop": args.size, "cropScales": list(CROP_SCALES),
              "seed": args.seed, "device": device.type, "workers": args.workers}
    finish(model, args, classes, record, args.commit)


def finish(model, args, classes, record, commit):
    """Scores the model on the held-out corpus and writes it for Node with its training record."""
    model.eval()
    names = [c["name"] for c in classes]
    holdout = load_sheets(args.holdout, {name: i for i, name in enumerate(names)}, processes=args.threads)
    figures = evaluate(model, holdout, names)
    model.cpu()
    scales = {"targetTextHeight": sheet_scales(args.corpus)["targetTextHeight"], "fallback": args.fallback_scale}
    export(model, classes, args.out, {**record, "heldOut": figures}, scales, commit=commit)
    print(json.dumps(figures["summary"], indent=1), flush=True)


def evaluate_again(args):
    """The trained weights (`detector.pt` in --out) scored anew, their training record and commit kept: for a change
    to the held-out figures' definition, without training again."""
    with open(args.classes) as handle:
        classes = json.load(handle)
    with open(os.path.join(args.out, "detector.json")) as handle:
        previous = json.load(handle)
    model = Detector(len(classes))
    model.load_state_dict(torch.load(os.path.join(args.out, "detector.pt"), map_location="cpu"))
    record = {key: value for key, value in previous["training"].items() if key != "heldOut"}
    finish(model, args, classes, record, previous["commit"])


if __name__ == "__main__":
    parser = training_arguments(__doc__, steps=6000, size=320, lr=2e-3, seed=41)
    parser.add_argument("--classes", required=True, help="JSON list of {name, elementType}, in the heatmap's order")
    parser.add_argument("--device", default="auto", help="auto (a CUDA GPU where there is one), cpu or cuda")
    parser.add_argument("--workers", type=int, default=0, help="processes drawing training crops (0: the trainer's own)")
    arguments = parser.parse_args()
    if arguments.evaluate_only:
        evaluate_again(arguments)
    else:
        train(arguments)
