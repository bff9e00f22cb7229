"""Held-out figures: per class precision and recall over ink cells, pipe ink (process and signal lines) as one, and
both by drafting-style band."""
import numpy as np

from corpus_common import bands, prf
from model import CLASSES
from pages import classify_page
from sheets import PROCESS, SIGNAL, ink_cells



def pipe_counts(predicted: np.ndarray, truth: np.ndarray):
    pred, true = np.isin(predicted, (PROCESS, SIGNAL)), np.isin(truth, (PROCESS, SIGNAL))
    return np.array([(pred & true).sum(), (pred & ~true).sum(), (~pred & true).sum()])


def evaluate(model, sheets, log=print):
    per_class = np.zeros((len(CLASSES), 3), dtype=np.int64)
    confusion = np.zeros((len(CLASSES), len(CLASSES)), dtype=np.int64)
    pipe, per_band = np.zeros(3, dtype=np.int64), {}
    for i, sheet in enumerate(sheets):
        predicted = classify_page(model, sheet.ink)
        mask = ink_cells(sheet.ink)
        rows, cols = min(mask.shape[0], sheet.labels.shape[0]), min(mask.shape[1], sheet.labels.shape[1])
        mask = mask[:rows, :cols]
        p, t = predicted[:rows, :cols][mask], sheet.labels[:rows, :cols][mask]
        np.add.at(confusion, (t, p), 1)
        counts = pipe_counts(p, t)
        pipe += counts
        for key, value in bands(sheet.plan).items():
            per_band.setdefault(f"{key}: {value}", np.zeros(3, dtype=np.int64))[:] += counts
        log(f"held-out {i + 1}/{len(sheets)}", flush=True)
    for c in range(len(CLASSES)):
        per_class[c] = (confusion[c, c], confusion[:, c].sum() - confusion[c, c], confusion[c, :].sum() - confusion[c, c])
    return {
        "sheets": len(sheets),
        "pipe ink": prf(*pipe),
        "classes": {name: prf(*per_class[c]) for c, name in enumerate(CLASSES)},
        "bands": {band: prf(*counts) for band, counts in sorted(per_band.items())},
        "confusion": {"rows": "truth", "columns": "predicted", "classes": list(CLASSES), "cells": confusion.tolist()},
    }
