"""How a colour looks to a viewer with a colour-vision deficiency, and how far apart two colours
look: the Machado, Oliveira and Fernandes (2009) simulation at severity 1.0 on linearised sRGB,
and the CIEDE2000 colour difference (Sharma, Wu and Dalal 2005)."""

from __future__ import annotations

import math

from scenes.kit.palette import RGB

Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, severity 1.0: the matrices acting on linear RGB
DEFICIENCIES: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

#: the CIEDE2000 difference above which two colours count as told apart at a glance
TOLD_APART = 20.0


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    value = min(1.0, max(0.0, value))
    value = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(value * 255)


def simulate(colour: RGB, deficiency: str | None) -> RGB:
    """`colour` as a viewer with `deficiency` (a DEFICIENCIES key) sees it; None: unchanged."""
    if deficiency is None:
        return colour
    linear = [_linear(channel) for channel in colour]
    seen = [
        sum(m * c for m, c in zip(row, linear, strict=True)) for row in DEFICIENCIES[deficiency]
    ]
    red, green, blue = (_encoded(value) for value in seen)
    return (red, green, blue)


def lab(colour: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65 white) of an sRGB colour."""
    red, green, blue = (_linear(channel) for channel in colour)
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: RGB, second: RGB) -> float:
    """The CIEDE2000 difference between two sRGB colours (0: the same; about 2.3: just seen)."""
    return delta_e_2000(lab(first), lab(second))


def delta_e_2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference between two CIE L*a*b* colours."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_bar = (l1 + l2) / 2, (c1 + c2) / 2
    h_mean = h1 + h2
    if c1 * c2:
        if abs(h1 - h2) <= 180:
            h_mean = (h1 + h2) / 2
        else:
            h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_bar
    s_h = 1 + 0.015 * c_bar * t
    r_c = 2 * math.sqrt(c_bar**7 / (c_bar**7 + 25**7))
    r_t = -math.sin(math.radians(2 * 30 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2 + r_t * (dc / s_c) * (big_dh / s_h)
    )
