"""The symbol detector: a small CenterNet-style network for greyscale line art.

Every op is one that TF.js and ONNX both run (3x3 and 1x1 convolutions, ReLU, nearest upsampling, addition), so
`export.py` writes the same network for Node without a converter. Batch norm is folded into the convolutions there.
"""
import torch
from torch import nn
import torch.nn.functional as F

# Output stride of the heads: one cell per 4 input pixels.
STRIDE = 4
# Backbone widths at strides 2, 4, 8, 16, 32 and 64 (the last for equipment larger than a crop's middle); the heads
# read a 32-channel map at stride 4. Inputs are multiples of 64 pixels.
WIDTHS = (12, 24, 48, 64, 96, 128)
NECK = 32
ARCHITECTURE = f"centernet-lite widths={WIDTHS} neck={NECK} stride={STRIDE}"


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Detector(nn.Module):
    def __init__(self, classes: int):
        super().__init__()
        self.classes = classes
        stages, cin = [], 1
        for width in WIDTHS:
            stages.append(nn.Sequential(conv_bn(cin, width, 2), conv_bn(width, width)))
            cin = width
        self.stages = nn.ModuleList(stages)
        # Lateral 1x1 projections for strides 4, 8, 16, 32 (top-down path, summed after nearest upsampling).
        self.lateral = nn.ModuleList(nn.Conv2d(w, NECK, 1) for w in WIDTHS[1:])
        self.smooth = conv_bn(NECK, NECK)
        self.heatmap = nn.Sequential(conv_bn(NECK, NECK), nn.Conv2d(NECK, classes, 1))
        self.size = nn.Sequential(conv_bn(NECK, NECK), nn.Conv2d(NECK, 4, 1))
        # Objects are rare: start the heatmap near 0.01 so focal loss trains from the first step.
        nn.init.constant_(self.heatmap[-1].bias, -4.6)

    def forward(self, x):
        features = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        top = self.lateral[-1](features[-1])
        for level in range(len(self.lateral) - 2, -1, -1):
            top = F.interpolate(top, scale_factor=2, mode="nearest") + self.lateral[level](features[level + 1])
        neck = self.smooth(top)
        # Heatmap logits per class; size head: log width, log height, x and y offset of the centre in its cell.
        return self.heatmap(neck), self.size(neck)


def parameter_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())
