"""tests/sim/spectrogram.py - a WAV's spectrogram as a PNG (numpy and PIL only): time across,
frequency up on a log scale (100 Hz to 16 kHz), loudness in dB as colour (60 dB range).

usage: python3 -m tests.sim.spectrogram WAV PNG [TITLE]
"""
import sys

import numpy as np
from PIL import Image, ImageDraw

from tests.sim import listen

HEIGHT = 320
LEFT, TOP, BOTTOM = 56, 24, 28
F_LOW, F_HIGH = 100.0, 16000.0
WINDOW = 1024  # 23 ms: a 10 ms click still shows, notes 6 % apart stay apart
DB_RANGE = 50.0
# dark blue, purple, red, orange, pale yellow: loudness from quiet to loud
ANCHORS = np.array([[0, 0, 16], [80, 18, 123], [182, 54, 121], [251, 136, 97],
                    [252, 253, 191]], dtype=float)


def colours(level):
    """level 0..1 to RGB along ANCHORS."""
    pos = np.clip(level, 0, 1) * (len(ANCHORS) - 1)
    i = np.minimum(pos.astype(int), len(ANCHORS) - 2)
    f = (pos - i)[..., None]
    return (ANCHORS[i] * (1 - f) + ANCHORS[i + 1] * f).astype(np.uint8)


def magnitudes(x, columns):
    """dB (0 = the loudest) per column and per row (row 0 the top, F_HIGH)."""
    hop = max(1, len(x) // columns)
    pad = np.concatenate([np.zeros(WINDOW // 2), x, np.zeros(WINDOW)])
    frames = np.stack([pad[k * hop:k * hop + WINDOW] for k in range(columns)])
    spec = np.abs(np.fft.rfft(frames * np.hanning(WINDOW), 4 * WINDOW, axis=1))
    freqs = F_HIGH * (F_LOW / F_HIGH) ** (np.arange(HEIGHT) / (HEIGHT - 1))
    bins = np.round(freqs * 4 * WINDOW / listen.RATE).astype(int)
    db = 20 * np.log10(spec[:, bins].T + 1e-9)
    return db - db.max(), hop


def row_of(hz):
    return int(round((HEIGHT - 1) * np.log(F_HIGH / hz) / np.log(F_HIGH / F_LOW)))


def axes(draw, columns, hop, title, t0):
    """Frequency lines and labels, time ticks (at most 15, from t0 seconds on), title."""
    seconds = columns * hop / listen.RATE
    step = next(s for s in (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100) if seconds / s <= 15)
    for hz in (250, 500, 1000, 2000, 4000, 8000, 16000):
        y = TOP + row_of(hz)
        draw.line([(LEFT - 4, y), (LEFT - 1, y)], fill="white")
        draw.text((4, y - 6), "%g k" % (hz / 1000) if hz >= 1000 else "%d" % hz, fill="white")
    first = int(np.ceil(t0 / step - 1e-9))
    for k in range(first, int((t0 + seconds) / step) + 1):
        x = LEFT + int((k * step - t0) * listen.RATE / hop)
        draw.line([(x, TOP + HEIGHT), (x, TOP + HEIGHT + 4)], fill="white")
        draw.text((x - 8, TOP + HEIGHT + 8), "%g s" % round(k * step, 1), fill="white")
    draw.text((LEFT, 6), title + "  (Hz, log scale; %d dB of colour)" % DB_RANGE, fill="white")


def write(x, png, title, columns=1200, t0=0.0):
    """The spectrogram of samples x (starting t0 seconds into the WAV) into png."""
    columns = min(columns, max(200, len(x) // 32))
    db, hop = magnitudes(x, columns)
    picture = colours(1 + db / DB_RANGE)
    img = Image.new("RGB", (LEFT + columns + 8, TOP + HEIGHT + BOTTOM), "black")
    img.paste(Image.fromarray(picture, "RGB"), (LEFT, TOP))
    axes(ImageDraw.Draw(img), columns, hop, title, t0)
    img.save(png)


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    write(listen.read_wav(argv[1]), argv[2], argv[3] if len(argv) == 4 else argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
