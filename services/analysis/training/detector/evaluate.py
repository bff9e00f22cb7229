"""Held-out figures: class-agnostic and per-class precision and recall at IoU 0.5, by style band."""
import numpy as np

from corpus_common import bands, prf
from detections import detect_page, match

THRESHOLDS = [round(t, 2) for t in np.arange(0.15, 0.8, 0.05)]


def evaluate(model, sheets, names, log=print):
    pages = []
    for i, sheet in enumerate(sheets):
        pages.append((sheet, detect_page(model, sheet.ink)))
        log(f"held-out {i + 1}/{len(sheets)}")
    # The threshold is chosen on the held-out corpus (never on pid-dev) for the best class-agnostic F1.
    def counts(threshold, same_class=False):
        tp = fp = fn = 0
        for sheet, rows in pages:
            rows = rows[rows[:, 4] >= threshold]
            pairs = match(rows, sheet.boxes)
            if same_class:
                pairs = [(p, t) for p, t in pairs if int(rows[p, 5]) == sheet.classes[t]]
            tp += len(pairs)
            fp += len(rows) - len(pairs)
            fn += len(sheet.boxes) - len(pairs)
        return tp, fp, fn
    best = max(THRESHOLDS, key=lambda t: prf(*counts(t))["f1"])
    summary = {"threshold": best, "sheets": len(sheets), "agnostic": prf(*counts(best)),
               "with class": prf(*counts(best, True))}
    per_band, per_class = {}, {name: [0, 0, 0] for name in names}
    for sheet, rows in pages:
        rows = rows[rows[:, 4] >= best]
        pairs = match(rows, sheet.boxes)
        matched_truth = {t for _, t in pairs}
        for key, value in bands(sheet.plan).items():
            cell = per_band.setdefault(f"{key}: {value}", [0, 0, 0])
            cell[0] += len(pairs)
            cell[1] += len(rows) - len(pairs)
            cell[2] += len(sheet.boxes) - len(pairs)
        for p, t in pairs:
            right = int(rows[p, 5]) == sheet.classes[t]
            per_class[names[sheet.classes[t]]][0 if right else 2] += 1
            if not right:
                per_class[names[int(rows[p, 5])]][1] += 1
        for t in range(len(sheet.boxes)):
            if t not in matched_truth:
                per_class[names[sheet.classes[t]]][2] += 1
        matched_pred = {p for p, _ in pairs}
        for p in range(len(rows)):
            if p not in matched_pred:
                per_class[names[int(rows[p, 5])]][1] += 1
    return {"summary": summary, "calibration": calibration(pages), "bands": {k: prf(*v) for k, v in sorted(per_band.items())},
            "classes": {k: prf(*v) for k, v in per_class.items()}}


CALIBRATION_EDGES = [0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01]


def calibration(pages):
    """Share of detections in each score band that are a truth symbol of the named class, made non-decreasing:
    the product reports this as the confidence (`symbol-detector.ts`)."""
    right, total = np.zeros(len(CALIBRATION_EDGES) - 1), np.zeros(len(CALIBRATION_EDGES) - 1)
    for sheet, rows in pages:
        pairs = dict(match(rows, sheet.boxes))
        for p, row in enumerate(rows):
            band = np.searchsorted(CALIBRATION_EDGES, row[4], side="right") - 1
            total[band] += 1
            right[band] += p in pairs and int(row[5]) == sheet.classes[pairs[p]]
    shares = np.maximum.accumulate(np.where(total > 0, right / np.maximum(total, 1), 0))
    return [{"score": round((lo + min(hi, 1)) / 2, 3), "confidence": round(float(c), 4), "detections": int(n)}
            for lo, hi, c, n in zip(CALIBRATION_EDGES, CALIBRATION_EDGES[1:], shares, total)]
