#!/usr/bin/env python3
"""Draws inkdoku's app icons (PNG) into static/icons/. Run once when the design changes;
the PNGs are committed. Needs Pillow (pip install pillow==13.0.0).

The icon: a 3x3 box of a Sudoku grid on the brand blue, with a handwritten-looking "7" stroke,
the app's promise (write a digit with the pen). The maskable variant keeps everything inside
the central 80 % safe zone."""
from pathlib import Path
from PIL import Image, ImageDraw

BLUE = (31, 95, 191, 255)
PAPER = (251, 250, 247, 255)
INK = (29, 29, 31, 255)
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def draw(size: int, safe: float, rounded: bool) -> Image.Image:
    scale = 4  # supersample, then shrink: smooth edges
    s = size * scale
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if rounded:
        d.rounded_rectangle([0, 0, s - 1, s - 1], radius=int(s * 0.22), fill=BLUE)
    else:
        d.rectangle([0, 0, s - 1, s - 1], fill=BLUE)
    # The paper square with a 3x3 grid, inside the safe zone.
    m = s * (1 - safe) / 2 + s * 0.08
    side = s - 2 * m
    d.rounded_rectangle([m, m, m + side, m + side], radius=int(side * 0.06), fill=PAPER)
    cell = side / 3
    for i in (1, 2):
        w = max(2, int(s * 0.008))
        d.line([m + i * cell, m + side * 0.04, m + i * cell, m + side * 0.96], fill=(160, 160, 168, 255), width=w)
        d.line([m + side * 0.04, m + i * cell, m + side * 0.96, m + i * cell], fill=(160, 160, 168, 255), width=w)
    # A pen-written 7 across the centre cell: a stroke with a slight slant.
    x0, y0 = m + cell * 1.22, m + cell * 1.25
    pts = [(x0, y0), (x0 + cell * 0.58, y0 - cell * 0.03), (x0 + cell * 0.22, y0 + cell * 0.55)]
    d.line(pts, fill=INK, width=int(cell * 0.11), joint="curve")
    r = cell * 0.055
    for x, y in (pts[0], pts[-1]):
        d.ellipse([x - r, y - r, x + r, y + r], fill=INK)
    # Two small given digits, as dots of a puzzle in progress.
    for cx, cy in ((0.5, 0.5), (2.5, 2.5)):
        x, y = m + cx * cell, m + cy * cell
        d.ellipse([x - cell * 0.12, y - cell * 0.12, x + cell * 0.12, y + cell * 0.12], fill=BLUE)
    return img.resize((size, size), Image.LANCZOS)


OUT.mkdir(parents=True, exist_ok=True)
for size in (192, 512):
    draw(size, safe=1.0, rounded=True).save(OUT / f"icon-{size}.png", optimize=True)
draw(512, safe=0.8, rounded=False).save(OUT / "maskable-512.png", optimize=True)
draw(180, safe=0.9, rounded=False).save(OUT / "apple-touch-icon.png", optimize=True)
print("icons written to", OUT)
