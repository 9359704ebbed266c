"""Cuts Noto Color Emoji to the code points of the monochrome Noto Emoji subset and scales
its one bitmap strike down from 109 to PPEM pixels an em (PNGs resampled with Lanczos, then
quantised to at most COLOURS colours with alpha, whichever PNG is smaller kept).

Usage: python3 make-colour-emoji.py NotoColorEmoji.ttf NotoEmoji-Regular-subset.ttf OUT.ttf PPEM [COLOURS]
Needs fonttools and Pillow (PyPI)."""
import io, sys
from fontTools.ttLib import TTFont
from fontTools import subset
from PIL import Image

SRC, MONO, OUT, PPEM = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
unicodes = sorted(TTFont(MONO).getBestCmap().keys())
font = TTFont(SRC)
options = subset.Options()
options.layout_features = []
options.hinting = False
options.name_IDs = ['*']
sub = subset.Subsetter(options)
sub.populate(unicodes=unicodes)
sub.subset(font)

strike = font['CBLC'].strikes[0]
old = strike.bitmapSizeTable.ppemX
k = PPEM / old
sc = lambda v: int(round(v * k))
size = strike.bitmapSizeTable
size.ppemX = size.ppemY = PPEM
for lm in (size.hori, size.vert):
    lm.ascender, lm.descender, lm.widthMax = sc(lm.ascender), sc(lm.descender), sc(lm.widthMax)
for name, glyph in font['CBDT'].strikeData[0].items():
    m = glyph.metrics
    image = Image.open(io.BytesIO(glyph.imageData)).convert('RGBA')
    w, h = max(1, sc(m.width)), max(1, sc(m.height))
    image = image.resize((w, h), Image.LANCZOS)
    # Quantise with alpha kept (fast octree handles RGBA).
    q = image.quantize(colors=int(sys.argv[5]) if len(sys.argv) > 5 else 256, method=Image.FASTOCTREE, dither=Image.NONE)
    out = io.BytesIO()
    q.save(out, format='PNG', optimize=True)
    plain = io.BytesIO()
    image.save(plain, format='PNG', optimize=True)
    data = min(out.getvalue(), plain.getvalue(), key=len)
    glyph.imageData = data
    m.width, m.height = w, h
    m.BearingX, m.BearingY, m.Advance = sc(m.BearingX), sc(m.BearingY), sc(m.Advance)
font.save(OUT)
print(OUT, len(unicodes), 'code points asked,', len(font.getBestCmap()), 'kept')
