"""What both trainers read from a corpus the same way: a sheet's ink at a scale, the sheets' scales, the drafting-style
bands and precision/recall/F1."""
import json
import os

import numpy as np
from PIL import Image

Image.MAX_IMAGE_PIXELS = None


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
