"""Corpus sheets for the detector: pixels at the detector's scale, truth boxes, crops with their targets."""
import math

import numpy as np
from PIL import Image, ImageFilter

from model import STRIDE
from corpus_common import corpus_sheet, ink_image, load_all, sheet_names, sheet_scales

# Crops are read at a random scale in this range: symbols drawn from about half to twice their corpus size.
CROP_SCALES = (0.45, 1.8)


class Sheet:
    def __init__(self, corpus: str, name: str, class_index: dict, scale: float):
        truth, image = corpus_sheet(corpus, name)
        self.name = name
        self.plan = truth["plan"]
        self.ink = ink_image(image, scale)
        self.scale = (self.ink.shape[1] / truth["imageSize"]["width"], self.ink.shape[0] / truth["imageSize"]["height"])
        boxes = [s["box"] for s in truth["symbols"]]
        self.boxes = np.array(boxes, dtype=np.float32).reshape(-1, 4) * np.array(self.scale * 2, dtype=np.float32)
        self.classes = np.array([class_index[s["className"]] if s["className"] in class_index else class_index["other_symbol"]
                                 for s in truth["symbols"]], dtype=np.int64)


def load_sheets(corpus: str, class_index: dict, limit=None, log=print, processes=1):
    scales = sheet_scales(corpus)["sheets"]
    jobs = [(Sheet, (corpus, name, class_index, scales[name]["scale"])) for name in sheet_names(corpus, limit)]
    return load_all(jobs, processes, log)


def crop(sheet: Sheet, rng: np.random.Generator, size: int):
    """A random crop at a random scale, turned and mirrored at random (uint8, ink high), with its boxes in it."""
    scale = math.exp(rng.uniform(math.log(CROP_SCALES[0]), math.log(CROP_SCALES[1])))
    side = int(round(size / scale))
    height, width = sheet.ink.shape
    if len(sheet.boxes) and rng.random() < 0.8:
        x0, y0, x1, y1 = sheet.boxes[rng.integers(len(sheet.boxes))]
        cx = (x0 + x1) / 2 + rng.uniform(-side / 3, side / 3)
        cy = (y0 + y1) / 2 + rng.uniform(-side / 3, side / 3)
    else:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    left, top = int(cx - side / 2), int(cy - side / 2)
    window = np.zeros((side, side), dtype=np.uint8)
    sx0, sy0, sx1, sy1 = max(left, 0), max(top, 0), min(left + side, width), min(top + side, height)
    if sx1 > sx0 and sy1 > sy0:
        window[sy0 - top:sy1 - top, sx0 - left:sx1 - left] = sheet.ink[sy0:sy1, sx0:sx1]
    pixels = np.asarray(Image.fromarray(window).resize((size, size), Image.BILINEAR))
    boxes = (sheet.boxes - np.array([left, top, left, top], dtype=np.float32)) * (size / side)
    keep = (boxes[:, 2] > 0) & (boxes[:, 3] > 0) & (boxes[:, 0] < size) & (boxes[:, 1] < size)
    boxes, classes = boxes[keep], sheet.classes[keep]
    turns = int(rng.integers(4))
    for _ in range(turns):  # a quarter turn counter-clockwise: (x, y) -> (y, size - x)
        pixels = np.rot90(pixels)
        boxes = np.stack([boxes[:, 1], size - boxes[:, 2], boxes[:, 3], size - boxes[:, 0]], axis=1)
    if rng.random() < 0.5:
        pixels = pixels[:, ::-1]
        boxes = np.stack([size - boxes[:, 2], boxes[:, 1], size - boxes[:, 0], boxes[:, 3]], axis=1)
    # Heavier or thinner strokes and coarser scans than the corpus drew, so line weight and resolution vary more.
    if rng.random() < 0.25:
        image = Image.fromarray(np.ascontiguousarray(pixels))
        pixels = np.asarray(image.filter(ImageFilter.MaxFilter(3) if rng.random() < 0.7 else ImageFilter.MinFilter(3)))
    if rng.random() < 0.2:
        factor = rng.uniform(1.5, 2.5)
        small = Image.fromarray(np.ascontiguousarray(pixels)).resize((int(size / factor),) * 2, Image.BILINEAR)
        pixels = np.asarray(small.resize((size, size), Image.BILINEAR))
    # Faint or heavy ink, as scans and plots differ.
    gamma = (np.arange(256) / 255.0) ** math.exp(rng.uniform(-0.4, 0.4)) * 255
    pixels = gamma.astype(np.uint8)[pixels]
    return pixels, boxes, classes


def targets(boxes: np.ndarray, classes: np.ndarray, size: int, class_count: int):
    """CenterNet targets: per-class Gaussian peaks at the box centres, and log size and centre offset there."""
    cells = size // STRIDE
    heat = np.zeros((class_count, cells, cells), dtype=np.float32)
    regression = np.zeros((4, cells, cells), dtype=np.float32)
    mask = np.zeros((cells, cells), dtype=np.float32)
    ys, xs = np.mgrid[0:cells, 0:cells]
    for (x0, y0, x1, y1), cls in zip(boxes, classes):
        w, h = x1 - x0, y1 - y0
        cx, cy = (x0 + x1) / 2 / STRIDE, (y0 + y1) / 2 / STRIDE
        ix, iy = int(cx), int(cy)
        if not (0 <= ix < cells and 0 <= iy < cells) or w < 2 or h < 2:
            continue
        sigma = max(0.6, min(w, h) / STRIDE / 6)
        r = int(3 * sigma) + 1
        ya, yb, xa, xb = max(0, iy - r), min(cells, iy + r + 1), max(0, ix - r), min(cells, ix + r + 1)
        g = np.exp(-((xs[ya:yb, xa:xb] - ix) ** 2 + (ys[ya:yb, xa:xb] - iy) ** 2) / (2 * sigma * sigma))
        np.maximum(heat[cls, ya:yb, xa:xb], g, out=heat[cls, ya:yb, xa:xb])
        regression[:, iy, ix] = (math.log(w), math.log(h), cx - ix, cy - iy)
        mask[iy, ix] = 1
    return heat, regression, mask
