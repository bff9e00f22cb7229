"""Decoding the detector's maps into boxes, page inference over overlapping tiles, and scoring against truth.

The product decodes the same way in Node (`src/symbols/detector/decode.ts`); keep the two in step.
"""
import numpy as np
import torch
import torch.nn.functional as F

from model import STRIDE

TILE = 640
OVERLAP = 128
MIN_SCORE = 0.15
NMS_IOU = 0.5


def decode(heat_logits: torch.Tensor, regression: torch.Tensor, min_score=MIN_SCORE, top=400):
    """Peaks of one tile's heatmap (3x3 local maxima) as [x0, y0, x1, y1, score, class] rows in input pixels."""
    heat = torch.sigmoid(heat_logits)
    peaks = heat * (F.max_pool2d(heat[None], 3, 1, 1)[0] == heat)
    classes, height, width = peaks.shape
    scores, order = peaks.reshape(-1).topk(min(top, peaks.numel()))
    keep = scores >= min_score
    scores, order = scores[keep], order[keep]
    cls = order // (height * width)
    cell = order % (height * width)
    iy, ix = cell // width, cell % width
    lw, lh, ox, oy = (regression[c].reshape(-1)[cell] for c in range(4))
    cx, cy = (ix.float() + ox) * STRIDE, (iy.float() + oy) * STRIDE
    w, h = lw.clamp(max=8).exp(), lh.clamp(max=8).exp()
    rows = torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, scores, cls.float()], dim=1)
    return rows.cpu().numpy()


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ix0 = np.maximum(a[:, None, 0], b[None, :, 0])
    iy0 = np.maximum(a[:, None, 1], b[None, :, 1])
    ix1 = np.minimum(a[:, None, 2], b[None, :, 2])
    iy1 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(ix1 - ix0, 0, None) * np.clip(iy1 - iy0, 0, None)
    area = lambda r: (r[:, 2] - r[:, 0]) * (r[:, 3] - r[:, 1])
    return inter / np.maximum(area(a)[:, None] + area(b)[None, :] - inter, 1e-6)


def nms(rows: np.ndarray, threshold=NMS_IOU) -> np.ndarray:
    """Class-agnostic: one place holds one symbol."""
    rows = rows[np.argsort(-rows[:, 4])]
    kept = []
    for row in rows:
        if not kept or iou_matrix(row[None, :4], np.array(kept)[:, :4]).max() < threshold:
            kept.append(row)
    return np.array(kept).reshape(-1, 6)


def tile_origins(length: int):
    if length <= TILE:
        return [0]
    stride = TILE - OVERLAP
    origins = list(range(0, length - TILE, stride))
    return origins + [length - TILE]


@torch.no_grad()
def detect_page(model, ink: np.ndarray) -> np.ndarray:
    """Detections on a page at the detector's scale: tiles overlap; each keeps the centres in its own share."""
    height, width = ink.shape
    device = next(model.parameters()).device
    found = []
    xs, ys = tile_origins(width), tile_origins(height)
    for j, y in enumerate(ys):
        for i, x in enumerate(xs):
            tile = np.zeros((TILE, TILE), dtype=np.float32)
            part = ink[y:y + TILE, x:x + TILE]
            tile[:part.shape[0], :part.shape[1]] = part / 255.0
            heat, regression = model(torch.from_numpy(tile)[None, None].to(device))
            rows = decode(heat[0], regression[0])
            # A centre belongs to the tile whose share holds it: halfway into each overlap.
            lo_x = 0 if i == 0 else (xs[i - 1] + TILE - x) / 2
            hi_x = TILE if i == len(xs) - 1 else (x + TILE - xs[i + 1]) / 2 + (xs[i + 1] - x)
            lo_y = 0 if j == 0 else (ys[j - 1] + TILE - y) / 2
            hi_y = TILE if j == len(ys) - 1 else (y + TILE - ys[j + 1]) / 2 + (ys[j + 1] - y)
            cx, cy = (rows[:, 0] + rows[:, 2]) / 2, (rows[:, 1] + rows[:, 3]) / 2
            rows = rows[(cx >= lo_x) & (cx < hi_x) & (cy >= lo_y) & (cy < hi_y)]
            rows[:, [0, 2]] += x
            rows[:, [1, 3]] += y
            found.append(rows)
    return nms(np.concatenate(found)) if found else np.zeros((0, 6))


def match(pred: np.ndarray, truth: np.ndarray, iou=0.5):
    """Greedy one-to-one matching by score; answers the matched (pred, truth) index pairs."""
    if len(pred) == 0 or len(truth) == 0:
        return []
    overlaps = iou_matrix(pred[:, :4], truth)
    pairs, used = [], set()
    for p in np.argsort(-pred[:, 4]):
        candidates = [(overlaps[p, t], t) for t in range(len(truth)) if t not in used and overlaps[p, t] >= iou]
        if candidates:
            t = max(candidates)[1]
            used.add(t)
            pairs.append((p, t))
    return pairs
