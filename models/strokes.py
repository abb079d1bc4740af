"""Synthetic pen strokes: digits and the letters A-G as a person writes them on a tablet, in
many styles each.

Each style is a list of strokes; each stroke a polyline of control points in a unit box
(x right, y down). A sample takes a style, puts its strokes in a random order and direction,
jitters the control points, applies a random slant (±25°), rotation, aspect, size (45-105 % of
the cell) and position, smooths each polyline into an even curve, sometimes adds the small hook a
pen makes when it lands or lifts, sometimes keeps only a few points (a fast pen: polygons) or
adds a tremor, and gives it a pressure profile (thin to thick lines). A share of the multi-stroke
digits (JOINED) is drawn as one trace, the strokes joined where the pen was lifted, as a tablet
that records a digit as one trace has them (UCI's pen digits are so: a crossed 7 is top, stem,
a line back up to the bar, the bar). The result goes through the same rasterizer as the app's
ink (raster.py).

Classes: 0-9 are the digits, 10-16 the letters A-G (how a 16x16 grid writes 10-16).
The held-out styles the model is measured on are in heldout_styles.py, built another way.
"""
import math
import random

# Part of the cache name of the rendered sets (train.py, with a hash of this file).
VERSION = "v5"

CLASSES = 17
LETTERS = "ABCDEFG"  # classes 10-16


def name(label):
    """The written form of a class: '7', 'A'."""
    return str(label) if label < 10 else LETTERS[label - 10]


# Control points per class and style. Multi-stroke styles are several lists.
STYLES = {
    0: [
        [[(0.5, 0.0), (0.15, 0.15), (0.05, 0.5), (0.15, 0.85), (0.5, 1.0), (0.85, 0.85), (0.95, 0.5), (0.85, 0.15), (0.5, 0.0), (0.4, 0.05)]],
        [[(0.55, 0.02), (0.25, 0.1), (0.1, 0.45), (0.2, 0.9), (0.5, 1.0), (0.8, 0.88), (0.9, 0.45), (0.75, 0.08), (0.5, 0.02)]],
        [[(0.7, 0.08), (0.4, 0.0), (0.15, 0.3), (0.12, 0.7), (0.35, 1.0), (0.7, 0.95), (0.88, 0.6), (0.85, 0.2), (0.6, 0.0), (0.45, 0.06)]],
    ],
    1: [
        [[(0.5, 0.0), (0.5, 1.0)]],  # plain
        [[(0.52, 0.0), (0.5, 0.5), (0.44, 1.0)]],  # plain, a little bent
        [[(0.3, 0.2), (0.55, 0.0), (0.55, 1.0)]],  # a short flag
        [[(0.1, 0.35), (0.6, 0.0), (0.6, 1.0)]],  # European 1: a long flag
        [[(0.2, 0.3), (0.38, 0.17), (0.58, 0.0), (0.56, 1.0)]],  # a curved flag
        [[(0.25, 0.2), (0.55, 0.0), (0.55, 1.0)], [(0.2, 1.0), (0.88, 1.0)]],  # flag and base
        [[(0.15, 0.3), (0.55, 0.0), (0.55, 1.0)], [(0.3, 1.0), (0.8, 1.0)]],  # long flag, short base
        [[(0.3, 0.18), (0.52, 0.0), (0.52, 1.0), (0.2, 1.0), (0.85, 1.0)]],  # flag and base in one stroke
        [[(0.5, 0.0), (0.5, 1.0)], [(0.25, 1.0), (0.75, 1.0)]],  # plain with a base
        [[(0.08, 0.35), (0.58, 0.0), (0.58, 1.0)], [(0.15, 1.0), (0.95, 1.0)]],  # long flag, long base
        [[(0.2, 0.3), (0.56, 0.0), (0.54, 1.0), (0.9, 1.0)]],  # flag, stem and a foot to the right, one stroke
        [[(0.22, 0.22), (0.55, 0.0), (0.55, 1.0), (0.22, 0.98)]],  # flag, stem and a foot to the left
        [[(0.05, 0.45), (0.35, 0.22), (0.62, 0.0), (0.6, 1.0)], [(0.3, 1.0), (0.9, 1.0)]],  # long low flag, base
    ],
    2: [
        [[(0.1, 0.25), (0.3, 0.03), (0.65, 0.0), (0.88, 0.2), (0.8, 0.45), (0.4, 0.75), (0.05, 1.0), (0.5, 0.97), (0.95, 0.98)]],
        [[(0.12, 0.2), (0.45, 0.0), (0.85, 0.15), (0.75, 0.45), (0.1, 1.0), (0.35, 0.85), (0.45, 0.95), (0.95, 0.95)]],  # loop at the base
        [[(0.1, 0.3), (0.5, 0.0), (0.9, 0.25), (0.05, 1.0), (0.95, 1.0)]],  # angular
        [[(0.08, 0.22), (0.4, 0.0), (0.82, 0.12), (0.72, 0.5), (0.12, 0.98), (0.2, 0.82), (0.4, 0.8), (0.55, 1.0), (0.95, 0.92)]],  # big loop
        [[(0.1, 0.3), (0.45, 0.0), (0.88, 0.22), (0.6, 0.6), (0.05, 1.0), (0.55, 0.92), (0.95, 0.82)]],  # base rising at the end
        [[(0.15, 0.15), (0.55, 0.0), (0.85, 0.25), (0.45, 0.7), (0.1, 1.0)], [(0.1, 1.0), (0.95, 1.0)]],  # base as its own stroke
    ],
    3: [
        [[(0.1, 0.1), (0.5, 0.0), (0.85, 0.15), (0.8, 0.38), (0.4, 0.5), (0.85, 0.62), (0.9, 0.85), (0.5, 1.0), (0.08, 0.9)]],  # round
        [[(0.1, 0.02), (0.9, 0.02), (0.45, 0.42), (0.85, 0.6), (0.9, 0.85), (0.5, 1.0), (0.08, 0.88)]],  # flat top
        [[(0.1, 0.12), (0.45, 0.0), (0.85, 0.12), (0.8, 0.35), (0.35, 0.48), (0.3, 0.5), (0.8, 0.6), (0.9, 0.82), (0.55, 1.0), (0.1, 0.88)]],
        [[(0.1, 0.1), (0.5, 0.0), (0.85, 0.2), (0.4, 0.48)], [(0.35, 0.48), (0.85, 0.62), (0.9, 0.85), (0.5, 1.0), (0.08, 0.9)]],  # two bows
        [[(0.12, 0.02), (0.88, 0.02), (0.4, 0.4), (0.75, 0.5), (0.92, 0.75), (0.6, 1.0), (0.1, 0.9)]],  # flat top, long diagonal
        [[(0.05, 0.2), (0.3, 0.0), (0.75, 0.05), (0.72, 0.35), (0.45, 0.48), (0.9, 0.7), (0.7, 0.97), (0.3, 0.98), (0.05, 0.82)]],
    ],
    4: [
        [[(0.55, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.7, 0.25), (0.7, 1.0)]],  # closed, two strokes
        [[(0.2, 0.0), (0.08, 0.6), (0.9, 0.6)], [(0.7, 0.05), (0.72, 1.0)]],  # open, two strokes
        [[(0.2, 0.0), (0.1, 0.6), (0.85, 0.6)], [(0.65, 0.3), (0.65, 1.0)]],
        [[(0.6, 0.0), (0.05, 0.65), (0.95, 0.65)], [(0.6, 0.0), (0.6, 1.0)]],  # closed, the upright from the apex
        [[(0.15, 0.0), (0.12, 0.45), (0.3, 0.6), (0.9, 0.58)], [(0.75, 0.0), (0.72, 1.0)]],  # open, rounded corner
        [[(0.65, 1.0), (0.65, 0.0), (0.05, 0.62), (0.95, 0.62)]],  # one stroke: upright, diagonal, bar
        [[(0.25, 0.0), (0.05, 0.55), (0.9, 0.55)], [(0.62, 0.2), (0.6, 1.0)]],  # open, slanted left stroke
        [[(0.2, 0.0), (0.1, 0.6), (0.7, 0.6), (0.7, 0.1), (0.7, 1.0)]],  # open, one stroke (up, then down the upright)
        [[(0.2, 0.0), (0.12, 0.58), (0.92, 0.58)], [(0.62, 0.0), (0.62, 1.0)]],  # open, upright as tall as the left
        [[(0.55, 0.0), (0.08, 0.62), (0.7, 0.62), (0.7, 0.3), (0.7, 1.0)]],  # closed, one stroke, bar stops at the upright
        [[(0.7, 0.0), (0.05, 0.7), (0.95, 0.7)], [(0.72, 0.0), (0.68, 1.0)]],  # closed, low bar
    ],
    5: [
        [[(0.15, 0.0), (0.1, 0.42), (0.5, 0.35), (0.85, 0.55), (0.85, 0.82), (0.5, 1.0), (0.1, 0.9)], [(0.15, 0.02), (0.9, 0.0)]],  # two strokes
        [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.6, 0.38), (0.9, 0.65), (0.7, 0.95), (0.1, 0.95)]],  # one stroke
        [[(0.9, 0.02), (0.22, 0.02), (0.12, 0.45), (0.55, 0.36), (0.88, 0.6), (0.75, 0.92), (0.4, 1.0), (0.08, 0.88)]],
        [[(0.85, 0.0), (0.18, 0.0), (0.15, 0.45)], [(0.15, 0.45), (0.6, 0.38), (0.9, 0.65), (0.7, 0.95), (0.1, 0.95)]],  # top and stem, then belly
        [[(0.2, 0.0), (0.15, 0.4), (0.7, 0.42), (0.85, 0.7), (0.6, 1.0), (0.1, 0.92)], [(0.2, 0.0), (0.85, 0.02)]],  # angular belly
        [[(0.8, 0.05), (0.25, 0.0), (0.2, 0.35), (0.5, 0.32), (0.9, 0.55), (0.8, 0.9), (0.45, 1.0), (0.15, 0.85)]],
    ],
    6: [
        [[(0.8, 0.0), (0.4, 0.15), (0.12, 0.55), (0.2, 0.9), (0.5, 1.0), (0.85, 0.85), (0.85, 0.6), (0.5, 0.5), (0.15, 0.65)]],  # curved
        [[(0.7, 0.0), (0.2, 0.45), (0.15, 0.85), (0.5, 1.0), (0.85, 0.8), (0.6, 0.55), (0.2, 0.7)]],
        [[(0.78, 0.0), (0.2, 0.72), (0.22, 0.92), (0.48, 1.0), (0.8, 0.88), (0.8, 0.65), (0.5, 0.52), (0.2, 0.72)]],  # straight slanted stem, loop
        [[(0.35, 0.0), (0.2, 0.75), (0.35, 1.0), (0.75, 0.95), (0.8, 0.7), (0.5, 0.5), (0.2, 0.7)]],  # upright stem, loop
        [[(0.8, 0.0), (0.35, 0.5), (0.25, 0.85), (0.45, 1.0), (0.7, 0.9), (0.65, 0.68), (0.4, 0.65), (0.27, 0.8)]],  # small loop
        [[(0.7, 0.0), (0.2, 0.8)], [(0.2, 0.8), (0.5, 1.0), (0.85, 0.8), (0.55, 0.55), (0.22, 0.7)]],  # stem, then the loop
        [[(0.9, 0.05), (0.25, 0.65), (0.3, 0.95), (0.7, 0.98), (0.85, 0.72), (0.55, 0.5), (0.28, 0.62)]],  # long straight stem
        [[(0.92, 0.0), (0.32, 0.74), (0.3, 0.93), (0.5, 1.0), (0.68, 0.9), (0.64, 0.74), (0.45, 0.7), (0.32, 0.78)]],  # straight stem, small loop
        [[(0.6, 0.0), (0.25, 0.78), (0.3, 0.97), (0.55, 0.98), (0.62, 0.8), (0.42, 0.7), (0.26, 0.8)]],  # steep stem, small loop
        [[(0.95, 0.02), (0.2, 0.82), (0.35, 1.0), (0.7, 0.95), (0.72, 0.72), (0.42, 0.66)]],  # straight stem, loop left open
    ],
    7: [
        [[(0.05, 0.02), (0.95, 0.0), (0.4, 1.0)]],
        [[(0.05, 0.08), (0.3, 0.0), (0.95, 0.02), (0.55, 0.5), (0.45, 1.0)]],  # curved stem
        [[(0.05, 0.02), (0.95, 0.0), (0.45, 1.0)], [(0.3, 0.5), (0.85, 0.5)]],  # European 7 with a bar
        [[(0.05, 0.15), (0.05, 0.02), (0.95, 0.02), (0.4, 1.0)]],  # with a hook
        [[(0.05, 0.02), (0.95, 0.02)], [(0.95, 0.02), (0.4, 1.0)]],  # top, then stem
        [[(0.05, 0.18), (0.05, 0.02), (0.95, 0.02), (0.45, 1.0)], [(0.3, 0.52), (0.8, 0.52)]],  # hook and bar
        [[(0.05, 0.1), (0.3, 0.0), (0.6, 0.08), (0.95, 0.0), (0.5, 1.0)]],  # wavy top
        [[(0.05, 0.02), (0.95, 0.02), (0.55, 0.6), (0.5, 1.0)], [(0.35, 0.45), (0.85, 0.45)]],  # bar high, stem bends down
        [[(0.05, 0.02), (0.95, 0.0), (0.45, 1.0), (0.28, 0.55), (0.85, 0.5)]],  # crossed, in one trace (the pen's way back to the bar)
        [[(0.25, 0.5), (0.8, 0.5), (0.05, 0.05), (0.95, 0.02), (0.42, 1.0)]],  # the bar first, in one trace
    ],
    8: [
        [[(0.85, 0.12), (0.5, 0.0), (0.15, 0.15), (0.2, 0.38), (0.8, 0.62), (0.85, 0.88), (0.5, 1.0), (0.15, 0.88), (0.2, 0.62), (0.8, 0.38), (0.85, 0.15), (0.55, 0.0)]],  # one looped stroke
        [[(0.5, 0.0), (0.2, 0.2), (0.5, 0.45), (0.8, 0.2), (0.5, 0.0)], [(0.5, 0.45), (0.12, 0.72), (0.5, 1.0), (0.88, 0.72), (0.5, 0.45)]],  # two circles
        [[(0.5, 0.0), (0.15, 0.2), (0.5, 0.48), (0.85, 0.75), (0.5, 1.0), (0.15, 0.75), (0.5, 0.48), (0.85, 0.2), (0.5, 0.0)]],  # figure of eight
        [[(0.85, 0.1), (0.5, 0.0), (0.15, 0.2), (0.5, 0.5), (0.85, 0.8), (0.5, 1.0), (0.15, 0.85)], [(0.15, 0.85), (0.85, 0.15)]],  # S and a straight return
        [[(0.85, 0.12), (0.5, 0.0), (0.15, 0.22), (0.5, 0.5), (0.85, 0.78), (0.5, 1.0), (0.12, 0.82)], [(0.12, 0.82), (0.5, 0.5), (0.88, 0.15)]],  # S and a bent return
        [[(0.5, 0.38), (0.75, 0.18), (0.5, 0.0), (0.25, 0.18), (0.5, 0.38)], [(0.5, 0.38), (0.1, 0.7), (0.5, 1.0), (0.9, 0.7), (0.5, 0.38)]],  # small top circle
        [[(0.5, 0.5), (0.85, 0.25), (0.5, 0.0), (0.15, 0.25), (0.5, 0.5), (0.85, 0.75), (0.5, 1.0), (0.15, 0.75), (0.5, 0.5)]],  # from the waist
    ],
    9: [
        [[(0.85, 0.3), (0.5, 0.5), (0.15, 0.3), (0.5, 0.0), (0.85, 0.2), (0.85, 0.45), (0.8, 1.0)]],  # straight tail
        [[(0.85, 0.25), (0.45, 0.5), (0.12, 0.28), (0.45, 0.0), (0.85, 0.2), (0.75, 0.7), (0.35, 1.0)]],  # curved tail
        [[(0.8, 0.05), (0.3, 0.02), (0.15, 0.35), (0.5, 0.48), (0.85, 0.25), (0.8, 0.05)], [(0.85, 0.1), (0.8, 1.0)]],  # two strokes
        [[(0.8, 0.15), (0.5, 0.0), (0.15, 0.15), (0.15, 0.4), (0.5, 0.5), (0.8, 0.35), (0.82, 0.1), (0.8, 0.7), (0.55, 1.0), (0.2, 0.9)]],  # tail hooked left
        [[(0.9, 0.2), (0.55, 0.4), (0.2, 0.3), (0.35, 0.02), (0.8, 0.05), (0.9, 0.2), (0.35, 1.0)]],  # slanted straight tail
        [[(0.8, 0.3), (0.45, 0.38), (0.3, 0.18), (0.5, 0.0), (0.78, 0.1), (0.8, 0.3), (0.78, 1.0)]],  # small loop, long tail
        [[(0.2, 0.14), (0.5, 0.0), (0.82, 0.12), (0.8, 0.38), (0.5, 0.5), (0.18, 0.38)], [(0.82, 0.12), (0.8, 1.0)]],  # loop open at the left
        [[(0.8, 0.1), (0.4, 0.0), (0.15, 0.25), (0.4, 0.48), (0.8, 0.3)], [(0.82, 0.05), (0.75, 0.6), (0.4, 1.0)]],  # circle, curved tail apart
        [[(0.82, 0.12), (0.55, 0.0), (0.22, 0.08), (0.18, 0.32), (0.5, 0.42), (0.8, 0.28), (0.82, 0.1), (0.82, 1.0)]],  # straight upright stem
        [[(0.75, 0.05), (0.35, 0.02), (0.3, 0.3), (0.72, 0.3), (0.76, 0.05), (0.74, 1.0)]],  # flat small loop, straight stem
        [[(0.85, 0.2), (0.6, 0.0), (0.2, 0.1), (0.25, 0.45), (0.85, 0.35), (0.85, 0.15), (0.62, 1.0)]],  # straight slanted stem
    ],
    10: [  # A
        [[(0.05, 1.0), (0.5, 0.0), (0.95, 1.0)], [(0.25, 0.6), (0.75, 0.6)]],
        [[(0.5, 0.0), (0.05, 1.0)], [(0.5, 0.0), (0.95, 1.0)], [(0.25, 0.62), (0.75, 0.62)]],  # three strokes
        [[(0.05, 1.0), (0.3, 0.2), (0.5, 0.0), (0.7, 0.2), (0.95, 1.0)], [(0.2, 0.6), (0.8, 0.6)]],  # round top
        [[(0.1, 1.0), (0.5, 0.0), (0.9, 1.0)], [(0.15, 0.68), (0.85, 0.66)]],  # low bar past the legs
        [[(0.05, 1.0), (0.45, 0.0), (0.55, 0.0), (0.95, 1.0)], [(0.28, 0.5), (0.72, 0.5)]],  # flat top, high bar
        [[(0.1, 1.0), (0.5, 0.0), (0.9, 1.0), (0.75, 0.62), (0.25, 0.62)]],  # one stroke, back along the bar
    ],
    11: [  # B
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.7, 0.02), (0.85, 0.22), (0.6, 0.47), (0.15, 0.48), (0.75, 0.52), (0.9, 0.75), (0.7, 0.98), (0.15, 1.0)]],
        [[(0.15, 1.0), (0.15, 0.0), (0.7, 0.02), (0.85, 0.22), (0.6, 0.47), (0.2, 0.48), (0.75, 0.52), (0.9, 0.75), (0.7, 0.98), (0.15, 1.0)]],  # one stroke
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.75, 0.08), (0.72, 0.4), (0.15, 0.47)], [(0.15, 0.47), (0.9, 0.6), (0.85, 0.95), (0.15, 1.0)]],  # three strokes
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.6, 0.02), (0.7, 0.2), (0.5, 0.4), (0.15, 0.4), (0.8, 0.48), (0.95, 0.75), (0.7, 1.0), (0.15, 1.0)]],  # small top bow
        [[(0.15, 0.0), (0.12, 1.0), (0.15, 0.0), (0.65, 0.0), (0.85, 0.25), (0.55, 0.5), (0.15, 0.5), (0.7, 0.55), (0.9, 0.8), (0.6, 1.0), (0.12, 1.0)]],  # down, back up, bows
    ],
    12: [  # C
        [[(0.9, 0.15), (0.55, 0.0), (0.15, 0.2), (0.05, 0.5), (0.15, 0.8), (0.55, 1.0), (0.9, 0.85)]],
        [[(0.85, 0.08), (0.4, 0.0), (0.1, 0.35), (0.12, 0.72), (0.45, 1.0), (0.92, 0.9)]],
        [[(0.95, 0.25), (0.75, 0.02), (0.35, 0.05), (0.05, 0.5), (0.35, 0.95), (0.75, 0.98), (0.95, 0.78)]],  # round
        [[(0.9, 0.05), (0.15, 0.05), (0.08, 0.5), (0.15, 0.95), (0.9, 0.95)]],  # squarish
    ],
    13: [  # D
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.6, 0.05), (0.92, 0.4), (0.85, 0.75), (0.55, 0.97), (0.15, 1.0)]],
        [[(0.15, 1.0), (0.15, 0.0), (0.6, 0.05), (0.92, 0.45), (0.6, 0.95), (0.15, 1.0)]],  # one stroke, up first
        [[(0.15, 0.0), (0.15, 1.0), (0.6, 0.95), (0.92, 0.5), (0.6, 0.05), (0.15, 0.0)]],  # one stroke, down first
        [[(0.18, 0.0), (0.15, 1.0)], [(0.05, 0.02), (0.55, 0.02), (0.92, 0.3), (0.92, 0.7), (0.55, 0.98), (0.05, 0.98)]],  # bowl past the stem
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.75, 0.1), (0.9, 0.5), (0.75, 0.9), (0.15, 1.0)]],
    ],
    14: [  # E
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.9, 0.0)], [(0.15, 0.5), (0.75, 0.5)], [(0.15, 1.0), (0.9, 1.0)]],  # four strokes
        [[(0.15, 0.0), (0.15, 1.0), (0.9, 1.0)], [(0.15, 0.0), (0.9, 0.0)], [(0.15, 0.5), (0.75, 0.5)]],  # L and two bars
        [[(0.9, 0.0), (0.15, 0.0), (0.15, 1.0), (0.9, 1.0)], [(0.15, 0.5), (0.72, 0.5)]],  # a square C and a bar
        [[(0.9, 0.0), (0.15, 0.0), (0.15, 0.5), (0.7, 0.5), (0.15, 0.5), (0.15, 1.0), (0.9, 1.0)]],  # one stroke
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.85, 0.02)], [(0.15, 0.45), (0.6, 0.45)], [(0.15, 1.0), (0.95, 0.98)]],  # short middle bar
    ],
    15: [  # F
        [[(0.15, 0.0), (0.15, 1.0)], [(0.15, 0.0), (0.9, 0.0)], [(0.15, 0.48), (0.7, 0.48)]],  # three strokes
        [[(0.15, 1.0), (0.15, 0.0), (0.9, 0.0)], [(0.15, 0.48), (0.7, 0.48)]],  # up and across, then the bar
        [[(0.9, 0.0), (0.15, 0.0), (0.15, 1.0)], [(0.15, 0.48), (0.72, 0.48)]],  # across and down, then the bar
        [[(0.2, 0.0), (0.15, 1.0)], [(0.2, 0.0), (0.95, 0.02)], [(0.05, 0.52), (0.7, 0.5)]],  # bar crossing the stem
    ],
    16: [  # G
        [[(0.9, 0.15), (0.55, 0.0), (0.15, 0.2), (0.05, 0.5), (0.15, 0.8), (0.55, 1.0), (0.9, 0.8), (0.92, 0.55), (0.55, 0.55)]],  # one stroke, bar in
        [[(0.9, 0.15), (0.55, 0.0), (0.15, 0.2), (0.05, 0.5), (0.15, 0.8), (0.55, 1.0), (0.9, 0.8), (0.92, 0.55)], [(0.55, 0.55), (0.95, 0.55)]],  # C, then the bar
        [[(0.88, 0.12), (0.5, 0.0), (0.12, 0.3), (0.12, 0.72), (0.5, 1.0), (0.88, 0.85)], [(0.5, 0.58), (0.92, 0.58), (0.92, 1.0)]],  # C, bar and spur
        [[(0.9, 0.1), (0.5, 0.0), (0.1, 0.3), (0.1, 0.75), (0.5, 1.0), (0.9, 0.75), (0.9, 0.5), (0.55, 0.5)]],
        [[(0.9, 0.05), (0.15, 0.05), (0.08, 0.5), (0.15, 0.95), (0.9, 0.95), (0.9, 0.55), (0.5, 0.55)]],  # squarish
    ],
}

# Width over height before slant, per class (drawn uniformly); the rest of the classes: DEFAULT_ASPECT.
DEFAULT_ASPECT = (0.5, 1.1)
JOINED = 0.3  # share of the multi-stroke digits drawn as one joined trace
ASPECT = {1: (0.35, 0.85), 0: (0.5, 1.0)}


def _catmull_rom(points, per_segment):
    """An even, smooth curve through the control points."""
    if len(points) < 2:
        return list(points)
    pts = [points[0]] + list(points) + [points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(per_segment):
            t = k / per_segment
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                       + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                for j in range(2)))
    out.append(points[-1])
    return out


def _hook(end, towards, rng):
    """A short tick where the pen lands or lifts: a point a little off the stroke's end."""
    dx, dy = end[0] - towards[0], end[1] - towards[1]
    norm = math.hypot(dx, dy) or 1.0
    size = rng.uniform(0.03, 0.08)
    turn = rng.choice([-1, 1]) * rng.uniform(0.6, 2.2)
    c, s = math.cos(turn), math.sin(turn)
    ux, uy = dx / norm, dy / norm
    return (end[0] + size * (ux * c - uy * s), end[1] + size * (ux * s + uy * c))


def arrange(strokes, rng):
    """The same shape in another stroke order and direction (people differ in both)."""
    strokes = [list(s) for s in strokes]
    if len(strokes) > 1 and rng.random() < 0.35:
        rng.shuffle(strokes)
    return [s[::-1] if rng.random() < 0.3 else s for s in strokes]


def sample(label, rng: random.Random, style=None):
    """One synthetic handwritten digit or letter: a list of strokes of (x, y, pressure) in 0..1."""
    styles = STYLES[label]
    strokes = arrange(styles[rng.randrange(len(styles))] if style is None else styles[style], rng)
    if label < 10 and len(strokes) > 1 and rng.random() < JOINED:
        # A digit's strokes as one trace, joined where the pen was lifted (as a tablet that
        # records a digit as one trace has them, e.g. a crossed 7: top, stem, back up to the bar).
        strokes = [[p for st in strokes for p in st]]
    angle = math.radians(rng.gauss(0, 5))
    # Slant: most hands lean right, some upright or left; within ±25°.
    slant = math.tan(math.radians(max(-25.0, min(25.0, rng.gauss(7, 10)))))
    lo, hi = ASPECT.get(label, DEFAULT_ASPECT)
    aspect = rng.uniform(lo, hi)
    size = rng.uniform(0.45, 1.05)  # of the cell
    sx, sy = size * aspect, size
    cx, cy = 0.5 + rng.uniform(-0.2, 0.2) * (1.05 - size), 0.5 + rng.uniform(-0.2, 0.2) * (1.05 - size)
    jitter = rng.uniform(0.012, 0.05)
    # A fast pen reports few points: the curve is then a polygon through the (jittered) control
    # points, or nearly.
    per_segment = rng.choice([1, 2]) if rng.random() < 0.25 else rng.randint(3, 8)
    tremor = rng.choice([0.0, 0.0, rng.uniform(0.001, 0.005)])
    ca, sa = math.cos(angle), math.sin(angle)
    pressure = rng.choice([0.0, rng.uniform(0.05, 1.0)])  # 0: mouse or finger (unknown)
    out = []
    for stroke in strokes:
        ctrl = [(x + rng.gauss(0, jitter), y + rng.gauss(0, jitter)) for x, y in stroke]
        if len(ctrl) > 1 and rng.random() < 0.12:
            ctrl = [_hook(ctrl[0], ctrl[1], rng)] + ctrl
        if len(ctrl) > 1 and rng.random() < 0.12:
            ctrl = ctrl + [_hook(ctrl[-1], ctrl[-2], rng)]
        curve = _catmull_rom(ctrl, per_segment)
        pts = []
        n = len(curve)
        for i, (x, y) in enumerate(curve):
            x, y = (x - 0.5 + rng.gauss(0, tremor)) * sx, (y - 0.5 + rng.gauss(0, tremor)) * sy
            x = x - slant * y
            x, y = x * ca - y * sa, x * sa + y * ca
            p = 0.0 if pressure == 0.0 else min(1.0, max(0.05, pressure * (0.7 + 0.3 * math.sin(math.pi * (i + 0.5) / n))))
            pts.append((x + cx, y + cy, p))
        out.append(pts)
    return out
