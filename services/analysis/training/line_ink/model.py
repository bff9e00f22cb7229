"""The line-ink model: a small U-shaped network that names what each bit of ink on a page belongs to.

Its classes are process line, signal line, symbol, text and other ink (sheet furniture, borders, specks). It reads
grey ink (high = ink) and answers at every second pixel. Every op is one ONNX runs in Node (3x3 and 1x1
convolutions, ReLU, nearest upsampling, addition); batch norm is folded into the convolutions at export.
"""
import torch
from torch import nn
import torch.nn.functional as F

CLASSES = ("process_line", "signal_line", "symbol", "text", "other")
# One answer per STRIDE x STRIDE pixels of input.
STRIDE = 2
# Encoder widths at strides 2, 4, 8, 16 and 32: a signal line's dash pattern and a text row need a wide view.
WIDTHS = (16, 24, 32, 48, 64)
NECK = 24
ARCHITECTURE = f"ink-unet widths={WIDTHS} neck={NECK} stride={STRIDE} classes={len(CLASSES)}"


def conv_bn(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class InkNet(nn.Module):
    def __init__(self):
        super().__init__()
        stages, cin = [], 1
        for width in WIDTHS:
            stages.append(nn.Sequential(conv_bn(cin, width, 2), conv_bn(width, width)))
            cin = width
        self.stages = nn.ModuleList(stages)
        self.lateral = nn.ModuleList(nn.Conv2d(w, NECK, 1) for w in WIDTHS)
        self.smooth = conv_bn(NECK, NECK)
        self.classify = nn.Conv2d(NECK, len(CLASSES), 1)

    def forward(self, x):
        features = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        top = self.lateral[-1](features[-1])
        for level in range(len(self.lateral) - 2, -1, -1):
            top = F.interpolate(top, scale_factor=2, mode="nearest") + self.lateral[level](features[level])
        return self.classify(self.smooth(top))


def parameter_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())
