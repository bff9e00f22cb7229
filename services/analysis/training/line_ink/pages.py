"""Whole-page inference over overlapping tiles, as the product's `src/lines/ink-model/` reads a page."""
import numpy as np
import torch

from model import STRIDE

TILE = 1024
# Each tile's border of this many pixels is read but not kept: the network sees that far around a pixel.
MARGIN = 64


def tile_origins(length: int) -> list:
    step = TILE - 2 * MARGIN
    if length <= TILE:
        return [0]
    origins = list(range(0, length - TILE, step)) + [length - TILE]
    return sorted(set(origins))


def classify_page(model, ink: np.ndarray) -> np.ndarray:
    """Class per STRIDE x STRIDE cell of a page (uint8 ink, high = ink)."""
    height, width = ink.shape
    padded_h, padded_w = max(TILE, -(-height // 64) * 64), max(TILE, -(-width // 64) * 64)
    page = np.zeros((padded_h, padded_w), dtype=np.uint8)
    page[:height, :width] = ink
    out = np.zeros((padded_h // STRIDE, padded_w // STRIDE), dtype=np.uint8)
    with torch.no_grad():
        for top in tile_origins(padded_h):
            for left in tile_origins(padded_w):
                tile = torch.from_numpy(page[top:top + TILE, left:left + TILE].copy())[None, None].float().div_(255)
                classes = model(tile)[0].argmax(0).numpy().astype(np.uint8)
                # Keep the tile's middle, or its edge where it is the page's.
                y0 = 0 if top == 0 else MARGIN
                x0 = 0 if left == 0 else MARGIN
                y1 = TILE if top + TILE >= padded_h else TILE - MARGIN
                x1 = TILE if left + TILE >= padded_w else TILE - MARGIN
                out[(top + y0) // STRIDE:(top + y1) // STRIDE, (left + x0) // STRIDE:(left + x1) // STRIDE] = \
                    classes[y0 // STRIDE:y1 // STRIDE, x0 // STRIDE:x1 // STRIDE]
    return out[:-(-height // STRIDE), :-(-width // STRIDE)]
