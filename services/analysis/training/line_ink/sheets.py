"""Corpus sheets for the line-ink model: grey ink at the model's scale and, at every STRIDE-th pixel, what the truth
says each bit of ink is; random crops of both for training."""
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from corpus_common import corpus_sheet, ink_image, load_all, sheet_names, sheet_scales
from model import CLASSES, STRIDE


PROCESS, SIGNAL, SYMBOL, TEXT, OTHER = range(len(CLASSES))
# The model reads a page with its text at twice the detector's height (strokes stay a pixel or more), at most full size.
SCALE_OVER_DETECTOR = 2.0
# Ink cells: the darkest pixel of a STRIDE x STRIDE cell is at least this dark (0..255, ink high).
INK_LEVEL = 80
# Pipes are labelled this many label cells wider on either side than drawn, for blur, bleed and skew.
PIPE_SLACK = 1.5
# A signal line drawn with ISA marks (ticks, crosses, rings: `signal-marks.ts`) is labelled out to its marks' reach
# across the line, in routing steps, so that the marks are signal ink and not symbols or other ink.
MARK_REACH = 0.4
CROP_SCALES = (0.7, 1.4)


def line_ink_scale(detector_scale: float) -> float:
    return min(1.0, detector_scale * SCALE_OVER_DETECTOR)


def truth_labels(truth: dict, size: tuple, factor: float) -> np.ndarray:
    """A label per cell (`size` = width, height in cells; `factor` = cells per truth pixel), painted in order so that
    the later wins: other ink, text, pipes, symbols."""
    image = Image.new("L", size, OTHER)
    draw = ImageDraw.Draw(image)
    scaled = lambda points: [(x * factor, y * factor) for x, y in points]
    for text in truth["texts"]:
        x0, y0, x1, y1 = text["box"]
        draw.rectangle([x0 * factor, y0 * factor, x1 * factor, y1 * factor], fill=TEXT)
    # The routing step in rendition pixels: the plan lays a sheet out at 200 dpi.
    unit = truth["plan"]["style"]["unit"] * truth["plan"]["dpi"] / 200
    for pipe in truth["pipes"]:
        drawn = max(pipe["width"], 2 * MARK_REACH * unit) if pipe.get("marks") else pipe["width"]
        width = max(1, round(drawn * factor + 2 * PIPE_SLACK))
        draw.line(scaled(pipe["polyline"]), fill=PROCESS if pipe["kind"] == "process" else SIGNAL, width=width, joint="curve")
    for symbol in truth["symbols"]:
        draw.polygon(scaled(symbol["turnedBox"]), fill=SYMBOL)
    return np.asarray(image, dtype=np.uint8)


class Sheet:
    def __init__(self, corpus: str, name: str, scale: float):
        truth, image = corpus_sheet(corpus, name)
        self.name = name
        self.plan = truth["plan"]
        self.ink = ink_image(image, scale)
        height, width = self.ink.shape
        cells = (math.ceil(width / STRIDE), math.ceil(height / STRIDE))
        self.labels = truth_labels(truth, cells, width / truth["imageSize"]["width"] / STRIDE)
        self.anchors = np.array([point for pipe in truth["pipes"] for point in pipe["polyline"]]
                                + [s["box"][:2] for s in truth["symbols"]], dtype=np.float32).reshape(-1, 2)
        self.anchors *= width / truth["imageSize"]["width"]


def load_sheets(corpus: str, limit=None, log=print, processes=1):
    scales = sheet_scales(corpus)["sheets"]
    jobs = [(Sheet, (corpus, name, line_ink_scale(scales[name]["scale"]))) for name in sheet_names(corpus, limit)]
    return load_all(jobs, processes, log)


def ink_cells(ink: np.ndarray) -> np.ndarray:
    """Whether each STRIDE x STRIDE cell holds ink (its darkest pixel)."""
    height, width = ink.shape
    padded = np.zeros((math.ceil(height / STRIDE) * STRIDE, math.ceil(width / STRIDE) * STRIDE), dtype=np.uint8)
    padded[:height, :width] = ink
    cells = padded.reshape(padded.shape[0] // STRIDE, STRIDE, padded.shape[1] // STRIDE, STRIDE).max(axis=(1, 3))
    return cells >= INK_LEVEL


def crop(sheet: Sheet, rng: np.random.Generator, size: int):
    """A random crop (uint8 ink, size x size) at a random scale, turned and mirrored, with its cell labels."""
    scale = math.exp(rng.uniform(math.log(CROP_SCALES[0]), math.log(CROP_SCALES[1])))
    side = int(round(size / scale)) // STRIDE * STRIDE
    height, width = sheet.ink.shape
    if len(sheet.anchors) and rng.random() < 0.75:
        cx, cy = sheet.anchors[rng.integers(len(sheet.anchors))] + rng.uniform(-side / 3, side / 3, 2)
    else:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    left, top = int(cx - side / 2) // STRIDE * STRIDE, int(cy - side / 2) // STRIDE * STRIDE
    window = np.zeros((side, side), dtype=np.uint8)
    labels = np.full((side // STRIDE, side // STRIDE), OTHER, dtype=np.uint8)
    sx0, sy0, sx1, sy1 = max(left, 0), max(top, 0), min(left + side, width), min(top + side, height)
    if sx1 > sx0 and sy1 > sy0:
        window[sy0 - top:sy1 - top, sx0 - left:sx1 - left] = sheet.ink[sy0:sy1, sx0:sx1]
        c = lambda v: v // STRIDE
        cells = sheet.labels[c(sy0):c(sy0) + c(sy1 - sy0 + 1), c(sx0):c(sx0) + c(sx1 - sx0 + 1)]
        labels[c(sy0 - top):c(sy0 - top) + cells.shape[0], c(sx0 - left):c(sx0 - left) + cells.shape[1]] = cells[
            :labels.shape[0] - c(sy0 - top), :labels.shape[1] - c(sx0 - left)]
    pixels = np.asarray(Image.fromarray(window).resize((size, size), Image.BILINEAR))
    labels = np.asarray(Image.fromarray(labels).resize((size // STRIDE, size // STRIDE), Image.NEAREST))
    turns = int(rng.integers(4))
    pixels, labels = np.rot90(pixels, turns), np.rot90(labels, turns)
    if rng.random() < 0.5:
        pixels, labels = pixels[:, ::-1], labels[:, ::-1]
    pixels = np.ascontiguousarray(pixels)
    # Heavier or thinner strokes and coarser scans than the corpus drew.
    if rng.random() < 0.2:
        pixels = np.asarray(Image.fromarray(pixels).filter(ImageFilter.MaxFilter(3) if rng.random() < 0.6 else ImageFilter.MinFilter(3)))
    if rng.random() < 0.15:
        factor = rng.uniform(1.5, 2.2)
        small = Image.fromarray(pixels).resize((int(size / factor),) * 2, Image.BILINEAR)
        pixels = np.asarray(small.resize((size, size), Image.BILINEAR))
    gamma = (np.arange(256) / 255.0) ** math.exp(rng.uniform(-0.4, 0.4)) * 255
    pixels = gamma.astype(np.uint8)[pixels]
    return pixels, np.ascontiguousarray(labels)
