"""Writes the trained detector for Node: batch norm folded into its convolutions, float32 tensors in one binary
file with a JSON manifest (read by `src/symbols/detector/`), and the same network as ONNX."""
import json
import os

import numpy as np
import torch
from torch import nn

from corpus_common import git_commit
from model import ARCHITECTURE, NECK, STRIDE, WIDTHS
from detections import NMS_IOU, OVERLAP, TILE


def folded_convolutions(model: nn.Module):
    """(name, weight, bias) for every convolution in the network, batch norm folded in."""
    modules = dict(model.named_modules())
    for name, module in model.named_modules():
        if not isinstance(module, nn.Conv2d):
            continue
        weight = module.weight.detach().clone()
        bias = module.bias.detach().clone() if module.bias is not None else torch.zeros(weight.shape[0])
        parent, _, index = name.rpartition(".")
        norm = modules.get(f"{parent}.{int(index) + 1}") if index.isdigit() else None
        if isinstance(norm, nn.BatchNorm2d):
            scale = norm.weight.detach() / torch.sqrt(norm.running_var + norm.eps)
            weight = weight * scale[:, None, None, None]
            bias = norm.bias.detach() + (bias - norm.running_mean) * scale
        # conv_bn's convolution is `<block>.0`; a bare head convolution keeps its own name.
        yield (parent if index == "0" and isinstance(norm, nn.BatchNorm2d) else name), weight, bias


def export(model: nn.Module, classes, out: str, figures: dict, scales: dict, commit: str = ""):
    model.eval()
    os.makedirs(out, exist_ok=True)
    tensors, blobs, offset = [], [], 0
    for name, weight, bias in folded_convolutions(model):
        for kind, value in (("weight", weight), ("bias", bias)):
            data = value.numpy().astype("<f4")
            tensors.append({"name": f"{name}.{kind}", "shape": list(data.shape), "offset": offset})
            blobs.append(data.tobytes())
            offset += data.size
    with open(os.path.join(out, "detector.bin"), "wb") as handle:
        handle.write(b"".join(blobs))
    manifest = {
        "architecture": ARCHITECTURE, "widths": list(WIDTHS), "neck": NECK, "stride": STRIDE,
        "pageScale": scales["fallback"], "textHeight": scales["targetTextHeight"], "tile": TILE, "overlap": OVERLAP, "nmsIou": NMS_IOU,
        "threshold": figures["heldOut"]["summary"]["threshold"], "classes": [c["name"] for c in classes], "elementTypes": [c["elementType"] for c in classes],
        "commit": commit or git_commit(), "training": figures, "tensors": tensors,
    }
    with open(os.path.join(out, "detector.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
    torch.onnx.export(model, torch.zeros(1, 1, TILE, TILE), os.path.join(out, "detector.onnx"), opset_version=13,
                      input_names=["ink"], output_names=["heat", "regression"],
                      dynamic_axes={"ink": {2: "height", 3: "width"}, "heat": {2: "rows", 3: "cols"},
                                    "regression": {2: "rows", 3: "cols"}})
